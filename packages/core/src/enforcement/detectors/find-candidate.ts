import { valueGap } from './assignment-name.ts'
import { charCode, isTokenCode } from './char-classes.ts'
import { mayStartValueAfter } from './value-features.ts'

/** After a digit: a run the scanner reads (not one of at most three digits ended by other text). */
const runAhead =
  '(?=[0-9]{3}|[0-9]{0,2}(?![0-9])(?:[ \\t.()-]{3}|[ \\t.()-]{0,2}(?![ \\t.()-]))(?:$|[0-9]|[^\\x00-\\x7f]|[ \\t.()-]))'

/** Superscript, subscript, circled, parenthesized and full-stop digits (`⁴`, `₄`, `④`, `❹`, `⑷`, `⒋`: see `digitValue`), as a regex class body. */
const smallOrCircledDigits =
  '\\u00b2\\u00b3\\u00b9\\u2070\\u2074-\\u2079\\u2080-\\u2089\\u2460-\\u2468\\u2474-\\u247c\\u2488-\\u2490\\u24ea\\u24f5-\\u24fd\\u24ff\\u2776-\\u277e\\u2780-\\u2788\\u278a-\\u2792'

/**
 * Characters that can make a token worth analysing, found by the native regex engine so plain
 * prose costs no JavaScript per character. Every alternative consumes exactly one character, so
 * the candidate is `lastIndex - 1` after a successful `test`:
 * - a digit in any supported script that starts a number run worth reading: a run of at most
 *   three ASCII digits after it, then at most three of ` .-()` or tabs, then another ASCII character is
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
 * first-character dispatch: about 5× slower). V8 (Node 20) keeps that dispatch for at most 16
 * distinct ASCII first characters, and these alternatives take all 16 (the ten digits, `@`, `.`,
 * `:`, `-`, `A`, `_`): one more, however rare (`=`, `~`), made this search 2 to 2.5× slower on the
 * bench corpora, and removing one alternative (`A` or `_`) made room for it again. A new feature
 * starts with one of these characters or is found another way (see `findOperatorCandidates`).
 */
const featureAlternatives: readonly string[] = [
  // An ASCII digit that starts a long enough run or an IBAN's check digits (one alternative, so
  // the engine tests the first character once), or a digit of another script.
  `[0-9](?:(?<=[A-Z][A-Z][0-9])(?=[0-9])|${runAhead})`,
  `[\\uff10-\\uff19\\u0660-\\u0669\\u06f0-\\u06f9\\u0966-\\u096f${smallOrCircledDigits}]${runAhead}`,
  '@',
  '\\.(?=[A-Za-z])',
  ':(?=\\/\\/|[0-9A-Fa-f.]*:)',
  '-(?=----BEGIN )',
]

/** Finds where a scan must look next; reused for every text of one scanner. */
export interface CandidateFinder {
  /**
   * Prepares the searches for `text` from `from` on (default 0): call once per scan, before
   * searching it. Returns the text as
   * bytes (one per character) when it is all ASCII and at least 1 KB long, for the scan's own
   * loops; else undefined.
   */
  prepare(text: string, from?: number): Uint8Array | undefined
  /**
   * First feature character at or after `from`, or `text.length` when there is none. With `since`
   * (before `from`), a value feature whose operator or option stands in `[since, from)` counts too:
   * its value starts at or after `from` (a stream's chunk may end between `password =` and its value).
   */
  nextFeature(text: string, from: number, since?: number): number
  /**
   * A position inside the first token at or after `from` with at least `minimumLength` characters
   * (counting only characters from `from` on), or `text.length` when there is none. `text` is the
   * text last given to `prepare`.
   */
  nextLongToken(text: string, from: number): number
}

/**
 * How far before a value its operator or option can stand: the quotes and spaces an assignment
 * may hold (`valueGap`), an authorization scheme (`Bearer `) and an option (`--user `).
 */
export const valueLookback = valueGap + 24

/** Texts this long and all ASCII are read as bytes (below it the copy costs more than it saves). */
export const byteSearchMinimum = 1024
/** A scanner keeps its byte copy for texts up to this length; longer ones get a copy per scan. */
const retainedBytes = 4 * 1024 * 1024
const encoder = new TextEncoder()

/**
 * Creates the candidate finder for tokens of at least `minimumLength` characters (`Infinity`: no
 * token is long), the given secret features (regex alternatives of one character each) and the
 * value feature tried at each `=`, `>` and `,` (see `SecretMatcher.operatorFeature`).
 */
export function createCandidateFinder(
  minimumLength: number,
  secretFeatures: readonly string[] = [],
  operatorFeature?: string,
): CandidateFinder {
  const feature = new RegExp([...featureAlternatives, ...secretFeatures].join('|'), 'g')
  const operatorPattern = operatorFeature === undefined ? undefined : new RegExp(operatorFeature, 'y')
  // The scan's operator candidates (see `findOperatorCandidates`) and the first not yet passed.
  const operatorPositions: number[] = []
  const operatorCandidates: number[] = []
  let nextOperator = 0
  // A fractional threshold rounds up; at most every token is long.
  const longLength = Math.max(1, Math.ceil(minimumLength))
  let buffer = new Uint8Array(0)
  // The prepared text as bytes when it is all ASCII (one byte per character), else undefined.
  let bytes: Uint8Array | undefined
  // The last feature search: from `searchedFrom` on, the first feature is at `searchedFound` (the
  // text's length when there is none). A feature's place does not depend on where a search starts
  // (lookbehinds read the text itself), so any search from `[searchedFrom, searchedFound]` finds
  // the same: a text whose operator candidates come first is not searched to its end again for
  // each of them (that made a megabyte of `key = "…"` lines cost seconds).
  // Both reset by `prepare`: a search belongs to the text prepared last.
  let searchedFrom = -1
  let searchedFound = -1
  return {
    prepare(text, from = 0) {
      bytes = undefined
      searchedFrom = -1
      searchedFound = -1
      nextOperator = 0
      if (operatorPattern !== undefined)
        // From a few characters earlier: a value at `from` may follow an operator before it.
        findOperatorCandidates(
          operatorPattern,
          text,
          Math.max(0, from - valueLookback),
          operatorPositions,
          operatorCandidates,
        )
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
    nextFeature(text, from, since = from) {
      let found = text.length
      if (from <= searchedFound && from >= searchedFrom) found = searchedFound
      else {
        feature.lastIndex = since
        while (feature.test(text)) {
          // Every alternative ends on its candidate: one before `from` (from `since` on) is passed.
          if (feature.lastIndex - 1 >= from) {
            found = feature.lastIndex - 1
            break
          }
        }
        searchedFrom = from
        searchedFound = found
      }
      // The first operator whose value starts at or after `from` (the scan moves forward, at most
      // a few characters back): values follow their operators in the text's order.
      let operator = nextOperator
      while (operator > 0 && (operatorCandidates[operator - 1] as number) >= from) operator--
      while (operator < operatorCandidates.length && (operatorCandidates[operator] as number) < from)
        operator++
      nextOperator = operator
      const candidate = operatorCandidates[operator]
      return candidate !== undefined && candidate < found ? candidate : found
    },
    nextLongToken: (text, from) =>
      bytes === undefined
        ? nextLongToken(text, from, longLength)
        : nextLongTokenInBytes(bytes, text.length, from, longLength),
  }
}

/**
 * Pushes, for each place at or after `from` where `pattern` (sticky) matches at a `=`, `>` or `,`,
 * the operator's position to `operators` and the match's last character
 * (the candidate) to `candidates`, in order. `indexOf` finds each operator; a comma is tried only
 * after a quote or a space (an assignment's comma follows a quoted name), so the commas of prose
 * cost one read each. Done once per scan: the scan's candidate search only merges the list in.
 */
function findOperatorCandidates(
  pattern: RegExp,
  text: string,
  from: number,
  operators: number[],
  candidates: number[],
): void {
  operators.length = 0
  candidates.length = 0
  let equals = text.indexOf('=', from)
  let greater = text.indexOf('>', from)
  let comma = text.indexOf(',', from)
  for (;;) {
    let position = equals
    if (position < 0 || (greater >= 0 && greater < position)) position = greater
    if (position < 0 || (comma >= 0 && comma < position)) position = comma
    if (position < 0) return
    if (tryOperator(pattern, text, position)) {
      operators.push(position)
      candidates.push(pattern.lastIndex - 1)
    }
    if (position === equals) equals = text.indexOf('=', position + 1)
    else if (position === greater) greater = text.indexOf('>', position + 1)
    else comma = text.indexOf(',', position + 1)
  }
}

function tryOperator(pattern: RegExp, text: string, position: number): boolean {
  const code = text.charCodeAt(position)
  if (code === charCode.comma) {
    // The pattern wants a quote, then at most three spaces, before the comma.
    const previous = text.charCodeAt(position - 1)
    if (
      previous > charCode.space &&
      previous < 127 &&
      previous !== charCode.quote &&
      previous !== charCode.apostrophe &&
      previous !== charCode.backtick
    )
      return false
  }
  // Every alternative but an element's braces (`>{`) wants a value after the operator: most
  // operators in code and prose (`x = y`, `"POST", body`) are turned away without running the regex.
  if (
    !(code === charCode.greaterThan && text.charCodeAt(position + 1) === charCode.openBrace) &&
    !mayStartValueAfter(text, position)
  )
    return false
  pattern.lastIndex = position
  return pattern.test(text)
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
