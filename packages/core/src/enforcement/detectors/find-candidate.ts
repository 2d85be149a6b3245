import { isTokenCode } from './char-classes.ts'

/** After a digit: a run the scanner reads (not one of at most three digits ended by other text). */
const runAhead =
  '(?=[0-9]{3}|[0-9]{0,2}(?![0-9])(?:[ .()-]{3}|[ .()-]{0,2}(?![ .()-]))(?:$|[0-9]|[^\\x00-\\x7f]|[ .()-]))'

/**
 * Characters that can make a token worth analysing, found by the native regex engine so plain
 * prose costs no JavaScript per character. Every alternative consumes exactly one character, so
 * the candidate is `lastIndex - 1` after a successful `test`:
 * - a digit in any supported script that starts a number run worth reading: a run of at most
 *   three ASCII digits after it, then at most three of ` .-()`, then another ASCII character is
 *   one no detector accepts and the scan does not note (see `rejectedRunEnd`), so `3 printed` and
 *   `10:30` cost nothing; the lookahead is that rule negated;
 * - an ASCII digit after two capitals and before another digit (an IBAN's first check digit);
 * - `@` (emails);
 * - `.` before a letter (bare domains and `www.` hosts: a valid host ends in `.` and a letter,
 *   so the token of any URL without a scheme has one);
 * - `:` before `//` (URLs) or before another colon in a run of hex digits and dots (IPv6);
 * - the first dash of `-----BEGIN ` (private key blocks);
 * - a short secret's feature (the scanner's `SecretMatcher.features`): the first capital of
 *   `AKIA…`, or the `_` of a prefix like `sk_live_`, so a secret shorter than the long-token
 *   search's length is still found.
 * Each alternative is a single character plus a bounded or single-class lookaround (linear time).
 * Every alternative starts with its character (a leading lookbehind would cost the engine its
 * first-character dispatch: about 5× slower).
 */
const featureAlternatives: readonly string[] = [
  // An ASCII digit that starts a long enough run or an IBAN's check digits (one alternative, so
  // the engine tests the first character once), or a digit of another script.
  `[0-9](?:(?<=[A-Z][A-Z][0-9])(?=[0-9])|${runAhead})`,
  `[\\uff10-\\uff19\\u0660-\\u0669\\u06f0-\\u06f9\\u0966-\\u096f]${runAhead}`,
  '@',
  '\\.(?=[A-Za-z])',
  ':(?=\\/\\/|[0-9A-Fa-f.]*:)',
  '-(?=----BEGIN )',
]

/** Finds where a scan must look next; reused for every text of one scanner. */
export interface CandidateFinder {
  /**
   * Prepares the searches for `text`: call once per scan, before searching it. Returns the text as
   * bytes (one per character) when it is all ASCII and at least 1 KB long, for the scan's own
   * loops; else undefined.
   */
  prepare(text: string): Uint8Array | undefined
  /** First feature character at or after `from`, or `text.length` when there is none. */
  nextFeature(text: string, from: number): number
  /**
   * A position inside the first token at or after `from` with at least `minimumLength` characters
   * (counting only characters from `from` on), or `text.length` when there is none. `text` is the
   * text last given to `prepare`.
   */
  nextLongToken(text: string, from: number): number
}

/** Texts this long and all ASCII are read as bytes (below it the copy costs more than it saves). */
const byteSearchMinimum = 1024
/** A scanner keeps its byte copy for texts up to this length; longer ones get a copy per scan. */
const retainedBytes = 4 * 1024 * 1024
const encoder = new TextEncoder()

/**
 * Creates the candidate finder for tokens of at least `minimumLength` characters (`Infinity`: no
 * token is long) and the given secret features (regex alternatives of one character each).
 */
export function createCandidateFinder(
  minimumLength: number,
  secretFeatures: readonly string[] = [],
): CandidateFinder {
  const feature = new RegExp([...featureAlternatives, ...secretFeatures].join('|'), 'g')
  // A fractional threshold rounds up; at most every token is long.
  const longLength = Math.max(1, Math.ceil(minimumLength))
  let buffer = new Uint8Array(0)
  // The prepared text as bytes when it is all ASCII (one byte per character), else undefined.
  let bytes: Uint8Array | undefined
  return {
    prepare(text) {
      bytes = undefined
      if (text.length < byteSearchMinimum) return undefined
      let target: Uint8Array
      if (text.length > retainedBytes) target = new Uint8Array(text.length)
      else {
        if (buffer.length < text.length)
          buffer = new Uint8Array(Math.min(retainedBytes, Math.max(text.length, buffer.length * 2)))
        target = buffer.subarray(0, text.length)
      }
      // UTF-8 of a non-ASCII character takes two or more bytes, so it does not fit: `read` falls short.
      if (encoder.encodeInto(text, target).read === text.length) bytes = target
      return bytes
    },
    nextFeature(text, from) {
      feature.lastIndex = from
      return feature.test(text) ? feature.lastIndex - 1 : text.length
    },
    nextLongToken: (text, from) =>
      bytes === undefined
        ? nextLongToken(text, from, longLength)
        : nextLongTokenInBytes(bytes, text.length, from, longLength),
  }
}

/** 1 for a token character, per UTF-16 code: one lookup per probe, no branch on ASCII. */
const tokenCodes = (() => {
  const table = new Uint8Array(65_536)
  for (let code = 0; code < 65_536; code++) table[code] = isTokenCode(code) ? 1 : 0
  return table
})()

/**
 * Boyer–Moore-style search for a run of `length` token characters: a run starting in
 * `[at, at + length)` must cover `at + length - 1`, so a break there skips `length` characters, and
 * otherwise the nearest break before it is the next place a run can start. Characters already
 * seen to be token characters are not read again.
 */
function nextLongToken(text: string, from: number, length: number): number {
  const end = text.length
  const table = tokenCodes
  let at = from
  // `[at, verified)` is known to hold only token characters.
  let verified = from
  while (at + length <= end) {
    const last = at + length - 1
    if (table[text.charCodeAt(last)] === 0) {
      at = last + 1
      verified = at
      continue
    }
    // `verified` never falls behind `at`.
    let start = last
    while (start > verified && table[text.charCodeAt(start - 1)] === 1) start--
    if (start === verified) return at
    at = start
    verified = last + 1
  }
  return end
}

/**
 * `nextLongToken` over the bytes of an ASCII text (`end` characters): the same search, reading a
 * typed array instead of calling `charCodeAt` (about 40% faster on a megabyte of prose).
 */
function nextLongTokenInBytes(bytes: Uint8Array, end: number, from: number, length: number): number {
  const table = tokenCodes
  let at = from
  let verified = from
  while (at + length <= end) {
    const last = at + length - 1
    if (table[bytes[last] as number] === 0) {
      at = last + 1
      verified = at
      continue
    }
    let start = last
    while (start > verified && table[bytes[start - 1] as number] === 1) start--
    if (start === verified) return at
    at = start
    verified = last + 1
  }
  return end
}
