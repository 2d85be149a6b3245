import * as lexicon from './reformulation-lexicon.ts'
import { tokenizeGoalText } from './tokenize-goal-text.ts'
import type { ReformulationLexicon } from './types.ts'

/** Where a concept stands on a way: `from` it, `to` it, `via` it. */
export type GoalDirection = keyof typeof lexicon.directionMarkers

/** A set of phrases (each a list of stems) looked up by longest match at a position. */
export interface PhraseSet {
  /** Length in tokens of the longest phrase starting at `index`, 0 when none. */
  longestAt(stems: readonly string[], index: number): number
  has(stem: string): boolean
}

/** The stemmed, indexed lexicon the analysis runs on. */
export interface LexiconIndex {
  stopWords: PhraseSet
  formatWords: PhraseSet
  qualifiers: PhraseSet
  rankingWords: PhraseSet
  limitingQuantifiers: PhraseSet
  broadeningTerms: PhraseSet
  coordinators: PhraseSet
  negations: PhraseSet
  exclusions: PhraseSet
  sideEffectVerbs: PhraseSet
  locationPrepositions: PhraseSet
  /** Prepositions giving the concept after them a direction (`from`, `to`, `via`). */
  directions: ReadonlyArray<readonly [GoalDirection, PhraseSet]>
  relationVerbs: PhraseSet
  roleGapWords: PhraseSet
  passiveAuxiliaries: PhraseSet
  /** Every word of {@link lexicon.oppositeTerms}; `poleOf` maps one's joined stems to its scale and end. */
  poles: PhraseSet
  poleOf(joinedStems: string): { scale: number; end: 0 | 1 } | undefined
  /** Synonym phrases; `keyOf` maps a phrase's joined stems to its group key. */
  synonyms: PhraseSet
  keyOf(joinedStems: string): string
  /** Group keys of terms narrower than `key`. */
  narrowerThan(key: string): ReadonlySet<string>
}

function toStems(phrase: string): string[] {
  return tokenizeGoalText(phrase).map((token) => token.stem)
}

/** Indexes phrases (stemmed word lists) for longest-match lookup. */
export function createPhraseSet(phrases: readonly string[]): PhraseSet {
  const byFirst = new Map<string, string[][]>()
  for (const phrase of phrases) {
    const stems = toStems(phrase)
    const first = stems[0]
    if (first === undefined) continue
    const list = byFirst.get(first) ?? []
    list.push(stems)
    byFirst.set(first, list)
  }
  for (const list of byFirst.values()) list.sort((left, right) => right.length - left.length)
  return {
    longestAt(stems, index) {
      const candidates = byFirst.get(stems[index] ?? '') ?? []
      const found = candidates.find((phrase) =>
        phrase.every((stem, offset) => stems[index + offset] === stem),
      )
      return found?.length ?? 0
    },
    has: (stem) => (byFirst.get(stem) ?? []).some((phrase) => phrase.length === 1),
  }
}

/** Builds the index from the default lexicon plus a host's extra synonyms and narrower terms. */
export function createLexiconIndex(extra: ReformulationLexicon = {}): LexiconIndex {
  const groups = [...lexicon.synonymGroups, ...(extra.synonyms ?? [])]
  const keys = new Map<string, string>()
  for (const group of groups) {
    const joined = group.map((phrase) => toStems(phrase).join(' '))
    const key = joined.map((stem) => keys.get(stem)).find((existing) => existing !== undefined) ?? joined[0]!
    for (const stem of joined) keys.set(stem, key)
  }
  const keyOf = (joined: string) => keys.get(joined) ?? joined
  const narrower = new Map<string, Set<string>>()
  for (const source of [lexicon.narrowerTerms, extra.narrower ?? {}]) {
    for (const [broad, terms] of Object.entries(source)) {
      const set = narrower.get(keyOf(toStems(broad).join(' '))) ?? new Set<string>()
      for (const term of terms) set.add(keyOf(toStems(term).join(' ')))
      narrower.set(keyOf(toStems(broad).join(' ')), set)
    }
  }
  const poles = new Map<string, { scale: number; end: 0 | 1 }>()
  for (const [scale, ends] of lexicon.oppositeTerms.entries())
    for (const end of [0, 1] as const)
      for (const phrase of ends[end]) poles.set(toStems(phrase).join(' '), { scale, end })
  const allNarrower = Object.values(lexicon.narrowerTerms)
    .flat()
    .concat(Object.values(extra.narrower ?? {}).flat())
  return {
    stopWords: createPhraseSet(lexicon.stopWords),
    formatWords: createPhraseSet(lexicon.formatWords),
    qualifiers: createPhraseSet(lexicon.restrictingQualifiers),
    rankingWords: createPhraseSet(lexicon.rankingWords),
    limitingQuantifiers: createPhraseSet(lexicon.limitingQuantifiers),
    broadeningTerms: createPhraseSet(lexicon.broadeningTerms),
    coordinators: createPhraseSet(lexicon.coordinators),
    negations: createPhraseSet(lexicon.negationWords),
    exclusions: createPhraseSet(lexicon.exclusionWords),
    sideEffectVerbs: createPhraseSet(lexicon.sideEffectVerbs),
    locationPrepositions: createPhraseSet(lexicon.locationPrepositions),
    directions: (Object.entries(lexicon.directionMarkers) as Array<[GoalDirection, readonly string[]]>).map(
      ([direction, markers]) => [direction, createPhraseSet(markers)] as const,
    ),
    relationVerbs: createPhraseSet(lexicon.relationVerbs),
    roleGapWords: createPhraseSet(lexicon.roleGapWords),
    passiveAuxiliaries: createPhraseSet(lexicon.passiveAuxiliaries),
    poles: createPhraseSet(lexicon.oppositeTerms.flat(2)),
    poleOf: (joined) => poles.get(joined),
    synonyms: createPhraseSet([...groups.flat(), ...allNarrower]),
    keyOf,
    narrowerThan: (key) => narrower.get(key) ?? new Set(),
  }
}
