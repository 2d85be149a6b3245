import { charCode } from './char-classes.ts'
import { shannonEntropy } from './shannon-entropy.ts'
import { decodeBase64Text } from './value-shapes.ts'

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

/** Flags of a pair of codes in `pairFlags`. */
const pairWord = 1
const pairTemplate = 2
const pairMarks = pairWord | pairTemplate
const pairAscending = 4
const pairSameLetter = 8
/** The row of `pairFlags` for the first character (no code before it). */
const startRow = 128

/**
 * Flags per pair of codes (`previous * 128 + code`; a code from 127 on is row and column 127,
 * whose runs `runFlags` reads from the codes themselves; row 128 is the first character's):
 * `pairWord` when a word or mark starts with the pair in any case, `pairTemplate` when the second
 * is `<` or `>` (a template mark on its own), `pairAscending` when the second lower-cased follows
 * the first lower-cased, `pairSameLetter` for one letter in both cases (`aA`: it neither extends
 * nor breaks an alphabet). One lookup per character decides whether anything needs a closer look.
 * (Reading a character outside ASCII by its low seven bits had made `ļ` a `<` and `ø` an `x`: a
 * live value holding one passed as a template.)
 */
const pairFlags = (() => {
  const table = new Uint8Array(129 * 128)
  const words = [...placeholderWords, ...templateMarks]
  for (let first = 0; first < 128; first++) {
    for (let second = 0; second < 128; second++) {
      let flags = first === 127 || second === 127 ? 0 : runFlags(first, second)
      const pair = lowerAscii(first) * 128 + lowerAscii(second)
      if (words.some((word) => word.charCodeAt(0) * 128 + word.charCodeAt(1) === pair)) flags |= pairWord
      if (second === charCode.lessThan || second === charCode.greaterThan) flags |= pairTemplate
      table[first * 128 + second] = flags
    }
  }
  for (let second = 0; second < 128; second++)
    table[startRow * 128 + second] =
      (second === charCode.lessThan || second === charCode.greaterThan ? pairTemplate : 0) |
      runFlags(-1, second)
  return table
})()

/** `pairAscending` and `pairSameLetter` of two codes (`previous` -1 before the first). */
function runFlags(previous: number, code: number): number {
  if (code === previous) return 0
  const folded = lowerAscii(code)
  const previousFolded = previous < 0 ? -1 : lowerAscii(previous)
  if (folded === previousFolded + 1) return pairAscending
  return folded === previousFolded ? pairSameLetter : 0
}

/** The words (and marks) starting with each pair that `pairKinds` marks 1. */
const wordsByPair: ReadonlyArray<readonly string[] | undefined> = (() => {
  // Indexed by the pair (`first * 128 + second`), not a Map: a random body meets such a pair
  // about once, and a hash lookup cost more than the comparison it leads to.
  const byPair: Array<string[] | undefined> = new Array(128 * 128).fill(undefined)
  for (const word of [...placeholderWords, ...templateMarks]) {
    const pair = word.charCodeAt(0) * 128 + word.charCodeAt(1)
    byPair[pair] = [...(byPair[pair] ?? []), word]
  }
  return byPair
})()

function lowerAscii(code: number): number {
  return code >= 65 && code <= 90 ? code | 32 : code
}

/**
 * A character repeated this many times in a row, or this many ascending characters (`abcdefghij`,
 * `klmnopqrstuvwx`, `aBcDeFgHiJ` or `aAbBcC…` in either case: a run of ten in a random body of 40
 * is a chance of about 1 in 10^15 over 62 symbols).
 */
const repeatedRun = 6
const ascendingRun = 10

/**
 * Does a word starting with the pair of codes `first`, `second` (ASCII) occur at `index` (its first
 * character already matched), ignoring ASCII case?
 */
function hasWordAt(text: string, index: number, end: number, first: number, second: number): boolean {
  const words = wordsByPair[lowerAscii(first) * 128 + lowerAscii(second)] ?? noWords
  for (let which = 0; which < words.length; which++) {
    const word = words[which] as string
    if (index + word.length > end) continue
    let offset = 1
    while (offset < word.length && lowerAscii(text.charCodeAt(index + offset)) === word.charCodeAt(offset))
      offset++
    if (offset === word.length) return true
  }
  return false
}

/**
 * Does the random part of a secret, `text[start, end)`, look like a placeholder? Fill-in words
 * (`xxxx`, `your_key_here`, `EXAMPLE`), template marks (`<key>`, `${KEY}`, `...`), a character
 * repeated six times, ten ascending characters in a row (an alphabet), or entropy below `minimumEntropy`
 * (default: 3 bits per character, scaled down for bodies under 16 characters, whose entropy
 * cannot reach it; 0 skips the entropy check). One pass reads the body; the entropy is counted
 * only when the number of distinct characters does not already guarantee it. `bytes`, when given,
 * is the text as bytes (all ASCII; read instead of `text`, which is cheaper).
 */
export function isPlaceholder(
  text: string,
  start: number,
  end: number,
  minimumEntropy?: number,
  bytes?: Uint8Array,
): boolean {
  const length = end - start
  if (length <= 0) return true
  const pairs = pairFlags
  let repeated = 1
  let ascending = 1
  let previous = -1
  // The previous code as a row of `pairFlags`: the code when ASCII, else 127; `startRow` first.
  let previousKey = startRow
  // Which codes occur, as four 32-bit words held in locals (their count bounds the entropy check
  // below); codes from 128 on share the last word.
  let seen0 = 0
  let seen1 = 0
  let seen2 = 0
  let seen3 = 0
  for (let index = start; index < end; index++) {
    const code = bytes !== undefined ? (bytes[index] as number) : text.charCodeAt(index)
    const key = code < 128 ? code : 127
    let flags = pairs[(previousKey << 7) | key] as number
    // Row or column 127 holds every code from 127 on: their runs are read from the codes.
    if (key === 127 || previousKey === 127) flags = (flags & pairMarks) | runFlags(previous, code)
    if (flags === 0 && code !== previous) {
      // The usual pair of a random body: no run goes on and no word or mark starts.
      repeated = 1
      ascending = 1
    } else {
      repeated = code === previous ? repeated + 1 : 1
      ascending =
        (flags & pairAscending) !== 0 ? ascending + 1 : (flags & pairSameLetter) !== 0 ? ascending : 1
      if (repeated >= repeatedRun || ascending >= ascendingRun) return isMostlyMarked(text, start, end)
      // A pair starting a word or mark is a prefilter: `hasWordAt` decides.
      if (
        (flags & pairMarks) !== 0 &&
        ((flags & pairTemplate) !== 0 || hasWordAt(text, index - 1, end, previousKey, key))
      )
        return isMostlyMarked(text, start, end)
    }
    previous = code
    previousKey = key
    const bit = 1 << (code & 31)
    if (key === 127) seen3 |= bit
    else if (code >= 96) seen3 |= bit
    else if (code >= 64) seen2 |= bit
    else if (code >= 32) seen1 |= bit
    else seen0 |= bit
  }
  if (minimumEntropy === 0) return false
  const threshold = minimumEntropy ?? (length >= 16 ? 3 : (shortThresholds[length] as number))
  // The least entropy `length` characters with this many distinct ones can have is enough: no
  // need to count them.
  const distinct = bitCount(seen0) + bitCount(seen1) + bitCount(seen2) + bitCount(seen3)
  if (leastEntropy(length, distinct) >= threshold) return false
  return shannonEntropy(text, start, end) < threshold
}

/**
 * The placeholder marks of `text[start, end)`, one flag per character: fill-in words and template
 * marks in any case, `<` and `>`, a character repeated six times and ten ascending characters in
 * either case (as `isPlaceholder` reads them).
 */
function placeholderMarks(text: string, start: number, end: number): Uint8Array {
  const length = end - start
  const marked = new Uint8Array(length)
  let repeatStart = 0
  let ascendStart = 0
  let ascending = 1
  let previousFolded = -2
  for (let offset = 0; offset < length; offset++) {
    const code = text.charCodeAt(start + offset)
    const folded = code >= 65 && code <= 90 ? code | 32 : code
    if (code === charCode.lessThan || code === charCode.greaterThan) marked[offset] = 1
    for (const word of (code < 128 ? markWordsByFirst[lowerAscii(code)] : undefined) ?? noWords) {
      if (offset + word.length > length) continue
      let matched = 0
      while (
        matched < word.length &&
        lowerAscii(text.charCodeAt(start + offset + matched)) === word.charCodeAt(matched)
      )
        matched++
      if (matched === word.length) marked.fill(1, offset, offset + word.length)
    }
    // Runs as `isPlaceholder` reads them: a repeat breaks an alphabet, the same letter in the
    // other case neither extends nor breaks it.
    const repeat = offset > 0 && code === text.charCodeAt(start + offset - 1)
    if (!repeat) repeatStart = offset
    if (offset - repeatStart + 1 >= repeatedRun) marked.fill(1, repeatStart, offset + 1)
    if (repeat) {
      ascending = 1
      ascendStart = offset
    } else if (folded === previousFolded + 1) ascending++
    else if (folded !== previousFolded) {
      ascending = 1
      ascendStart = offset
    }
    if (ascending >= ascendingRun) marked.fill(1, ascendStart, offset + 1)
    previousFolded = folded
  }
  return marked
}

/** A character that joins the parts of a value (`_`, `-`, `.`) or separates words (a space). */
function isJoiner(code: number): boolean {
  return (
    code === charCode.underscore ||
    code === charCode.dash ||
    code === charCode.dot ||
    code === charCode.space ||
    code === charCode.tab
  )
}

/**
 * Is a body that holds placeholder marks made of them? Its characters outside every mark (joiners
 * aside) decide: 16 or more of at least two kinds (letters, digits, other symbols), or 8 or more
 * of two kinds that are two thirds of the body or more, are a secret of their own, and the body is no
 * placeholder, unless they ascend like a hand-typed fake (`abc123xyz456def`: a quarter of their
 * neighbours or more). So a live token with `xxxx` or `EXAMPLE` glued to it or splitting it
 * (`ghp_…xxxx`, `sk-proj-…EXAMPLE`: what a model told to get a secret past a filter writes), and a
 * chosen password that holds a word (`Herewego2024!`), are still secrets, while
 * `your_api_key_here`, `changeme123`, `sk_live_AAAA…`, `hf_SAMPLEabcdef…` and
 * `YOUR_KEY_HERE_1234567890abcdef` stay placeholders. Read only when a mark was found.
 */
export function isMostlyMarked(text: string, start: number, end: number): boolean {
  if (end - start >= shortestDocumentedExample) {
    const body = text.slice(start, end)
    for (const example of documentedExamples) if (body.includes(example)) return true
  }
  const length = end - start
  const marked = placeholderMarks(text, start, end)
  let outside = 0
  let kinds = 0
  // Neighbours outside the marks that ascend (`abc`, `123`, `456def`): what a hand-typed fake
  // is made of, about one pair in 60 of random characters.
  let ascendingPairs = 0
  let previous = -2
  for (let offset = 0; offset < length; offset++) {
    if (marked[offset] === 1) {
      previous = -2
      continue
    }
    const code = text.charCodeAt(start + offset)
    if (isJoiner(code)) continue
    outside++
    const letter = (code >= 65 && code <= 90) || (code >= 97 && code <= 122)
    kinds |= letter ? 1 : code >= 48 && code <= 57 ? 2 : 4
    const folded = code >= 65 && code <= 90 ? code | 32 : code
    if (folded === previous + 1) ascendingPairs++
    previous = folded
  }
  const twoKinds = kinds !== 0 && kinds !== 1 && kinds !== 2 && kinds !== 4
  const handTyped = ascendingPairs * 4 >= outside
  return !(twoKinds && !handTyped && (outside >= 16 || (outside >= 8 && outside * 3 >= length * 2)))
}

/**
 * Is `text[start, end)` (four characters or more) nothing but placeholder marks and joiners: a
 * fill-in word or a run glued to a value (`XXXX`, `EXAMPLE`, `_here`)? A provider's fixed-length
 * format followed by one is still the secret (`AKIA…XXXX`).
 */
export function isPlaceholderSuffix(text: string, start: number, end: number): boolean {
  if (end - start < 4) return false
  const marked = placeholderMarks(text, start, end)
  for (let offset = 0; offset < end - start; offset++)
    if (marked[offset] === 0 && !isJoiner(text.charCodeAt(start + offset))) return false
  return true
}

/**
 * Example values providers print in their documentation, glued into longer strings too (AWS's
 * two access key ids and secret access keys): placeholders wherever they stand.
 */
const documentedExamples: readonly string[] = [
  'IOSFODNN7EXAMPLE',
  'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  'I44QH8DHBEXAMPLE',
  'je7MtGbClwBF/2Zp9Utk/h3yCo8nvbEXAMPLEKEY',
]
const shortestDocumentedExample = Math.min(...documentedExamples.map((example) => example.length))

/** The words and template marks `placeholderMarks` looks for (lower case), by first character. */
const markWordsByFirst: ReadonlyArray<readonly string[] | undefined> = (() => {
  const byFirst: string[][] = []
  for (const word of [...placeholderWords, ...templateMarks]) {
    const first = word.charCodeAt(0)
    byFirst[first] = [...(byFirst[first] ?? []), word]
  }
  return byFirst
})()
const noWords: readonly string[] = []

/** The default entropy floor of bodies under 16 characters: `0.75 * log2(length)`. */
const shortThresholds = Float64Array.from({ length: 16 }, (_, length) => 0.75 * Math.log2(length))

/** `leastEntropyOf` per length below this bound and distinct count (NaN until computed). */
const cachedLengths = 128
const leastEntropies = new Float64Array(cachedLengths * cachedLengths).fill(Number.NaN)

/** `leastEntropyOf`, computed once per length and count below `cachedLengths` (two logarithms saved per call). */
function leastEntropy(length: number, distinct: number): number {
  if (length >= cachedLengths) return leastEntropyOf(length, distinct)
  const slot = length * cachedLengths + distinct
  let value = leastEntropies[slot] as number
  if (Number.isNaN(value)) {
    value = leastEntropyOf(length, distinct)
    leastEntropies[slot] = value
  }
  return value
}

/**
 * The least Shannon entropy of `length` characters of which `distinct` differ: one character
 * `length - distinct + 1` times and the others once (the most uneven spread has the least).
 */
function leastEntropyOf(length: number, distinct: number): number {
  if (distinct <= 1) return 0
  const common = (length - distinct + 1) / length
  return -common * Math.log2(common) + ((distinct - 1) / length) * Math.log2(length)
}

function bitCount(word: number): number {
  let bits = word - ((word >>> 1) & 0x55555555)
  bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333)
  return (((bits + (bits >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24
}

/**
 * Is `text[start, end)` base64 of printable text that is itself a placeholder (`ZHVtbXkg…` is
 * "dummy text …", `YWJjZGVm…` is "abcdef…")? An encoded value is judged by what it encodes.
 */
export function isEncodedPlaceholder(text: string, start: number, end: number): boolean {
  const decoded = decodeBase64Text(text.slice(start, end))
  return decoded !== undefined && isPlaceholder(decoded, 0, decoded.length, 0)
}
