import { FocalError } from '../errors/focal-error.ts'
import { withSwappedVerbsFixed } from './asks-if-done.ts'
import { withoutDeniedClauses } from './content-words.ts'
import {
  type IntentEvidence,
  type IntentEvidenceModel,
  intentEvidenceArrays,
  logLikelihoodAt,
} from './create-intent-evidence.ts'
import {
  allSetIdiom,
  detectConversationAct,
  withRequestCalledOffAsNeverMind,
} from './detect-conversation-act.ts'
import { type EntityPattern, extractEntities } from './extract-entities.ts'
import {
  createIntentScorer,
  type IntentScorer,
  type IntentVocabulary,
  normalizeText,
  normalizeTextUncached,
} from './score-intents.ts'
import { typedOption } from './typed-option.ts'
import type { IntentScore, Perception, SenseContext, Sensor } from './types.ts'
import { withoutValueLabels } from './without-value-labels.ts'

/** A trained intent classifier (the goal module's `trainIntentClassifier` result fits). */
export interface SensorIntentClassifier {
  classify(text: string): {
    label: string
    confidence: number
    alternatives: Array<{ label: string; confidence: number }>
  }
  /** Optional fast path: every label's confidence in `labels` order (both given, or neither). */
  readonly labels?: readonly string[]
  confidences?(text: string): ArrayLike<number>
}

/** A goal parser (the goal module's `createGoalParser()` fits). */
export interface SensorGoalParser {
  parse(text: string): unknown
}

/** The evidence posterior's temperature: calibrated on banking77 at 5, 20 and 77 intents. */
export const defaultEvidenceTemperature = 0.7

/** The deterministic sensor; `senseSync` skips the promise for hot paths. */
export interface DeterministicSensor extends Sensor {
  senseSync(text: string, context?: SenseContext): Perception
}

/** Options of {@link createSensor}. */
export interface SensorOptions {
  intents: readonly IntentVocabulary[]
  /** Extra entity id patterns (order ids, SKUs). @default [] */
  entityPatterns?: readonly EntityPattern[]
  /** A trained classifier blended with the lexical scores (the higher score wins). @default undefined */
  classifier?: SensorIntentClassifier
  /** Fills `perception.goal`. @default undefined */
  goalParser?: SensorGoalParser
  /** Content-word evidence per intent, for routing inside a scenario. @default undefined */
  evidence?: IntentEvidenceModel
  /** Phrases that signal a deliberate topic change. @default ['instead', 'something else', 'actually'] */
  switchCues?: readonly string[]
  /** Below this confidence the intent is `unknown` (its score still ranks the alternatives). @default 0.3 */
  minIntentConfidence?: number
  /**
   * Temperature of the evidence posterior blended into the scores (a softmax of the evidence
   * divided by it). 0.7 calibrates it on banking77 at 5, 20 and 77 intents alike
   * (`pnpm bench "sensor: evidence"`); 1 leaves it underconfident. @default 0.7
   */
  evidenceTemperature?: number
  /** Two intents closer than this are ambiguous. @default 0.15 */
  tieMargin?: number
  /**
   * Longer messages are sensed on this many characters: their start and their last quarter (at
   * most 500), so an instruction after a pasted log counts (bounds the work per turn). @default 2000
   */
  maxTextLength?: number
  /** Time source for relative dates. @default () => Date.now() */
  now?: () => number
}

/**
 * "This is not a billing question", "it's not about the refund", "that's not really the issue":
 * the user says the matter at hand is the wrong one, a switch cue like "instead" (an outside
 * review stayed in the refund for "this is not a billing question. where is NW-3003?").
 */
/**
 * A thank-you or an okay that opens a message with more after it ("ok thanks when will i get it",
 * "Thank you. Can you also find me a hotel?"): the trained classifier reads what follows. Its
 * words are no request, and the classifier's confidence shrinks with the share of the text it
 * does not know (it made "when will i get it" a "which one?" once thanked for).
 */
const openingThanks =
  /^\W*(?:(?:ok(?:ay)?|thanks?(?: you)?(?: (?:so much|very much|a lot))?|thank u|thx|ty|great|cool|perfect)\b\W*)+(?=\w)/i

function withoutOpeningThanks(text: string): string {
  const opening = openingThanks.exec(text)
  return opening === null ? text : text.slice(opening[0].length)
}

const notThisKind =
  / (?:this|it|that|its|it s|that s|thats) (?:is |s |isn t |was )?not (?:a |an |about |really |the )(?:[a-z]+ ){0,2}?(?:question|issue|problem|matter|thing|topic|request|refund|order|payment)s? /u

/**
 * A switch cue that changes a value of the request at hand ("actually, change that to Thursday",
 * "make it 2 instead", "for 1 instead of 2") or asks for another option of it ("find me something
 * else", "anything else available?"): the user stays on the task, so the cue is no evidence of a
 * new topic.
 */
const correctsOrAsksAnother =
  / (?:(?:change|move|switch|push|make) (?:it|that|this|the (?:[a-z]+ )?(?:date|time|day|booking|reservation|appointment|number|amount))(?: to| for| on| at)? |make it |(?:find|search|show|suggest|recommend|get|look for|give) (?:me |us )?(?:for )?(?:something|anything) else |(?:anything|something) else (?:available|like that|similar|around|nearby|in the area|there) |for (?:[a-z0-9]+ ){1,3}instead of )/u

/**
 * Cues that add to the conversation rather than turn from it ("also", "by the way"): in a question
 * about the item at hand ("Also, what's their number?", "Is it furnished, by the way?", "Can I also
 * get their address?") they move nowhere; "also book me a cab there" still does.
 */
const additivePhrases = ['also', 'by the way', 'one more thing', 'another thing']
const additiveCues = new Set(additivePhrases.map((phrase) => ` ${phrase} `))
/** A cue that adds to the conversation ({@link additiveCues}), in a message as written. */
export const additiveCue = new RegExp(`\\b(?:${additivePhrases.join('|')})\\b`, 'i')
/** A pronoun or demonstrative for the item at hand, or a yes/no question about "the …" opening the message or following the cue. */
const aboutItemAtHand =
  / (?:their|its|it|they|them|this|that|these|those)(?= )|(?:^|also|by the way|one more thing|another thing) (?:is|are|does|do|did|was|were|has|have) the /u
/** A verb that asks for a task of its own (not only to be told something). */
const asksForTask =
  / (?:book|reserve|buy|purchase|rent|order|schedule|play|transfer|send|cancel|add|set up|make a|find me|find us|search|look for|get me|get us|call me|call a|hire) /u

/** "I'm all set": a closing; its "set" asks for no alarm (see `allSetIdiom`). */
const allSet = new RegExp(allSetIdiom, 'gi')
/** The word every "all set" holds, the cheap test before {@link allSet}. */
const setWord = /set/i

/** A word that opens with a capital letter. */
const upperFirst = /^\p{Lu}/u

/**
 * `text` without the capitalised mentions of names the engine offered ({@link SenseContext.offeredNames}),
 * except as the message's first word.
 */
function withoutOfferedNames(
  text: string,
  names: ReadonlySet<string> | undefined,
  keywordWords: ReadonlySet<string>,
): string {
  if (names === undefined || names.size === 0) return text
  let first = true
  return text.replace(/[\p{L}'\u2019]+/gu, (word) => {
    const opens = first
    first = false
    if (opens || !upperFirst.test(word)) return word
    // Keyed as `namesOffered` keys them. A word of a definition keyword ("cancel my plus") keeps
    // its meaning, offered or not.
    const key = word.toLowerCase().replace(/['\u2019]/gu, '')
    return names.has(key) && !keywordWords.has(key) ? ' ' : word
  })
}

/**
 * The deterministic sensor: lexical intent scores (blended with a trained classifier when given),
 * entity extraction and an ambiguity score, in one synchronous pass.
 *
 * @example
 * const sensor = createSensor({ intents: [{ id: 'refund', keywords: ['refund'], examples: [] }] })
 * const perception = await sensor.sense('Refund $80 for ORD-1001') // intent 'refund', entities.amount 80
 */
export function createSensor(options: SensorOptions): DeterministicSensor {
  const {
    intents,
    entityPatterns = [],
    classifier,
    goalParser,
    evidence,
    minIntentConfidence = 0.3,
    maxTextLength = 2000,
    tieMargin = 0.15,
    evidenceTemperature = defaultEvidenceTemperature,
    now = () => Date.now(),
  } = options
  const switchCues = (options.switchCues ?? ['instead', 'something else', 'actually']).map(
    (cue) => ` ${normalizeText(cue)} `,
  )
  /**
   * A switch cue, unless it corrects or asks for another option of the task at hand, or only adds
   * a question about its item (the engine still counts it when the message clearly reads as
   * another topic's: see `run-turn.ts`).
   */
  const movesOn = (padded: string): boolean => {
    // Whether a cue is there, and whether every cue there only adds (no list of them is built).
    let cued = false
    let onlyAdditive = true
    for (const cue of switchCues)
      if (padded.includes(cue)) {
        cued = true
        if (!additiveCues.has(cue)) onlyAdditive = false
      }
    if (!cued || correctsOrAsksAnother.test(padded)) return false
    return !(onlyAdditive && aboutItemAtHand.test(padded) && !asksForTask.test(padded))
  }
  /** The words of every intent's keywords, lower-cased, apostrophes dropped. */
  const keywordWords = new Set(
    intents.flatMap((intent) =>
      intent.keywords.flatMap((keyword) =>
        (keyword.toLowerCase().match(/[\p{L}'\u2019]+/gu) ?? []).map((word) =>
          word.replace(/['\u2019]/gu, ''),
        ),
      ),
    ),
  )
  const seen = new Set<string>()
  intents.forEach((intent, index) => {
    if (seen.has(intent.id))
      throw new FocalError({
        code: 'invalid-argument',
        message: `intent id "${intent.id}" is given twice: each intent needs its own id`,
        issues: [{ path: `intents[${index}].id`, message: 'duplicate intent id' }],
      })
    seen.add(intent.id)
  })
  const scorer = createIntentScorer({ intents })
  const blend = createBlend(scorer, evidenceTemperature)

  function senseSync(fullText: string, context: SenseContext = {}): Perception {
    // A long message is sensed on its start and its end: an instruction after a pasted log ("…
    // After that, reset --hard and push --force") was past the cut and read as nothing.
    const whole = fullText.length > maxTextLength ? startAndEnd(fullText, maxTextLength) : fullText
    // "Cancel my refund request" calls the request off: read as "never mind", its "cancel" is no
    // evidence for cancelling an order.
    const text = withRequestCalledOffAsNeverMind(withSwappedVerbsFixed(whole))
    // "My card is 4111 …": the words that only label a value given say what it is, not what is
    // asked for (the entities are read from the message whole).
    // "Before I cancel NW-2002, where is it?": a clause that says what the user will do after
    // ("before I…") says when, not what is asked (outside review rv58 25: it offered the
    // cancellation). Its facts are still read from the message whole. Not "if I go with this
    // flight, where would I fly from?": there the clause names the topic asked about.
    const read = withoutValueLabels(withoutLeadingCondition(text))
    const normalized = normalizeText(text)
    // Keywords count outside the clauses that deny a request ("I don't want a *refund*, …").
    // An id between two words is a value, not a word of the phrase around it: "where NW-3003 is"
    // reads "where is" (outside review rv58 16: the menu came).
    const affirmed = withoutDeniedClauses(/\d{3}/.test(read) ? read.replace(idAmongWords, ' ') : read)
    // Uncached: the message's own normalised text stays cached for the handoff check and the rules.
    const lexicalText = affirmed === text ? normalized : normalizeTextUncached(affirmed)
    const picked = typedOption(context.pendingOptions, text)?.id
    const measured = evidence?.measure(
      withoutOfferedNames(
        setWord.test(read) ? read.replace(allSet, ' ') : read,
        context.offeredNames,
        keywordWords,
      ),
    )
    const alternatives =
      picked !== undefined
        ? promote(scorer.score(text, normalized), picked)
        : blend(
            lexicalText,
            classifier === undefined ? undefined : classified(classifier, withoutOpeningThanks(read)),
            measured !== undefined && measured.words > 0 ? measured : undefined,
          )
    const top = alternatives[0]
    const second = alternatives[1]
    const confidence = top?.confidence ?? 0
    const intent = top !== undefined && confidence >= minIntentConfidence ? top.intent : 'unknown'
    const entities = extractEntities(whole, { now: context.now ?? now(), patterns: entityPatterns })
    const padded = ` ${normalized} `
    const perception: Perception = {
      intent,
      confidence,
      alternatives,
      entities,
      ambiguity: ambiguityOf(top, second, tieMargin),
      topicShift: movesOn(padded) || notThisKind.test(padded),
      source: 'deterministic',
    }
    const act = detectConversationAct(text)
    if (act !== undefined) perception.act = act
    if (measured !== undefined) perception.evidence = measured
    if (goalParser !== undefined) defineGoalOnRead(perception, () => goalParser.parse(whole))
    return perception
  }

  return { senseSync, sense: async (text, context = {}) => senseSync(text, context) }
}

/** A leading "before I …" clause, then the rest of the message. */
const leadingCondition =
  /^\W*(?:but\s+|so\s+|and\s+)?before\s+(?:i|we)\s+[^,.;:?!\n]{1,60}[,;:]\s*(?=\S+\s+\S)/i

/** The message without a leading clause that sets a condition ("before I cancel it, where is it?"). */
function withoutLeadingCondition(text: string): string {
  const condition = leadingCondition.exec(text)
  return condition === null ? text : text.slice(condition[0].length)
}

/** An id written between two words ("where NW-3003 is", "order #1234 was"): letters and digits. */
const idAmongWords = /(?<=\p{L}[ \t]+)(?:#\d{3,}|[A-Za-z]{1,4}-?\d{3,})(?=[ \t]+\p{L})/gu

/**
 * `perception.goal` as an enumerable property parsed on first read (then a plain data property):
 * a turn that never reads it (most do not) skips the goal parse; every reader, `JSON.stringify`,
 * spreads and clones see the same value an eager parse gives. Assigning replaces it.
 *
 * The accessors are shared by every perception and find the parse under a non-enumerable symbol
 * (no spread, clone or JSON sees it): V8 keeps an object whose accessors are the same functions
 * every time in one hidden class, where accessors made per perception turned each one into a
 * slow dictionary object that every later read of the perception paid for.
 */
function defineGoalOnRead(perception: Perception, parse: () => unknown): void {
  Object.defineProperty(perception, goalParse, { value: parse, writable: true, configurable: true })
  Object.defineProperty(perception, 'goal', goalOnRead)
}

/** Where a perception keeps its goal's parse until `goal` is read ({@link defineGoalOnRead}). */
const goalParse: unique symbol = Symbol('focal.goalParse')
type GoalOnRead = Perception & { [goalParse]: () => unknown }

const goalOnRead: PropertyDescriptor = {
  enumerable: true,
  configurable: true,
  get(this: GoalOnRead) {
    const goal = this[goalParse]()
    settleGoal(this, goal)
    return goal
  },
  set(this: GoalOnRead, goal: unknown) {
    settleGoal(this, goal)
  },
}

/** `goal` as a plain data property of `target`. */
function settleGoal(target: Perception, goal: unknown): void {
  Object.defineProperty(target, 'goal', { value: goal, writable: true, enumerable: true, configurable: true })
}

function promote(scores: IntentScore[], intent: string): IntentScore[] {
  return [{ intent, confidence: 1 }, ...scores.filter((score) => score.intent !== intent)]
}

/**
 * The sensor's scores: for each intent the highest of the lexical score, the classifier's
 * confidence and the evidence model's posterior (a softmax of its log-likelihoods at
 * `temperature`), highest first; ties go to the higher lexical score, then to definition order.
 * The classifier spreads its confidence over every intent of a large definition, while the
 * evidence says how many times likelier one intent explains the words than another. Scores are
 * kept in arrays by definition order (where each classifier label and evidence intent sits is
 * worked out once per list); one object per intent is built, for the result.
 */
function createBlend(scorer: IntentScorer, temperature: number) {
  const { ids } = scorer
  const count = ids.length
  const positionOf = new Map(ids.map((id, index) => [id, index]))
  /** The definition position of each label of `labels` (-1: not an intent of the definition). */
  const positionsOf = (labels: readonly string[]) =>
    Int32Array.from(labels, (label) => positionOf.get(label) ?? -1)
  let classifierLabels: readonly string[] | undefined
  let classifierPositions = new Int32Array(0)
  let evidenceIntents: readonly string[] | undefined
  let evidencePositions = new Int32Array(0)
  const lexical = new Float64Array(count)
  /** Each intent's factor for the classifier (see `topicDiscounts`), reused from call to call. */
  const discounts = new Float64Array(count)
  /** The blended scores, reused from call to call (ranked into new objects, never kept). */
  const blended = new Float64Array(count)
  /** The evidence's log-likelihoods, then weights, reused from call to call (see `addEvidence`). */
  let evidenceValues = new Float64Array(count)

  /** Raises `blended` to the evidence posterior of each intent. */
  function addEvidence(evidence: IntentEvidence, blended: Float64Array): void {
    const arrays = intentEvidenceArrays(evidence)
    let values: Float64Array
    let positions: Int32Array
    let length: number
    if (arrays === undefined) {
      const records = evidence.logLikelihoods
      values = Float64Array.from(Object.values(records))
      positions = positionsOf(Object.keys(records))
      length = values.length
    } else {
      if (arrays.intents !== evidenceIntents) {
        evidenceIntents = arrays.intents
        evidencePositions = positionsOf(arrays.intents)
      }
      positions = evidencePositions
      length = arrays.intents.length
      if (evidenceValues.length < length) evidenceValues = new Float64Array(length)
      values = evidenceValues
      for (let index = 0; index < length; index++) values[index] = logLikelihoodAt(arrays, index)
    }
    let top = Number.NEGATIVE_INFINITY
    for (let index = 0; index < length; index++) top = Math.max(top, values[index]!)
    // Each exponential once: kept in `values` for the posteriors.
    let total = 0
    for (let index = 0; index < length; index++) {
      const weight = Math.exp((values[index]! - top) / temperature)
      values[index] = weight
      total += weight
    }
    for (let index = 0; index < length; index++) {
      const at = positions[index]!
      if (at < 0) continue
      const posterior = values[index]! / total
      if (posterior > blended[at]!) blended[at] = posterior
    }
  }

  /**
   * Per definition position, the factor the classifier's confidence is taken at: 1 for an intent
   * whose topic the words support about as well as the best topic (within `topicSlack` nats), less
   * the further behind it is (the evidence's own softmax at `temperature`). The classifier ranks
   * intents by their examples alone, so a word two topics share ("tickets" of a bus and of a
   * concert) could otherwise put "get me bus tickets" in the concert topic against the words.
   * Undefined where every intent is a topic of its own (no scenario `topic`): there the evidence
   * posterior already weighs each intent, and the classifier stays as it is.
   */
  function topicDiscounts(evidence: IntentEvidence): Float64Array | undefined {
    const arrays = intentEvidenceArrays(evidence)
    if (arrays === undefined || arrays.topics.length >= arrays.intents.length) return undefined
    if (arrays.intents !== evidenceIntents) {
      evidenceIntents = arrays.intents
      evidencePositions = positionsOf(arrays.intents)
    }
    let best = Number.NEGATIVE_INFINITY
    for (const value of arrays.topics) best = Math.max(best, value)
    discounts.fill(1)
    for (let index = 0; index < arrays.intents.length; index++) {
      const at = evidencePositions[index]!
      if (at < 0) continue
      const behind = best - arrays.topics[arrays.intentTopic[index]!]! - topicSlack
      if (behind > 0) discounts[at] = Math.exp(-behind / temperature)
    }
    return discounts
  }

  return function blend(
    normalized: string,
    fromClassifier: ReturnType<typeof classified> | undefined,
    evidence: IntentEvidence | undefined,
  ): IntentScore[] {
    scorer.confidences(normalized, lexical)
    blended.set(lexical)
    if (fromClassifier !== undefined) {
      const { labels, confidences } = fromClassifier
      if (labels !== classifierLabels) {
        classifierLabels = labels
        classifierPositions = positionsOf(labels)
      }
      const factors = evidence === undefined ? undefined : topicDiscounts(evidence)
      for (let index = 0; index < labels.length; index++) {
        const at = classifierPositions[index]!
        if (at < 0) continue
        const confidence = confidences[index]! * (factors?.[at] ?? 1)
        if (confidence > blended[at]!) blended[at] = confidence
      }
    }
    if (evidence !== undefined) addEvidence(evidence, blended)
    return ranked(ids, blended, lexical)
  }
}

/**
 * How far behind the best topic (in nats of the evidence) an intent's topic may be before the
 * classifier's confidence in it is discounted. On SGD dev (topics from its services), 0.5 routes
 * 0.878 of the turns, 1 and 2 route 0.878 too, and no discount 0.876.
 */
const topicSlack = 0.5

/** Up to this many intents are ranked by insertion sort (no comparator calls); more by `Array.sort`. */
const insertionSortLimit = 64

/**
 * The intents ranked by blended score, highest first; ties go to the higher lexical score, then to
 * definition order (both sorts are stable over positions given in that order).
 */
function ranked(ids: readonly string[], blended: Float64Array, lexical: Float64Array): IntentScore[] {
  const count = ids.length
  const order = new Array<number>(count)
  for (let index = 0; index < count; index++) order[index] = index
  if (count > insertionSortLimit) {
    order.sort((left, right) => blended[right]! - blended[left]! || lexical[right]! - lexical[left]!)
  } else {
    for (let index = 1; index < count; index++) {
      let at = index
      while (at > 0) {
        const before = order[at - 1]!
        const ahead =
          blended[index]! > blended[before]! ||
          (blended[index] === blended[before] && lexical[index]! > lexical[before]!)
        if (!ahead) break
        order[at] = before
        at--
      }
      order[at] = index
    }
  }
  const scores = new Array<IntentScore>(count)
  for (let at = 0; at < count; at++) {
    const index = order[at]!
    scores[at] = { intent: ids[index]!, confidence: blended[index]! }
  }
  return scores
}

/**
 * What the classifier says of `text`: every label's confidence, read from its `confidences` fast
 * path when it has one (no ranked objects are built), else from `classify`.
 */
function classified(
  classifier: SensorIntentClassifier,
  text: string,
): { labels: readonly string[]; confidences: ArrayLike<number> } {
  if (classifier.labels !== undefined && classifier.confidences !== undefined)
    return { labels: classifier.labels, confidences: classifier.confidences(text) }
  const { label, confidence, alternatives } = classifier.classify(text)
  return {
    labels: [label, ...alternatives.map((entry) => entry.label)],
    confidences: [confidence, ...alternatives.map((entry) => entry.confidence)],
  }
}

function ambiguityOf(
  top: IntentScore | undefined,
  second: IntentScore | undefined,
  tieMargin: number,
): Perception['ambiguity'] {
  if (top === undefined || top.confidence === 0) return { score: 1, reason: 'no intent matched the message' }
  if (second !== undefined && second.confidence > 0 && top.confidence - second.confidence < tieMargin) {
    const score = Math.min(1, 1 - top.confidence + 0.5)
    return { score, reason: `"${top.intent}" and "${second.intent}" are about equally likely` }
  }
  return {
    score: 1 - top.confidence,
    reason: top.confidence < 0.5 ? `weak evidence for "${top.intent}"` : 'clear',
  }
}

/**
 * The start of a long text and its last quarter (at most 500 characters), each cut at whitespace
 * so no word or number is split ("7045 USD" read from its middle was a $45 refund).
 */
function startAndEnd(text: string, length: number): string {
  const tailLength = Math.min(500, Math.floor(length / 4))
  let head = text.slice(0, length - tailLength - 1)
  const headBreak = head.search(/\s\S*$/u)
  if (headBreak > 0) head = head.slice(0, headBreak)
  const tail = text.slice(-tailLength)
  const tailBreak = tail.search(/\s/u)
  return tailBreak < 0 ? head : `${head}\n${tail.slice(tailBreak + 1)}`
}
