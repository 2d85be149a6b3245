import { stemWord } from '../text/index.ts'
import { goalWordSource, isCharacterWord } from './goal-words.ts'
import type { GoalField, GoalVocabulary, GoalWordForm } from './types.ts'

/** One cue word after normalisation, with the tense it requires. */
export interface CompiledCueWord {
  concept: string
  /** Forms this word accepts; undefined accepts any. */
  forms: ReadonlySet<GoalWordForm> | undefined
  /** Content words allowed between the previous cue word and this one (stop words are free). */
  maxGap: number
  /** Lead the matching word must have (see `GoalToken.lead`): 0 any, 1 a clause start, 2 the request start. */
  lead: 0 | 1 | 2
  /** The word follows the previous cue word directly, no word between, not even a stop word (`+pr`). */
  adjacent?: true
}

/** A cue ready for matching. */
export interface CompiledGoalCue {
  phrase: string
  words: readonly CompiledCueWord[]
  votes: ReadonlyArray<readonly [GoalField, string]>
  weight: number
  destructive: boolean
  courtesy: boolean
  /** Votes only when the target is what its verb acts on (`GoalCue.targetIsObject`). */
  targetIsObject: boolean
}

/** A vocabulary turned into lookup tables, built once per parser. */
export interface CompiledGoalVocabulary {
  vocabulary: GoalVocabulary
  stopWords: ReadonlySet<string>
  /** Words skipped, like stop words, when finding the first word of a clause. */
  fillerWords: ReadonlySet<string>
  /** Stem of any synonym (or canonical word) -> its canonical concept. */
  conceptOf: ReadonlyMap<string, string>
  /** Every stem a cue, synonym or known word knows: never corrected; typos land on all but known words. */
  lexicon: ReadonlySet<string>
  /** Words of `exact` cues: read as written (see `exactConcept`), never stemmed or corrected. */
  exactWords: ReadonlySet<string>
  /** Typo index: a known stem and each of its one-letter deletions -> known stems. */
  deletions: ReadonlyMap<string, readonly string[]>
  /** Length of the longest stem in `deletions`: a word two or more letters longer is no typo of one. */
  longestTypoTarget: number
  /**
   * Stems whose concept a destructive cue names (`remove` of `delete`, `revert`, `wipe`): a typo
   * that drops their first letter ("emove them") is still read as them, so a destructive request
   * is never read as a read-only one for want of a letter.
   */
  destructiveStems: ReadonlySet<string>
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

/** A cue word `*` matches any content word (of the forms given: `not *:ing`). */
export const anyWord = '*'
const allForms: readonly GoalWordForm[] = ['base', 'plural', 'past', 'ing']
/** Content words a cue word may skip by default; stop words skip none unless `...` precedes them. */
const defaultGap = 2
const ellipsisGap = 4

/**
 * The concept of a word an `exact` cue spells out: the word as written, apart from every concept
 * of the stemming and synonym pipeline (`altere`, Portuguese for "change it", must not read as
 * the English `alter`, nor `modifier` as `modified`).
 */
export function exactConcept(word: string): string {
  return `=${word}`
}

function compileCueWord(
  raw: string,
  gapAllowed: boolean,
  compiled: Pick<CompiledGoalVocabulary, 'conceptOf' | 'stopWords' | 'lexicon'>,
  exact = false,
): CompiledCueWord {
  const lead = raw.startsWith('^^') ? 2 : raw.startsWith('^') ? 1 : 0
  const [word = '', formList] = raw.slice(lead).split(':')
  const forms = formList
    ? new Set(
        formList.split(',').filter((form): form is GoalWordForm => allForms.includes(form as GoalWordForm)),
      )
    : undefined
  if (word === anyWord)
    return { concept: anyWord, forms, maxGap: gapAllowed ? ellipsisGap : defaultGap, lead }
  if (compiled.stopWords.has(word))
    return { concept: word, forms, maxGap: gapAllowed ? ellipsisGap : 0, lead }
  const stem = stemWord(word)
  // A word the English cues use as it is (`no` of Spanish "no funciona") keeps its concept.
  const known = stem === word && (compiled.lexicon.has(word) || compiled.conceptOf.has(word))
  if (exact && !known)
    return { concept: exactConcept(word), forms, maxGap: gapAllowed ? ellipsisGap : defaultGap, lead }
  return {
    concept: compiled.conceptOf.get(stem) ?? stem,
    forms,
    maxGap: gapAllowed ? ellipsisGap : defaultGap,
    lead,
  }
}

function compileCueWords(
  phrase: string,
  compiled: Pick<CompiledGoalVocabulary, 'conceptOf' | 'stopWords' | 'lexicon'>,
  exact = false,
): CompiledCueWord[] {
  const words: CompiledCueWord[] = []
  let ellipsis = false
  for (const raw of phrase.toLowerCase().split(/\s+/)) {
    if (raw === '...') ellipsis = true
    else if (raw !== '') {
      const adjacent = raw.length > 1 && raw.startsWith('+') && words.length > 0
      const pieces = characterPieces(adjacent ? raw.slice(1) : raw)
      const word = compileCueWord(pieces[0] as string, ellipsis, compiled, exact)
      words.push(adjacent ? { ...word, maxGap: 0, adjacent } : word)
      // The characters of one written word follow each other with nothing between (`修复`).
      for (const piece of pieces.slice(1))
        words.push({ ...compileCueWord(piece, false, compiled, exact), maxGap: 0 })
      ellipsis = false
    }
  }
  return words
}

const goalWord = new RegExp(goalWordSource, 'gu')

/**
 * A cue word as the words a request splits into (see `goalWordSource`): one per character of a
 * script written without spaces (`修复` is `修`, `复`), else the word itself.
 */
function characterPieces(raw: string): string[] {
  const pieces = raw.match(goalWord)
  return pieces?.some(isCharacterWord) ? pieces : [raw]
}

/** Builds the lookup tables for `vocabulary`. */
export function compileGoalVocabulary(vocabulary: GoalVocabulary): CompiledGoalVocabulary {
  const stopWords = new Set(vocabulary.stopWords)
  const fillerWords = new Set(vocabulary.fillerWords ?? [])
  const conceptOf = new Map<string, string>()
  const lexicon = new Set<string>()
  const exactWords = new Set<string>()
  const leadVerbs = new Set<string>()
  for (const [canonical, variants] of Object.entries(vocabulary.synonyms)) {
    const concept = stemWord(canonical)
    for (const variant of [canonical, ...variants]) {
      const stem = stemWord(variant.toLowerCase())
      conceptOf.set(stem, concept)
      lexicon.add(stem)
    }
  }
  const cuesByFirstConcept = new Map<string, CompiledGoalCue[]>()
  // Two cues that normalise alike (`^remove` and `^delete` once `remove` is a synonym) are one cue
  // with the higher weight: a synonym must not count a word twice.
  const bySignature = new Map<string, CompiledGoalCue>()
  for (const cue of vocabulary.cues) {
    const words = compileCueWords(cue.phrase, { conceptOf, stopWords, lexicon }, cue.exact === true)
    const first = words[0]
    if (!first) continue
    const votes = fields.flatMap((field) => (cue[field] ? [[field, cue[field]] as const] : []))
    let signature = `${cue.destructive === true ? '!' : ''}${cue.courtesy === true ? '~' : ''}${cue.targetIsObject === true ? '>' : ''}`
    for (const word of words)
      signature += `${word.concept}:${[...(word.forms ?? [])]}:${word.maxGap}:${word.lead}:${word.adjacent === true} `
    for (const [field, value] of votes) signature += `|${field}=${value}`
    const twin = bySignature.get(signature)
    if (twin) {
      twin.weight = Math.max(twin.weight, cue.weight ?? 1)
      continue
    }
    // A word known only as a clause-opening verb (`^cache`) stays free to name the target ("is the
    // cache correct") and is no typo-correction target; nor is a word of an `exact` cue.
    for (const word of words) {
      if (word.concept.startsWith('=')) exactWords.add(word.concept.slice(1))
      else if (cue.exact !== true && !stopWords.has(word.concept) && word.lead === 0)
        lexicon.add(word.concept)
      else if (cue.exact !== true && !stopWords.has(word.concept)) leadVerbs.add(word.concept)
    }
    const compiled: CompiledGoalCue = {
      phrase: cue.phrase,
      words,
      votes,
      weight: cue.weight ?? 1,
      destructive: cue.destructive === true,
      courtesy: cue.courtesy === true,
      targetIsObject: cue.targetIsObject === true,
    }
    bySignature.set(signature, compiled)
    const list = cuesByFirstConcept.get(first.concept)
    if (list) list.push(compiled)
    else cuesByFirstConcept.set(first.concept, [compiled])
  }
  const deletions = new Map<string, string[]>()
  let longestTypoTarget = 0
  for (const stem of new Set([...lexicon, ...leadVerbs]))
    if (stem.length >= 4) {
      addDeletions(deletions, stem)
      longestTypoTarget = Math.max(longestTypoTarget, stem.length)
    }
  const destructiveConcepts = new Set<string>()
  for (const cues of cuesByFirstConcept.values())
    for (const cue of cues)
      if (cue.destructive)
        // The cue's verbs (words written with their forms, `delete:base,ing`), not its other words.
        for (const word of cue.words) if (word.forms !== undefined) destructiveConcepts.add(word.concept)
  const destructiveStems = new Set<string>()
  for (const stem of lexicon)
    if (destructiveConcepts.has(conceptOf.get(stem) ?? stem)) destructiveStems.add(stem)
  // Known words join the lexicon after the typo index is built: read as themselves, never a
  // correction's target.
  for (const word of vocabulary.knownWords ?? []) {
    const stem = stemWord(word.toLowerCase())
    if (!lexicon.has(stem)) lexicon.add(stem)
  }
  return {
    vocabulary,
    stopWords,
    fillerWords,
    conceptOf,
    lexicon,
    exactWords,
    deletions,
    longestTypoTarget,
    destructiveStems,
    cuesByFirstConcept,
    wordCache: new Map(),
  }
}
