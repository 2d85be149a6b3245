import { stemWord } from '../text/index.ts'
import type { GoalDirection, LexiconIndex } from './create-lexicon-index.ts'
import { findGoalEntities } from './find-goal-entities.ts'
import { type GoalComparator, parseComparator } from './parse-comparator.ts'
import { type GoalLimit, parseGoalLimit } from './parse-goal-limit.ts'
import { type GoalTimeWindow, parseCount, parseTimeExpression } from './parse-time-expression.ts'
import { requestVerbs } from './reformulation-lexicon.ts'
import { type GoalToken, tokenizeGoalText } from './tokenize-goal-text.ts'

/** What a concept word does to the goal. */
export type GoalConceptClass =
  | 'content'
  | 'format'
  | 'qualifier'
  | 'ranking'
  | 'broadening'
  | 'side-effect'
  | 'excluded'

/** One concept of a goal: a content word or phrase, keyed so synonyms share a key. */
export interface GoalConcept {
  key: string
  text: string
  stems: string[]
  position: number
  class: GoalConceptClass
  /** Written with a capital inside a sentence: a name. */
  entity: boolean
  /** Follows `in`, `at`, `near`...: reads as a place. */
  afterLocationPreposition: boolean
  /** Next to `and`, `or`, `,`: one member of a list. */
  conjunctMember: boolean
  /** Directly after `with`: a name there joins the goal (`Apple earnings with Microsoft`). */
  afterWith: boolean
  /** After a negation or an exclusion in its clause (`not to Paris`, `avoiding Paris`): left out, not asked for. */
  negated: boolean
  /** After a direction marker: `from` London, `to` Paris, `via` Paris. */
  direction?: GoalDirection
  /** Of a relation verb: the one acting (`checkToken` of "what does checkToken call") or acted on ("who calls checkToken"). */
  relation?: 'agent' | 'patient'
}

/** A word at one end of a scale of `oppositeTerms` (`largest`, `smallest`). */
export interface GoalPole {
  /** Index of the scale in `oppositeTerms`. */
  scale: number
  end: 0 | 1
  text: string
}

export type { GoalLimit }

/** The structure of a goal text the reformulation guard compares. */
export interface GoalAnalysis {
  tokens: GoalToken[]
  concepts: GoalConcept[]
  times: GoalTimeWindow[]
  comparators: GoalComparator[]
  limits: GoalLimit[]
  /** Coordinators and clause boundaries joining parts of the goal. */
  coordinators: number
  negations: number
  exclusions: number
  /** Words at one end of a scale of `oppositeTerms` (`largest`, `newest`). */
  poles: GoalPole[]
}

type Role = 'stop' | 'coordinator' | 'concept' | 'structure' | 'punctuation'

function classify(
  stems: readonly string[],
  index: number,
  lexicon: LexiconIndex,
  afterBy: boolean,
): { length: number; class: GoalConceptClass } {
  const sets: Array<[GoalConceptClass, number]> = [
    ['side-effect', lexicon.sideEffectVerbs.longestAt(stems, index)],
    ['broadening', lexicon.broadeningTerms.longestAt(stems, index)],
    ['format', lexicon.formatWords.longestAt(stems, index)],
    ['qualifier', lexicon.qualifiers.longestAt(stems, index)],
    ['ranking', afterBy ? lexicon.rankingWords.longestAt(stems, index) : 0],
  ]
  const best = sets.reduce((winner, entry) => (entry[1] > winner[1] ? entry : winner), ['content', 0] as [
    GoalConceptClass,
    number,
  ])
  return { length: best[1], class: best[0] }
}

/** Splits a goal into concepts, time windows, comparators, limits, coordinators and negations. */
export function analyzeGoalText(text: string, lexicon: LexiconIndex, now: number): GoalAnalysis {
  const tokens = tokenizeGoalText(text)
  const stems = tokens.map((token) => token.stem)
  const entities = findGoalEntities(tokens, lexicon)
  const roles: Role[] = tokens.map(() => 'stop')
  const analysis: GoalAnalysis = {
    tokens,
    concepts: [],
    times: [],
    comparators: [],
    limits: [],
    coordinators: 0,
    negations: 0,
    exclusions: 0,
    poles: [],
  }
  const isUnitWord = (token: GoalToken) =>
    ![
      lexicon.stopWords,
      lexicon.coordinators,
      lexicon.negations,
      lexicon.exclusions,
      lexicon.locationPrepositions,
    ].some((set) => set.has(token.stem))
  let excluding = false
  // What follows a negation in its clause is left out as an excluded name is ("not to Paris").
  let negating = false
  let afterBy = false
  let index = 0
  const mark = (role: Role, length: number) => {
    for (let offset = 0; offset < length; offset++) roles[index + offset] = role
    index += length
  }
  while (index < tokens.length) {
    const token = tokens[index]!
    if (token.punctuation) {
      const moreWords = tokens.slice(index + 1).some((later) => !later.punctuation)
      if ([',', ';', '/', '&', '+'].includes(token.lower) || (/^[.?!:]$/.test(token.lower) && moreWords))
        analysis.coordinators++
      if (token.lower !== '&' && token.lower !== '+') excluding = negating = afterBy = false
      mark([',', ';', '/', '&', '+'].includes(token.lower) ? 'coordinator' : 'punctuation', 1)
      continue
    }
    if (token.lower === 'by') afterBy = true
    const time = parseTimeExpression(tokens, index, now)
    if (time) {
      analysis.times.push(time.window)
      mark('structure', time.length)
      continue
    }
    if (!entities[index]) {
      const comparator = parseComparator(tokens, index, isUnitWord)
      if (comparator) {
        analysis.comparators.push(comparator.comparator)
        mark('structure', comparator.length)
        continue
      }
      const next = tokens[index + 1]
      const count = token.lower === 'a' || token.lower === 'an' ? undefined : parseCount(tokens, index)
      if (count?.length === 1 && next !== undefined && lexicon.formatWords.longestAt(stems, index + 1) > 0) {
        // `three bullet points`, `200 words`: a format detail, not a limit on the subject.
        analysis.concepts.push(
          conceptAt(
            tokens,
            index,
            1,
            `count ${count.value}`,
            'format',
            entities,
            lexicon,
            excluding || negating,
          ),
        )
        mark('structure', 1)
        continue
      }
      const limit = parseGoalLimit(tokens, index, lexicon, now)
      if (limit) {
        analysis.limits.push(limit.limit)
        mark('structure', limit.length)
        continue
      }
      if (token.lower.endsWith("n't") || lexicon.negations.longestAt(stems, index) > 0) {
        analysis.negations++
        negating = true
        mark('structure', Math.max(1, lexicon.negations.longestAt(stems, index)))
        continue
      }
      const exclusion = lexicon.exclusions.longestAt(stems, index)
      if (exclusion > 0) {
        analysis.exclusions++
        excluding = true
        mark('structure', exclusion)
        continue
      }
      const coordinator = lexicon.coordinators.longestAt(stems, index)
      if (coordinator > 0) {
        analysis.coordinators++
        mark('coordinator', coordinator)
        continue
      }
    }
    const classified = classify(stems, index, lexicon, afterBy)
    const synonymLength = lexicon.synonyms.longestAt(stems, index)
    let entityLength = 0
    while (entities[index + entityLength] && !parseTimeExpression(tokens, index + entityLength, now))
      entityLength++
    const length = Math.max(classified.length, synonymLength, entityLength, 1)
    if (
      length === 1 &&
      classified.length === 0 &&
      synonymLength === 0 &&
      !entities[index] &&
      lexicon.stopWords.has(token.stem) &&
      !isRequestVerbNoun(token)
    ) {
      mark('stop', 1)
      continue
    }
    const joined = stems.slice(index, index + length).join(' ')
    const key = synonymLength === length ? lexicon.keyOf(joined) : joined
    const conceptClass = excluding ? 'excluded' : classified.length === length ? classified.class : 'content'
    analysis.concepts.push(
      conceptAt(tokens, index, length, key, conceptClass, entities, lexicon, excluding || negating),
    )
    mark('concept', length)
  }
  markConjuncts(analysis, roles)
  markRoles(analysis, stems, roles, lexicon)
  analysis.poles = findPoles(tokens, stems, lexicon)
  return analysis
}

function conceptAt(
  tokens: readonly GoalToken[],
  index: number,
  length: number,
  key: string,
  conceptClass: GoalConceptClass,
  entities: readonly boolean[],
  lexicon: LexiconIndex,
  negated: boolean,
): GoalConcept {
  const previous = tokens[index - 1]?.lower === 'the' ? tokens[index - 2] : tokens[index - 1]
  return {
    key,
    text: tokens
      .slice(index, index + length)
      .map((part) => part.text)
      .join(' '),
    stems: tokens.slice(index, index + length).map((part) => part.stem),
    position: index,
    class: conceptClass,
    entity: entities[index] ?? false,
    afterLocationPreposition: previous !== undefined && lexicon.locationPrepositions.has(previous.stem),
    conjunctMember: false,
    afterWith: tokens[index - 1]?.lower === 'with',
    negated,
  }
}

function markConjuncts(analysis: GoalAnalysis, roles: readonly Role[]): void {
  const neighbour = (from: number, step: number) => {
    let cursor = from
    while (roles[cursor] === 'stop') cursor += step
    return roles[cursor]
  }
  for (const concept of analysis.concepts) {
    const before = neighbour(concept.position - 1, -1)
    const after = neighbour(concept.position + concept.stems.length, 1)
    concept.conjunctMember = before === 'coordinator' || after === 'coordinator'
  }
}

/**
 * Gives concepts their roles: the direction a marker before them names (`from London to Paris`),
 * and for a relation verb the concept before it (the agent) and after it (the patient), swapped
 * in a passive ("checkToken is called by the router"). Articles and auxiliaries may stand
 * between (`from the savings account`, "what does checkToken call").
 */
function markRoles(
  analysis: GoalAnalysis,
  stems: readonly string[],
  roles: readonly Role[],
  lexicon: LexiconIndex,
): void {
  const starting = new Map(analysis.concepts.map((concept) => [concept.position, concept]))
  const ending = new Map(
    analysis.concepts.map((concept) => [concept.position + concept.stems.length - 1, concept]),
  )
  const skipGap = (from: number, step: 1 | -1) => {
    let cursor = from
    while (lexicon.roleGapWords.has(stems[cursor] ?? '')) cursor += step
    return cursor
  }
  for (let index = 0; index < stems.length; index++) {
    for (const [direction, markers] of lexicon.directions) {
      const length = markers.longestAt(stems, index)
      const concept = length > 0 ? starting.get(skipGap(index + length, 1)) : undefined
      if (concept !== undefined) concept.direction ??= direction
    }
    const verb = lexicon.relationVerbs.longestAt(stems, index)
    if (verb === 0) continue
    let clauseStart = index
    while (
      clauseStart > 0 &&
      roles[clauseStart - 1] !== 'punctuation' &&
      roles[clauseStart - 1] !== 'coordinator'
    )
      clauseStart--
    // A past participle with "is", "was", "gets"… earlier in its clause: "is checkToken called".
    const passive =
      /ed$/.test(analysis.tokens[index]!.lower) &&
      stems.slice(clauseStart, index).some((stem) => lexicon.passiveAuxiliaries.has(stem))
    const before = ending.get(skipGap(index - 1, -1))
    if (before !== undefined) before.relation ??= passive ? 'patient' : 'agent'
    let after = skipGap(index + verb, 1)
    if (passive) after = analysis.tokens[after]?.lower === 'by' ? skipGap(after + 1, 1) : -1
    const object = starting.get(after)
    if (object !== undefined) object.relation ??= passive ? 'agent' : 'patient'
  }
}

/** Every word at one end of a scale of `oppositeTerms`, in a time expression too (`the newest`). */
function findPoles(
  tokens: readonly GoalToken[],
  stems: readonly string[],
  lexicon: LexiconIndex,
): GoalPole[] {
  const poles: GoalPole[] = []
  for (let index = 0; index < stems.length; index++) {
    const length = lexicon.poles.longestAt(stems, index)
    const pole = length > 0 ? lexicon.poleOf(stems.slice(index, index + length).join(' ')) : undefined
    if (pole === undefined) continue
    const text = tokens
      .slice(index, index + length)
      .map((token) => token.text)
      .join(' ')
    poles.push({ ...pole, text })
  }
  return poles
}

/** Base forms of the request verbs by stem (`writ` → `write`). */
const requestVerbsByStem = new Map(requestVerbs.map((verb) => [stemWord(verb), verb]))

/**
 * Is `token` a request verb's stem written as a noun (`shows`, `drafts`, `writs`: an `s` ending
 * its base form has not)? Such a word is content, not a request.
 */
function isRequestVerbNoun(token: GoalToken): boolean {
  const verb = requestVerbsByStem.get(token.stem)
  return verb !== undefined && token.lower.endsWith('s') && !verb.endsWith('s')
}
