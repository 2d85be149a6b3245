import { shannonEntropy } from './shannon-entropy.ts'

/**
 * Words that mark a documented example or a value to fill in, not a live secret (compared
 * case-insensitively), and marks of a template (`${NAME}`, `...`; `<` and `>` are checked alone).
 */
const placeholderWords = [
  'xxxx',
  'your',
  'example',
  'sample',
  'dummy',
  'placeholder',
  'redacted',
  'changeme',
  'password',
  'passwd',
  'replace',
  'insert',
  'fake',
  'here',
]
const templateMarks = ['${', '...']

/** Per lower-cased ASCII code: the words (and marks) starting with it. */
const wordsByFirst: ReadonlyArray<readonly string[] | undefined> = (() => {
  const table: Array<string[] | undefined> = new Array(128).fill(undefined)
  for (const word of [...placeholderWords, ...templateMarks]) {
    const first = word.charCodeAt(0)
    table[first] = [...(table[first] ?? []), word]
  }
  return table
})()

/** 1 at `first * 128 + second` (lower-cased) for the first two characters of a word or mark. */
const wordPairs = (() => {
  const table = new Uint8Array(128 * 128)
  for (const word of [...placeholderWords, ...templateMarks])
    table[word.charCodeAt(0) * 128 + word.charCodeAt(1)] = 1
  return table
})()

function lowerAscii(code: number): number {
  return code >= 65 && code <= 90 ? code | 32 : code
}

/** A character repeated this many times in a row, or this many ascending codes (`abcdefghijklmnop`). */
const repeatedRun = 6
const ascendingRun = 16

/** Does `word` (lower case) occur at `index`, ignoring ASCII case? */
function hasWordAt(text: string, index: number, end: number, word: string): boolean {
  if (index + word.length > end) return false
  for (let offset = 1; offset < word.length; offset++) {
    if (lowerAscii(text.charCodeAt(index + offset)) !== word.charCodeAt(offset)) return false
  }
  return true
}

/**
 * Does the random part of a secret, `text[start, end)`, look like a placeholder? Fill-in words
 * (`xxxx`, `your_key_here`, `EXAMPLE`), template marks (`<key>`, `${KEY}`, `...`), a character
 * repeated six times, sixteen ascending characters in a row (an alphabet), or entropy below `minimumEntropy`
 * (default: 3 bits per character, scaled down for bodies under 16 characters, whose entropy
 * cannot reach it; 0 skips the entropy check). One pass reads the body; the entropy is counted
 * only when the number of distinct characters does not already guarantee it.
 */
export function isPlaceholder(text: string, start: number, end: number, minimumEntropy?: number): boolean {
  const length = end - start
  if (length <= 0) return true
  let repeated = 1
  let ascending = 1
  let previous = -1
  let previousLower = 0
  // Which ASCII codes occur, as four 32-bit words (their count bounds the entropy check below).
  let seenLow = 0
  let seenDigits = 0
  let seenUpper = 0
  let seenLower = 0
  for (let index = start; index < end; index++) {
    const code = text.charCodeAt(index)
    if (code === previous) {
      if (++repeated >= repeatedRun) return true
    } else repeated = 1
    if (code === previous + 1) {
      if (++ascending >= ascendingRun) return true
    } else ascending = 1
    previous = code
    // `| 32` lower-cases letters and keeps the marks' characters: a prefilter, `hasWordAt` decides.
    const lower = (code | 32) & 127
    if (lower === 60 || lower === 62) return true
    if (wordPairs[previousLower * 128 + lower] === 1 && hasWordBefore(text, index, end, previousLower))
      return true
    previousLower = lower
    const bit = 1 << (code & 31)
    if (code < 64) {
      if (code < 32) seenLow |= bit
      else seenDigits |= bit
    } else if (code < 96) seenUpper |= bit
    else seenLower |= bit
  }
  if (minimumEntropy === 0) return false
  const threshold = minimumEntropy ?? (length >= 16 ? 3 : 0.75 * Math.log2(length))
  // The least entropy `length` characters with this many distinct ones can have is enough: no
  // need to count them.
  const distinct = bitCount(seenLow) + bitCount(seenDigits) + bitCount(seenUpper) + bitCount(seenLower)
  if (leastEntropy(length, distinct) >= threshold) return false
  return shannonEntropy(text, start, end) < threshold
}

/** Does a word starting with `first` (lower case) begin one character before `index`? */
function hasWordBefore(text: string, index: number, end: number, first: number): boolean {
  for (const word of wordsByFirst[first] ?? []) if (hasWordAt(text, index - 1, end, word)) return true
  return false
}

/**
 * The least Shannon entropy of `length` characters of which `distinct` differ: one character
 * `length - distinct + 1` times and the others once (the most uneven spread has the least).
 */
function leastEntropy(length: number, distinct: number): number {
  if (distinct <= 1) return 0
  const common = (length - distinct + 1) / length
  return -common * Math.log2(common) + ((distinct - 1) / length) * Math.log2(length)
}

function bitCount(word: number): number {
  let bits = word - ((word >>> 1) & 0x55555555)
  bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333)
  return (((bits + (bits >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24
}
