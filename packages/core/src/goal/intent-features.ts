import { stemWord } from '../text/index.ts'

/** Which n-grams describe an utterance. */
export interface IntentFeatureOptions {
  /** Word bigrams as well as single words. @default true */
  wordBigrams: boolean
  /** Character n-gram lengths taken inside each word (padded with spaces). @default [3, 4] */
  charGrams: readonly number[]
}

/** Defaults of `IntentFeatureOptions`. */
export const defaultIntentFeatureOptions: IntentFeatureOptions = { wordBigrams: true, charGrams: [3, 4] }

/** Longest text the classifier reads; the rest is ignored so classification stays bounded. */
const maxCharacters = 2000
const fnvOffset = 0x811c9dc5
const fnvPrime = 0x01000193

/** FNV-1a over the characters of `text[start, end)`, starting from `seed`. */
function hashRange(seed: number, text: string, start: number, end: number): number {
  let hash = seed
  for (let index = start; index < end; index++) hash = Math.imul(hash ^ text.charCodeAt(index), fnvPrime)
  return hash >>> 0
}

/** Mixes two hashes into one (order matters). */
function combine(left: number, right: number): number {
  const mixed = Math.imul(left ^ (right + 0x9e3779b9 + (left << 6) + (left >>> 2)), fnvPrime)
  return mixed >>> 0
}

/** Lower-cased words of `text`, with apostrophes dropped (`don't` -> `dont`). */
export function intentWords(text: string): string[] {
  const lower = text.slice(0, maxCharacters).toLowerCase()
  const bare = lower.includes("'") || lower.includes('\u2019') ? lower.replace(/['\u2019]/g, '') : lower
  return bare.match(/[\p{L}\p{N}]+/gu) ?? []
}

/** The bigram feature of two consecutive words' stem hashes (or a start / end marker). */
export function bigramFeature(previous: number, stemHash: number): number {
  return combine(previous, stemHash)
}

/** Marker hashes a text's first bigram starts from and its last one ends on. */
export const textStart = 1
export const textEnd = 2

/** The hash of a word's stem: the word's unigram feature, and its half of a bigram. */
export function stemFeature(word: string): number {
  const stem = stemWord(word)
  return hashRange(fnvOffset ^ 0x77, stem, 0, stem.length)
}

/** Calls `emit` with the character n-grams inside the padded word (` word `), shortest size first. */
export function forEachCharGram(
  word: string,
  options: IntentFeatureOptions,
  emit: (feature: number) => void,
): void {
  const padded = ` ${word} `
  for (const size of options.charGrams) {
    const seed = fnvOffset ^ (0x6300 + size)
    for (let start = 0; start + size <= padded.length; start++)
      emit(hashRange(seed, padded, start, start + size))
  }
}

/**
 * Calls `emit` with every feature of `text` as a 32-bit hash (no strings are built): stemmed
 * words, word bigrams (with start and end markers) and character n-grams inside each padded word.
 */
export function forEachIntentFeature(
  text: string,
  options: IntentFeatureOptions,
  emit: (feature: number) => void,
): void {
  const words = intentWords(text)
  let previous = textStart
  for (const word of words) {
    const stemHash = stemFeature(word)
    emit(stemHash)
    if (options.wordBigrams) emit(bigramFeature(previous, stemHash))
    previous = stemHash
    forEachCharGram(word, options, emit)
  }
  if (options.wordBigrams && words.length > 0) emit(bigramFeature(previous, textEnd))
}

/** Counts of every feature of `text`, keyed by feature hash. */
export function intentFeatureCounts(text: string, options: IntentFeatureOptions): Map<number, number> {
  const counts = new Map<number, number>()
  forEachIntentFeature(text, options, (feature) => counts.set(feature, (counts.get(feature) ?? 0) + 1))
  return counts
}
