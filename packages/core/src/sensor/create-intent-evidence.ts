import { editDistanceOne, monthNames, parseNumberWord, stemWord, weekdayNames } from '../text/index.ts'
import { asksForAnother } from './asks-for-another.ts'
import { contentWords } from './content-words.ts'
import { countKeywordHits, keywordMatcher } from './keyword-forms.ts'
import { valueKinds, valueKindTokens } from './value-kinds.ts'

/** What the evidence model learns one intent from. */
export interface IntentEvidenceSource {
  id: string
  label?: string | undefined
  description?: string | undefined
  examples: readonly string[]
  keywords: readonly string[]
}

/** How much a text's content words speak for each intent. */
export interface IntentEvidence {
  /** Content words the model knows (function words, acts, digits, dates, names and unseen words excluded). */
  words: number
  /**
   * Kinds of slot value the text gives that the model learned from the examples (a time of day,
   * a quantity): evidence within a topic only, never for a topic, and not counted in `words`.
   * @default 0
   */
  values?: number
  /**
   * Evidence for each intent, in nats: its topic's evidence plus its own within the topic
   * ({@link IntentEvidence.topics} + {@link IntentEvidence.withinTopic}). Only differences mean
   * something: `a - b` is the log of how many times likelier the words are under `a` than under
   * `b`, whatever the number of intents.
   */
  logLikelihoods: Record<string, number>
  /** Evidence for each topic (a scenario `topic`; an intent with none is its own topic), in nats. */
  topics: Record<string, number>
  /** Evidence for each intent against the other intents of its topic, in nats. */
  withinTopic: Record<string, number>
  /**
   * The intent a denied clause speaks for most ("not a billing question", "I don't want a
   * refund"), if any; a negated slot value ("no subtitles") denies nothing.
   */
  negatedIntent?: string
}

/**
 * A measurement's values as arrays in its model's order, for readers on the hot path (the
 * router, the sensor's blend): reading them builds none of the keyed records.
 */
export interface IntentEvidenceArrays {
  /** Intent ids, in the order of `within` and `intentTopic`. */
  readonly intents: readonly string[]
  /** Each intent's topic, as an index into `topics`. */
  readonly intentTopic: Int32Array
  /** Evidence for each topic, in nats ({@link IntentEvidence.topics}). */
  readonly topics: readonly number[]
  /** Evidence for each intent within its topic, in nats ({@link IntentEvidence.withinTopic}). */
  readonly within: readonly number[]
}

/**
 * Where a measurement of {@link createIntentEvidence} keeps its arrays while nobody has read its
 * records: a symbol-keyed property, which `JSON.stringify`, `structuredClone` and a store's copy
 * leave out. A spread or `Object.assign` copies symbols after the string keys, so it reads the
 * records first, which drops the arrays, and the copy gets none: it is read through its records,
 * as a measurement whose records were read (and so may have been changed) is. (A `WeakMap` side
 * table did the same at 3% of an SGD turn: its inserts and the collector's ephemeron work.)
 */
const arraysKey: unique symbol = Symbol('focal.intentEvidenceArrays')
/** Where a measurement keeps what its keyed records are built from (non-enumerable: no copy sees it). */
const recordsKey: unique symbol = Symbol('focal.intentEvidenceRecords')
type Measured = IntentEvidence & {
  [arraysKey]?: IntentEvidenceArrays | undefined
  [recordsKey]?: RecordsSource
}

/**
 * Summed evidence, one value per topic or intent: a plain array of doubles (see
 * {@link doubleZeros}), not a `Float64Array`, whose buffer is allocated outside the heap (a
 * measurement's two of them cost more than summing its words).
 */
type Sums = number[]

/**
 * `length` zeros in an array V8 keeps as unboxed doubles (it is filled with a fraction first, and
 * an array never goes back to small integers), so its copies take sums without changing kind.
 */
function doubleZeros(length: number): Sums {
  return new Array<number>(length).fill(0.5).fill(0)
}

/** A measurement's keyed records. */
type KeyedRecords = Pick<IntentEvidence, 'logLikelihoods' | 'topics' | 'withinTopic'>

/** What a measurement's keyed records are built from, and once built, the records. */
interface RecordsSource {
  readonly topicSums: Sums
  readonly withinSums: Sums
  /** The model's own builder of the records from the sums. */
  readonly records: (topicSums: Sums, withinSums: Sums) => KeyedRecords
  keyed: KeyedRecords | undefined
}

/** A measurement's records, built on first read; from then on its arrays are gone. */
function keyedRecords(evidence: Measured): KeyedRecords {
  const source = evidence[recordsKey]!
  if (source.keyed === undefined) {
    source.keyed = source.records(source.topicSums, source.withinSums)
    evidence[arraysKey] = undefined
  }
  return source.keyed
}

/**
 * The accessor of one keyed record, the same functions for every measurement: V8 keeps objects
 * whose accessors are shared in one hidden class (accessors written in an object literal made each
 * measurement a slow dictionary object, every reader of it paying).
 */
function recordAccessor(name: keyof KeyedRecords): PropertyDescriptor {
  return {
    enumerable: true,
    configurable: true,
    get(this: Measured) {
      return keyedRecords(this)[name]
    },
    set(this: Measured, value: Record<string, number>) {
      keyedRecords(this)[name] = value
    },
  }
}

const logLikelihoodsAccessor = recordAccessor('logLikelihoods')
const topicsAccessor = recordAccessor('topics')
const withinTopicAccessor = recordAccessor('withinTopic')

/** The log-likelihood of the intent at `index` of `arrays`: its topic's evidence plus its own. */
export function logLikelihoodAt(arrays: IntentEvidenceArrays, index: number): number {
  return arrays.topics[arrays.intentTopic[index]!]! + arrays.within[index]!
}

/**
 * The arrays behind a measurement of {@link createIntentEvidence} while they still say what its
 * records say, or undefined (evidence built elsewhere, a copy, a measurement whose records have
 * been read): read its records then. `logLikelihoods[intents[i]]` is `logLikelihoodAt(arrays, i)`.
 */
export function intentEvidenceArrays(evidence: IntentEvidence): IntentEvidenceArrays | undefined {
  return (evidence as Measured)[arraysKey]
}

/** Options of {@link createIntentEvidence}. */
export interface IntentEvidenceOptions {
  intents: readonly IntentEvidenceSource[]
  /**
   * The topic of each intent (from the scenarios' `topic`): the model weighs what a message is
   * about (a bus, a hotel) apart from what the user wants done with it (find, book), so "book the
   * bus" is a bus booking and not a hotel booking because both say "book". An intent without a
   * topic is a topic of its own. @default {}
   */
  topicOf?: Readonly<Record<string, string>>
  /**
   * Strength of the prior that pulls an intent's word distribution towards its topic's (and a
   * topic's towards all the definition's words), in words; never more than the intent's (topic's)
   * own word count, so a small definition is not drowned by it. Larger is more cautious. @default 20
   */
  priorStrength?: number
  /** The most one word can add or take away, in nats. @default 2.5 */
  maxWordEvidence?: number
  /**
   * The share of an intent's texts (examples, keywords, label, description) that makes a word
   * half-trusted: a word in a share `s` of the texts of the intent that uses it most counts
   * `s / (s + reliability)` of its evidence, so a word one example of twelve happened to use
   * ("try", "work") is weak and a word most of an intent's texts share ("weather") is strong,
   * whether the definition has three examples per intent or thirty. @default 0.1
   */
  reliability?: number
  /**
   * {@link IntentEvidenceOptions.reliability} for the evidence within a topic, which tells apart
   * intents that share most of their words (find a bus, buy a bus ticket): a word one example of
   * one of them happened to use ("concert" in one ticket purchase) says less about which task the
   * user wants than about what the message is about. @default 0.15
   */
  withinReliability?: number
  /**
   * Words of at least this many letters that are one edit (a letter added, dropped, changed or two
   * swapped) from exactly one known word with the same first letter count as that word ("weathr",
   * "reservaton"). A first letter is seldom the one mistyped, and a word one letter off at its start
   * is more often a word of its own: "cracked" is not "tracked". @default 5
   */
  typoMinimum?: number
  /** How many times a keyword counts as an example of its intent. @default 1 */
  keywordWeight?: number
  /**
   * Nats added to an intent (and its topic) for each of its keyword phrases found whole in the
   * text: an author's keyword is a stronger signal than one word of an example. @default 3
   */
  keywordEvidence?: number
}

/** The trained evidence model. */
export interface IntentEvidenceModel {
  measure(text: string): IntentEvidence
  /** Evidence of a list of stemmed words (the model's own vocabulary only). */
  measureWords(words: readonly string[]): Omit<IntentEvidence, 'negatedIntent'>
  /**
   * The intent `measure(text)` gives the most evidence, and by how many nats it leads the next
   * (`Infinity` with one intent), without keying every intent's value by name.
   */
  leader(text: string): { words: number; intent: string | undefined; lead: number }
}

/**
 * How many nats the words a message affirms must lead with the request its negation denies for
 * the denial to be of a detail ("I don't want to return it, I just want my money back"), not of
 * the request: about as much as one characteristic word.
 */
const affirmedDenialLead = 2

/**
 * Words that carry a slot value, never a topic: dates, times and quantities ("March", "Friday",
 * "evening", "next week", the "th" of "11th", "two"). A user answering "the 5th of March, two
 * people" is still booking a table. Durations ("three days") stay evidence: a stay is a hotel's.
 */
const slotValueWords: ReadonlySet<string> = new Set(
  [
    ...monthNames.filter((month) => month !== 'may'),
    ...weekdayNames,
    ...(
      'today tomorrow tonight yesterday morning afternoon evening night noon midnight oclock half ' +
      'quarter weekend week month year st nd rd th am next coming upcoming'
    ).split(' '),
  ].map(stemWord),
)

/**
 * Past forms of the task verbs: "the hotel you found", "the car we looked at", "the tickets I
 * bought" say what was done, not what is asked, so they are no evidence (a request says "find",
 * "book"). Read before stemming, which maps "found" to "find".
 */
const pastTaskVerbs =
  /\b(?:found|searched|looked|browsed|sought|booked|reserved|bought|purchased|rented|hired)\b/gi

/**
 * Thanks for what was done, to the end of its clause: "Thanks for getting the tickets. I'll need a
 * cab" asks for a cab; the tickets are done. A clause also ends where "and", "but", "so", "now",
 * "also", "then" or "next" opens another with its own subject or request ("thanks for that and I
 * also want the weather in Antioch", "thanks for that now could you get me a cab": the weather and
 * the cab were read as thanked for, and the message as only thanks).
 */
const thanksFor =
  /\b(?:thanks|thank you|thank u|thx)\s+(?:so much\s+|a lot\s+|very much\s+)?for\b(?:(?!\s(?:(?:and|but|so)\s+(?:(?:now|also|then|next)\s+)?|(?:now|also|then|next)\s+)(?:i|i'd|i'm|i'll|we|you|can|could|would|will|please|let|let's|what|where|when|how|to)\b)[^.!?;,])*/gi

/** `text` without what it says was done: thanks for it, and the past forms of the task verbs. */
const withoutWhatWasDone = (text: string) =>
  (thanksWord.test(text) ? text.replace(thanksFor, ' ') : text).replace(pastTaskVerbs, ' ')

/** What every thanks of {@link thanksFor} holds ("thank", "thx"), the cheap test before it. */
const thanksWord = /th(?:ank|x)/i

/** The action token of the search verbs. */
const searchAction = '~search'

/**
 * Verbs of one kind of action (stemmed like the text): a word of the list also counts as its action's token, so
 * "book a bus" speaks for an intent whose examples say "reserve" and "buy" (a purchase) rather
 * than one whose examples say "find" and "search". A small lexicon of task verbs, the same for
 * every definition: the examples still decide which intent an action speaks for, and how much.
 */
const actionOf: ReadonlyMap<string, string> = new Map(
  Object.entries({
    '~acquire': 'book reserve reservation buy purchase rent hire',
    [searchAction]: 'find search look browse seek',
  }).flatMap(([action, verbs]) => verbs.split(' ').map((verb) => [stemWord(verb), action] as const)),
)

/** The first character of an action token (`~acquire`): no stemmed word starts with it. */
const actionMark = 126

/** `words` and, after them, the action token of each word that has one (once per action). */
function withActions(words: readonly string[]): string[] {
  let actions: string[] | undefined
  for (const word of words) {
    const action = actionOf.get(word)
    if (action === undefined) continue
    if (actions === undefined) actions = [action]
    else if (!actions.includes(action)) actions.push(action)
  }
  return actions === undefined ? (words as string[]) : [...words, ...actions]
}

/**
 * Calls `visit` with each word of `text` that opens no sentence and is no "I" or "I'm" (a
 * sentence break makes the next word a sentence's first; the breaks are those of
 * `text.split(/(?<=[.!?])\s+/u)`, words never span one), in one pass.
 */
function forEachLaterWord(text: string, visit: (word: string, first: number) => void): void {
  const tokens = sentenceBreakOrWord
  tokens.lastIndex = 0
  let opens = true
  for (let token = tokens.exec(text); token !== null; token = tokens.exec(text)) {
    if (token[1] !== undefined) {
      opens = true
      continue
    }
    const word = token[0]
    const first = word.charCodeAt(0)
    if (opens) {
      opens = false
      continue
    }
    if (first === capitalI && (word.length === 1 || isApostrophe(word.charCodeAt(1)))) continue
    visit(word, first)
  }
}

/** How {@link capitalisedWords} keys a word: lower-cased, apostrophes dropped. */
function wordKey(word: string): string {
  const lower = word.toLowerCase()
  return hasApostrophe(lower) ? lower.replace(apostrophes, '') : lower
}

/**
 * Counts, per word a text writes after a sentence's first word (lower-cased, apostrophes dropped;
 * "I" and "I'm" skipped), how often it is capitalised and how often not: names of places, people,
 * titles.
 */
export function capitalisedWords(text: string, into: Map<string, { upper: number; lower: number }>): void {
  forEachLaterWord(text, (word, first) => {
    const key = wordKey(word)
    let seen = into.get(key)
    if (seen === undefined) {
      seen = { upper: 0, lower: 0 }
      into.set(key, seen)
    }
    if (startsUpper(word, first)) seen.upper++
    else seen.lower++
  })
}

/**
 * The words of {@link capitalisedWords} written capitalised at least once (keyed as it keys them):
 * the same set as its keys with an `upper` count, without counting the words written in lower case.
 */
export function capitalisedKeys(text: string): Set<string> {
  const keys = new Set<string>()
  forEachLaterWord(text, (word, first) => {
    if (startsUpper(word, first)) keys.add(wordKey(word))
  })
  return keys
}

/**
 * A sentence break (the first whitespace after ".", "!" or "?", captured) or a word, for
 * {@link capitalisedWords}, which resets its `lastIndex` before each text.
 */
const sentenceBreakOrWord = /(?<=[.!?])(\s)|[\p{L}'\u2019]+/gu
const apostrophes = /['\u2019]/gu
/** The character code of "I". */
const capitalI = 0x49
const upperFirst = /^\p{Lu}/u

function isApostrophe(code: number): boolean {
  return code === 39 || code === 0x2019
}

function hasApostrophe(word: string): boolean {
  return word.includes("'") || word.includes('\u2019')
}

/** `/^\p{Lu}/u.test(word)`, read from the first code unit when it is ASCII. */
function startsUpper(word: string, first: number): boolean {
  if (first < 128) return first >= 65 && first <= 90
  return upperFirst.test(word)
}

/**
 * A naive Bayes model of the definition's words in two levels: which topic a message is about,
 * and which intent of that topic it asks for. Each word's evidence is the log of how much likelier
 * it is under a topic (an intent) than over all topics (its topic), shrunk towards zero for words
 * few of an intent's texts use and capped, so a stray word cannot outvote the
 * conversation. Names, dates, times and quantities are slot values, not evidence: a word the
 * examples write capitalised mid-sentence ("San Jose", "Dogman"), a capitalised word the
 * examples do not write in lower case, a month, a weekday, a time of day, a number word.
 * Microseconds per text.
 *
 * @example
 * const model = createIntentEvidence({ intents: definition.intents, topicOf: { rent: 'movies', find: 'movies' } })
 * const { topics, withinTopic } = model.measure('I want to rent the movie')
 */
export function createIntentEvidence(options: IntentEvidenceOptions): IntentEvidenceModel {
  const {
    intents,
    topicOf = {},
    priorStrength = 20,
    maxWordEvidence = 2.5,
    reliability = 0.1,
    withinReliability = 0.15,
    keywordWeight = 1,
    keywordEvidence = 3,
    typoMinimum = 5,
  } = options
  const cap = (value: number) => Math.max(-maxWordEvidence, Math.min(maxWordEvidence, value))
  const casing = new Map<string, { upper: number; lower: number }>()
  for (const intent of intents) for (const example of intent.examples) capitalisedWords(example, casing)
  const nameWords = new Set<string>()
  const lowerWords = new Set<string>()
  for (const [word, seen] of casing) {
    if (seen.upper > seen.lower) nameWords.add(stemWord(word))
    else lowerWords.add(word)
  }
  /** Whether a stemmed word is a slot value; found once per word and remembered (bounded). */
  const slotValues = new Map<string, boolean>()
  const isSlotValue = (word: string) => {
    const cached = slotValues.get(word)
    if (cached !== undefined) return cached
    const slot = slotValueWords.has(word) || nameWords.has(word) || parseNumberWord(word) !== undefined
    if (slotValues.size >= 10_000) slotValues.clear()
    slotValues.set(word, slot)
    return slot
  }

  const topicNames = [...new Set(intents.map((intent) => topicOf[intent.id] ?? intent.id))]
  const topicIndex = intents.map((intent) => topicNames.indexOf(topicOf[intent.id] ?? intent.id))
  const topicSizes = topicNames.map((_, topic) => topicIndex.filter((index) => index === topic).length)
  // Phrases are matched on the affirmed words (letters only, apostrophes dropped), like the text.
  const phrases = intents.map((intent) =>
    intent.keywords
      .map((keyword) => contentWords(keyword).affirmed)
      .filter((phrase) => phrase.trim() !== '')
      .map((phrase) => keywordMatcher(phrase)),
  )
  const counts = intents.map(() => new Map<string, number>())
  const totals = intents.map(() => 0)
  const topicCounts = topicNames.map(() => new Map<string, number>())
  const topicTotals = topicNames.map(() => 0)
  const allCounts = new Map<string, number>()
  const texts = intents.map(() => 0)
  let allTotal = 0
  intents.forEach((intent, index) => {
    const topic = topicIndex[index]!
    const add = (text: string, weight: number) => {
      for (const word of new Set([
        ...withActions(contentWords(withoutWhatWasDone(text)).words),
        ...valueKinds(text),
      ])) {
        if (isSlotValue(word)) continue
        counts[index]!.set(word, (counts[index]!.get(word) ?? 0) + weight)
        totals[index]! += weight
        topicCounts[topic]!.set(word, (topicCounts[topic]!.get(word) ?? 0) + weight)
        topicTotals[topic]! += weight
        allCounts.set(word, (allCounts.get(word) ?? 0) + weight)
        allTotal += weight
      }
    }
    for (const example of intent.examples) add(example, 1)
    for (const keyword of intent.keywords) add(keyword, keywordWeight)
    if (intent.label !== undefined) add(intent.label, 1)
    if (intent.description !== undefined) add(intent.description, 1)
    texts[index] =
      intent.examples.length +
      intent.keywords.length * keywordWeight +
      (intent.label === undefined ? 0 : 1) +
      (intent.description === undefined ? 0 : 1)
  })
  // The prior never outweighs what the examples themselves said (a small definition's topics).
  const topicPrior = topicTotals.map((total) => Math.min(priorStrength, Math.max(1, total)))
  const intentPrior = totals.map((total) => Math.min(priorStrength, Math.max(1, total)))
  // Per known word: its evidence for each topic, and for each intent within its topic.
  const topicRows = new Map<string, Float64Array>()
  const withinRows = new Map<string, Float64Array>()
  const vocabularySize = allCounts.size
  for (const [word, seen] of allCounts) {
    // How characteristic the word is of the intent that uses it most: the share of its texts.
    let share = 0
    for (let index = 0; index < intents.length; index++)
      share = Math.max(share, (counts[index]!.get(word) ?? 0) / Math.max(1, texts[index]!))
    const trust = share / (share + reliability)
    const withinTrust = share / (share + withinReliability)
    const background = (seen + 1) / (allTotal + vocabularySize)
    const inTopic = topicNames.map(
      (_, topic) =>
        ((topicCounts[topic]!.get(word) ?? 0) + topicPrior[topic]! * background) /
        (topicTotals[topic]! + topicPrior[topic]!),
    )
    topicRows.set(
      word,
      Float64Array.from(inTopic, (probability) => trust * cap(Math.log(probability / background))),
    )
    withinRows.set(
      word,
      Float64Array.from(intents, (_, index) => {
        if (topicSizes[topicIndex[index]!] === 1) return 0
        const topic = inTopic[topicIndex[index]!]!
        const probability =
          ((counts[index]!.get(word) ?? 0) + intentPrior[index]! * topic) /
          (totals[index]! + intentPrior[index]!)
        return withinTrust * cap(Math.log(probability / topic))
      }),
    )
  }

  // An action says what the user wants done, not what about: evidence within a topic only.
  // So is the kind of a value the message gives ("at 8 pm", "for two"): a booking takes one, a search may not.
  for (const action of new Set(actionOf.values())) topicRows.get(action)?.fill(0)
  for (const kind of valueKindTokens) topicRows.get(kind)?.fill(0)
  // Where the definition groups intents in topics, a search verb ("find", "look for") says what
  // is to be done with the topic, never which topic: every topic has its search. An example set
  // that happens to write "search" for hotels and "find" for movies would otherwise make "search
  // for movies" a hotel question. (Without topics, each intent is its own topic and the verb
  // keeps its evidence.)
  if (topicSizes.some((size) => size > 1))
    for (const [verb, action] of actionOf) if (action === searchAction) topicRows.get(verb)?.fill(0)

  /** Sums the rows of the known words; returns how many were known. */
  // Known words by themselves and with one letter dropped: a word one letter off a known one
  // ("weathr", "resevation") is found by dropping at most one letter from each side.
  const byDeletion = new Map<string, string[]>()
  for (const word of topicRows.keys()) {
    if (word.length < typoMinimum - 1 || word.charCodeAt(0) === actionMark) continue
    for (let index = -1; index < word.length; index++) {
      const key = index < 0 ? word : word.slice(0, index) + word.slice(index + 1)
      const list = byDeletion.get(key)
      if (list === undefined) byDeletion.set(key, [word])
      else if (!list.includes(word)) list.push(word)
    }
  }

  /** The one known word a word of `typoMinimum`+ letters is a typo of, if exactly one. */
  function corrected(word: string): string | undefined {
    if (word.length < typoMinimum) return undefined
    let found: string | undefined
    for (let index = -1; index < word.length; index++) {
      const key = index < 0 ? word : word.slice(0, index) + word.slice(index + 1)
      for (const candidate of byDeletion.get(key) ?? []) {
        if (candidate === found || candidate[0] !== word[0] || !editDistanceOne(word, candidate)) continue
        if (found !== undefined) return undefined
        found = candidate
      }
    }
    return found
  }

  /**
   * The known word a stemmed word counts as (itself, or the one it is a typo of), or null; found
   * once per word and remembered, bounded like the stemmer's memo.
   */
  const resolved = new Map<string, string | null>()
  function knownWord(seen: string): string | null {
    const cached = resolved.get(seen)
    if (cached !== undefined) return cached
    const word = topicRows.has(seen) ? seen : (corrected(seen) ?? null)
    if (resolved.size >= 10_000) resolved.clear()
    resolved.set(seen, word)
    return word
  }

  /** The words `sum` has added this call, reused from call to call (each word counts once). */
  const summed = new Set<string>()
  function sum(words: readonly string[], topicSums: Sums, withinSums: Sums): number {
    let known = 0
    summed.clear()
    for (const seen of words) {
      if (summed.has(seen)) continue
      summed.add(seen)
      const word = knownWord(seen)
      if (word === null) continue
      const topicRow = topicRows.get(word)!
      const withinRow = withinRows.get(word)!
      // An action token is a second reading of a word already counted.
      if (word.charCodeAt(0) !== actionMark) known++
      for (let index = 0; index < topicSums.length; index++) topicSums[index]! += topicRow[index]!
      for (let index = 0; index < withinSums.length; index++) withinSums[index]! += withinRow[index]!
    }
    return known
  }

  /** Adds the within-topic rows of the value kinds `text` gives; returns how many the model knows. */
  function sumValues(text: string, withinSums: Sums): number {
    let values = 0
    for (const kind of valueKinds(text)) {
      const withinRow = withinRows.get(kind)
      if (withinRow === undefined) continue
      values++
      for (let index = 0; index < withinSums.length; index++) withinSums[index]! += withinRow[index]!
    }
    return values
  }

  /**
   * A measurement: its keyed records are built on first read (by a reader, `JSON.stringify`, a
   * spread or a store's copy alike); until then the router and the sensor read its arrays
   * ({@link intentEvidenceArrays}). Once read, the records may be changed, so the arrays are
   * dropped and every reader goes by the records.
   */
  function measurement(known: number, values: number, topicSums: Sums, withinSums: Sums): IntentEvidence {
    const evidence = { words: known, values } as Measured
    const source: RecordsSource = { topicSums, withinSums, records, keyed: undefined }
    Object.defineProperty(evidence, recordsKey, { value: source })
    // One call per accessor: `Object.defineProperties` reads a descriptor map the slow way.
    Object.defineProperty(evidence, 'logLikelihoods', logLikelihoodsAccessor)
    Object.defineProperty(evidence, 'topics', topicsAccessor)
    Object.defineProperty(evidence, 'withinTopic', withinTopicAccessor)
    // Last: a spread reads the records (and so drops the arrays) before it copies this.
    evidence[arraysKey] = {
      intents: intentIds,
      intentTopic: intentTopics,
      topics: topicSums,
      within: withinSums,
    }
    return evidence
  }

  function measureWords(words: readonly string[]): Omit<IntentEvidence, 'negatedIntent'> {
    const topicSums = topicZeros.slice()
    const withinSums = intentZeros.slice()
    const known = sum(withActions(words), topicSums, withinSums)
    return measurement(known, 0, topicSums, withinSums)
  }

  const intentIds = intents.map((intent) => intent.id)
  const intentTopics = Int32Array.from(topicIndex)

  /**
   * Do the affirmed words (`known` of them) lead with intent `index` by at least
   * {@link affirmedDenialLead} nats over every other?
   */
  function affirmedLead(known: number, topicSums: Sums, withinSums: Sums, index: number): boolean {
    if (known === 0 || index < 0) return false
    const own = topicSums[topicIndex[index]!]! + withinSums[index]!
    for (let other = 0; other < intentIds.length; other++)
      if (other !== index && topicSums[topicIndex[other]!]! + withinSums[other]! > own - affirmedDenialLead)
        return false
    return true
  }

  function records(topicSums: Sums, withinSums: Sums) {
    const topics: Record<string, number> = {}
    for (let index = 0; index < topicNames.length; index++) topics[topicNames[index]!] = topicSums[index]!
    const withinTopic: Record<string, number> = {}
    const logLikelihoods: Record<string, number> = {}
    for (let index = 0; index < intentIds.length; index++) {
      const id = intentIds[index]!
      withinTopic[id] = withinSums[index]!
      logLikelihoods[id] = topicSums[topicIndex[index]!]! + withinSums[index]!
    }
    return { logLikelihoods, topics, withinTopic }
  }

  const hasPhrases = phrases.some((list) => list.length > 0)
  // The words of the keywords by their stems: a word of the text that is a typo of a known word
  // ("refnud") is read as the keyword word with that stem ("refund"), so a keyword survives a
  // typo as the word evidence does.
  const keywordWordOf = new Map<string, string>()
  for (const intent of intents)
    for (const keyword of intent.keywords)
      for (const word of contentWords(keyword).affirmed.split(' '))
        if (word !== '' && !keywordWordOf.has(stemWord(word))) keywordWordOf.set(stemWord(word), word)

  /** `affirmed` (words joined by spaces) with each typo of a keyword's word read as that word. */
  function withKeywordTypos(affirmed: string): string {
    let changed = false
    const words = affirmed.split(' ')
    for (let index = 0; index < words.length; index++) {
      const word = words[index]!
      if (word.length < typoMinimum) continue
      const stem = stemWord(word)
      if (keywordWordOf.has(stem) || topicRows.has(stem)) continue
      const known = knownWord(stem)
      const keywordWord = known === null ? undefined : keywordWordOf.get(known)
      if (keywordWord === undefined) continue
      words[index] = keywordWord
      changed = true
    }
    return changed ? words.join(' ') : affirmed
  }
  /** An upper-case letter after the first character: the text may name something. */
  const laterCapital = /.\p{Lu}/su

  /** Stemmed content words minus slot values (and capitalised words the examples never lower-case). */
  function topicWords(text: string, stemmed: readonly string[]): string[] {
    if (!laterCapital.test(text)) return stemmed.filter((word) => !isSlotValue(word))
    const names = new Map<string, { upper: number; lower: number }>()
    capitalisedWords(text, names)
    const skip = new Set<string>()
    for (const [word, seen] of names) if (seen.upper > 0 && !lowerWords.has(word)) skip.add(stemWord(word))
    return stemmed.filter((word) => !isSlotValue(word) && !skip.has(word))
  }

  // Per intent: its keywords found in the text being measured (reused, one measurement at a time).
  const keywordHits = new Float64Array(intents.length)

  /** Zeros to copy a measurement's sums from. */
  const topicZeros = doubleZeros(topicNames.length)
  const intentZeros = doubleZeros(intents.length)
  /** `leader`'s sums, reused from call to call (its result keeps none of them). */
  const leaderTopics = doubleZeros(topicNames.length)
  const leaderWithin = doubleZeros(intents.length)

  /**
   * Sums the evidence of a text's words and keyword phrases into `topicSums` and `withinSums`
   * (zeros), before it is keyed by name.
   */
  function sums(text: string, topicSums: Sums, withinSums: Sums) {
    const { words, denied, affirmed } = contentWords(withoutWhatWasDone(text))
    const read = withActions(topicWords(text, words))
    if (!read.includes(searchAction) && asksForAnother(affirmed)) read.push(searchAction)
    let known = sum(read, topicSums, withinSums)
    const values = sumValues(text, withinSums)
    if (hasPhrases) {
      // The longest keyword found wins its words (see `countKeywordHits`).
      countKeywordHits(` ${withKeywordTypos(affirmed)} `, phrases, keywordHits)
      for (let index = 0; index < intents.length; index++) {
        const hits = keywordHits[index]!
        if (hits === 0) continue
        topicSums[topicIndex[index]!]! += hits * keywordEvidence
        withinSums[index]! += hits * keywordEvidence
        known += hits
      }
    }
    return { known, values, denied }
  }

  return {
    measureWords,
    leader(text) {
      const topicSums = leaderTopics.fill(0)
      const withinSums = leaderWithin.fill(0)
      const { known } = sums(text, topicSums, withinSums)
      let intent: string | undefined
      let best = Number.NEGATIVE_INFINITY
      let second = Number.NEGATIVE_INFINITY
      for (let index = 0; index < intentIds.length; index++) {
        const value = topicSums[topicIndex[index]!]! + withinSums[index]!
        if (intent === undefined || value > best) {
          second = best
          intent = intentIds[index]!
          best = value
        } else if (value > second) second = value
      }
      return { words: known, intent, lead: best - second }
    },
    measure(text) {
      const topicSums = topicZeros.slice()
      const withinSums = intentZeros.slice()
      const { known, values, denied } = sums(text, topicSums, withinSums)
      const evidence = measurement(known, values, topicSums, withinSums)
      if (denied.length === 0) return evidence
      const against = measureWords(topicWords(text, denied))
      if (against.words > 0) {
        let best: string | undefined
        for (const intent of intents)
          if (best === undefined || against.logLikelihoods[intent.id]! > against.logLikelihoods[best]!)
            best = intent.id
        // The message's own words ask for that request all the same ("I don't want to return it,
        // I just want my money back"): the negation denies a detail of it, not the request (blind
        // attack suite, session 70: that message went unanswered, the refund never entered).
        if (best !== undefined && !affirmedLead(known, topicSums, withinSums, intentIds.indexOf(best)))
          evidence.negatedIntent = best
      }
      return evidence
    },
  }
}
