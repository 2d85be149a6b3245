import { stemGoalWord } from './stem-goal-word.ts'
import type { GoalField, GoalVocabulary, GoalWordForm } from './types.ts'

/** One cue word after normalisation, with the tense it requires. */
export interface CompiledCueWord {
  concept: string
  /** Forms this word accepts; undefined accepts any. */
  forms: ReadonlySet<GoalWordForm> | undefined
  /** Content words allowed between the previous cue word and this one (stop words are free). */
  maxGap: number
}

/** A cue ready for matching. */
export interface CompiledGoalCue {
  phrase: string
  words: readonly CompiledCueWord[]
  votes: ReadonlyArray<readonly [GoalField, string]>
  weight: number
}

/** A vocabulary turned into lookup tables, built once per parser. */
export interface CompiledGoalVocabulary {
  vocabulary: GoalVocabulary
  stopWords: ReadonlySet<string>
  /** Stem of any synonym (or canonical word) -> its canonical concept. */
  conceptOf: ReadonlyMap<string, string>
  /** Every stem a cue or synonym knows: typo correction only lands on these. */
  lexicon: ReadonlySet<string>
  /** Typo index: a known stem and each of its one-letter deletions -> known stems. */
  deletions: ReadonlyMap<string, readonly string[]>
  cuesByFirstConcept: ReadonlyMap<string, readonly CompiledGoalCue[]>
  /** Memo of word analyses (stem, concept, typo correction); bounded by the normaliser. */
  wordCache: Map<string, { stem: string; concept: string; corrected: boolean }>
}

const fields: readonly GoalField[] = ['intent', 'entity', 'artifact', 'scope']

function addDeletions(deletions: Map<string, string[]>, stem: string): void {
  const keys = [stem]
  for (let index = 0; index < stem.length; index++) keys.push(stem.slice(0, index) + stem.slice(index + 1))
  for (const key of keys) {
    const list = deletions.get(key)
    if (!list) deletions.set(key, [stem])
    else if (!list.includes(stem)) list.push(stem)
  }
}

const allForms: readonly GoalWordForm[] = ['base', 'plural', 'past', 'ing']
/** Content words a cue word may skip by default; stop words skip none unless `...` precedes them. */
const defaultGap = 2
const ellipsisGap = 4

function compileCueWord(
  raw: string,
  gapAllowed: boolean,
  compiled: Pick<CompiledGoalVocabulary, 'conceptOf' | 'stopWords'>,
): CompiledCueWord {
  const [word = '', formList] = raw.split(':')
  const forms = formList
    ? new Set(
        formList.split(',').filter((form): form is GoalWordForm => allForms.includes(form as GoalWordForm)),
      )
    : undefined
  if (compiled.stopWords.has(word)) return { concept: word, forms, maxGap: gapAllowed ? ellipsisGap : 0 }
  const stem = stemGoalWord(word)
  return {
    concept: compiled.conceptOf.get(stem) ?? stem,
    forms,
    maxGap: gapAllowed ? ellipsisGap : defaultGap,
  }
}

function compileCueWords(
  phrase: string,
  compiled: Pick<CompiledGoalVocabulary, 'conceptOf' | 'stopWords'>,
): CompiledCueWord[] {
  const words: CompiledCueWord[] = []
  let ellipsis = false
  for (const raw of phrase.toLowerCase().split(/\s+/)) {
    if (raw === '...') ellipsis = true
    else if (raw !== '') {
      words.push(compileCueWord(raw, ellipsis, compiled))
      ellipsis = false
    }
  }
  return words
}

/** Builds the lookup tables for `vocabulary`. */
export function compileGoalVocabulary(vocabulary: GoalVocabulary): CompiledGoalVocabulary {
  const stopWords = new Set(vocabulary.stopWords)
  const conceptOf = new Map<string, string>()
  const lexicon = new Set<string>()
  for (const [canonical, variants] of Object.entries(vocabulary.synonyms)) {
    const concept = stemGoalWord(canonical)
    for (const variant of [canonical, ...variants]) {
      const stem = stemGoalWord(variant.toLowerCase())
      conceptOf.set(stem, concept)
      lexicon.add(stem)
    }
  }
  const cuesByFirstConcept = new Map<string, CompiledGoalCue[]>()
  for (const cue of vocabulary.cues) {
    const words = compileCueWords(cue.phrase, { conceptOf, stopWords })
    const first = words[0]
    if (!first) continue
    for (const word of words) if (!stopWords.has(word.concept)) lexicon.add(word.concept)
    const votes = fields.flatMap((field) => (cue[field] ? [[field, cue[field]] as const] : []))
    const compiled: CompiledGoalCue = { phrase: cue.phrase, words, votes, weight: cue.weight ?? 1 }
    const list = cuesByFirstConcept.get(first.concept)
    if (list) list.push(compiled)
    else cuesByFirstConcept.set(first.concept, [compiled])
  }
  const deletions = new Map<string, string[]>()
  for (const stem of lexicon) if (stem.length >= 4) addDeletions(deletions, stem)
  return { vocabulary, stopWords, conceptOf, lexicon, deletions, cuesByFirstConcept, wordCache: new Map() }
}
