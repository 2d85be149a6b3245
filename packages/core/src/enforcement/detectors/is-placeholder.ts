import { shannonEntropy } from './shannon-entropy.ts'

/** Words that mark a documented example or a value to fill in, not a live secret. */
const placeholderWords =
  /x{4}|your|example|sample|dummy|placeholder|redacted|changeme|passw(?:or)?d|replace|insert|fake|secret_?here|token_?here|key_?here|<|>|\$\{|\.\.\./i

/** Longest run of one repeated character, and of consecutive ascending codes (`abcd`, `1234`). */
const repeatedRun = 6
const ascendingRun = 8

/**
 * Does the random part of a secret, `text[start, end)`, look like a placeholder? Fill-in words
 * (`xxxx`, `your_key_here`, `EXAMPLE`), a character repeated six times, eight ascending characters
 * in a row (`abcdefgh`, `12345678`), or entropy below `minimumEntropy` (default: 3 bits per
 * character, scaled down for bodies under 16 characters, whose entropy cannot reach it).
 */
export function isPlaceholder(text: string, start: number, end: number, minimumEntropy?: number): boolean {
  const length = end - start
  if (length <= 0) return true
  let repeated = 1
  let ascending = 1
  for (let index = start + 1; index < end; index++) {
    const code = text.charCodeAt(index)
    const previous = text.charCodeAt(index - 1)
    repeated = code === previous ? repeated + 1 : 1
    ascending = code === previous + 1 ? ascending + 1 : 1
    if (repeated >= repeatedRun || ascending >= ascendingRun) return true
  }
  if (placeholderWords.test(text.slice(start, end))) return true
  const threshold = minimumEntropy ?? Math.min(3, 0.75 * Math.log2(length))
  return shannonEntropy(text, start, end) < threshold
}
