import { withContractedIsWrittenOut } from './content-words.ts'
import { countKeywordHits, keywordMatcher } from './keyword-forms.ts'
import type { IntentScore } from './types.ts'

/** The vocabulary of one intent: lexical cues and examples from the definition. */
export interface IntentVocabulary {
  id: string
  label?: string | undefined
  keywords: readonly string[]
  examples: readonly string[]
}

/** Options of {@link createIntentScorer}. */
export interface IntentScorerOptions {
  intents: readonly IntentVocabulary[]
  /** Score of one keyword hit. @default 0.7 */
  keywordScore?: number
  /** Added per extra distinct keyword hit. @default 0.05 */
  extraHitScore?: number
  /** Ceiling for keyword evidence alone; an exact example or label reaches 1. @default 0.8 */
  keywordCeiling?: number
}

/** Scores text against intents; deterministic, linear in text length and keyword count. */
export interface IntentScorer {
  /** Scores `text`; pass `normalized` when the caller already has `normalizeText(text)`. */
  score(text: string, normalized?: string): IntentScore[]
  /** The intents' ids, in definition order (the order {@link IntentScorer.confidences} fills). */
  readonly ids: readonly string[]
  /**
   * Every intent's lexical confidence in definition order, written into `into` (as long as `ids`):
   * what `score` ranks, without building and sorting one object per intent.
   */
  confidences(normalized: string, into: Float64Array): Float64Array
}

/**
 * Builds a lexical intent scorer from the definition's vocabulary: a keyword phrase found on word
 * boundaries is evidence for its intent; a text equal to an example or label is certain.
 *
 * @example
 * const scorer = createIntentScorer({ intents: [{ id: 'refund', keywords: ['refund'], examples: [] }] })
 * scorer.score('I want a refund') // [{ intent: 'refund', confidence: 0.7 }]
 */
export function createIntentScorer(options: IntentScorerOptions): IntentScorer {
  const { intents, keywordScore = 0.7, extraHitScore = 0.05, keywordCeiling = 0.8 } = options
  const exact = new Map<string, string>()
  const compiled = intents.map((intent) => {
    for (const phrase of [...intent.examples, intent.label ?? '', intent.id]) {
      const key = normalizeText(phrase)
      if (key !== '' && !exact.has(key)) exact.set(key, intent.id)
    }
    return {
      id: intent.id,
      // Each keyword with the forms a message may use (`arrive`: arrives, arriving); one hit per keyword.
      phrases: intent.keywords.map((keyword) => keywordMatcher(normalizeText(keyword))),
    }
  })
  const ids = compiled.map((intent) => intent.id)
  const phrases = compiled.map((intent) => intent.phrases)
  // Per intent: its keywords found in the text being scored (reused, one text at a time).
  const keywordHits = new Float64Array(compiled.length)
  const hasKeywords = phrases.some((list) => list.length > 0)
  function confidences(normalized: string, into: Float64Array): Float64Array {
    const certain = exact.get(normalized)
    // The longest keyword found wins its words (see `countKeywordHits`); with no keywords, none.
    if (hasKeywords) countKeywordHits(` ${normalized} `, phrases, keywordHits)
    for (let index = 0; index < compiled.length; index++) {
      if (certain === compiled[index]!.id) {
        into[index] = 1
        continue
      }
      const hits = keywordHits[index]!
      into[index] = hits === 0 ? 0 : Math.min(keywordCeiling, keywordScore + extraHitScore * (hits - 1))
    }
    return into
  }
  return {
    ids,
    confidences,
    score(text, normalizedText) {
      const scores = confidences(normalizedText ?? normalizeText(text), new Float64Array(ids.length))
      // Stable: ties keep definition order, so clarification options are deterministic.
      return ids
        .map((id, index) => ({ intent: id, confidence: scores[index]! }))
        .sort((left, right) => right.confidence - left.confidence)
    },
  }
}

/**
 * Lower-cases, strips punctuation and collapses spaces, so cues match on word boundaries. The last
 * result is remembered: one turn normalises its message in the sensor, the handoff check and the
 * rule index.
 */
export function normalizeText(text: string): string {
  if (text === lastNormalized.text) return lastNormalized.normalized
  const normalized = normalizeTextUncached(text)
  lastNormalized = { text, normalized }
  return normalized
}

let lastNormalized = { text: '', normalized: '' }

/**
 * "Where the hell is my order", "what on earth happened": an intensifier after a question word,
 * read without it ("where is my order", as a definition's keywords write it).
 */
const intensifier =
  / (where|what|why|how|when|who) (?:the (?:hell|heck|fuck|fck|devil)|on earth|in the world)(?= )/gu

/** The words of an {@link intensifier}, the cheap test before it. */
const intensifierWord = /\b(?:hell|heck|fuck|fck|devil|earth|world)\b/u

/**
 * What {@link normalizeText} reads as one space: a run of characters that are no letter, digit,
 * `@`, `.`, currency sign or hyphen, and of dots that are no decimal point (one between two digits,
 * "7.30", stays). One pass: the same text as replacing the other characters, then the dots, then
 * joining the runs of spaces that left, which took three.
 */
const spacing = /(?:[^\p{L}\p{N}@.$€£-]|\.(?<!\d\.)|\.(?!\d))+/gu

/** {@link normalizeText} without its one-entry cache: for a text read once, so the cached one stays. */
export function normalizeTextUncached(text: string): string {
  const normalized = withContractedIsWrittenOut(text.toLowerCase()).replace(spacing, ' ').trim()
  return intensifierWord.test(normalized) ? ` ${normalized} `.replace(intensifier, ' $1').trim() : normalized
}
