/** Character classes and number fast paths of the single-pass scanner (see `createScanner`). */
import { digitValue, isAlphanumericCode, isTokenCode } from './detectors/char-classes.ts'

/** `@` (emails). Flags are bits OR-ed over a token's characters. */
export const flagAt = 1
/** `:` (URLs, IPv6). */
export const flagColon = 2
/** `.` (hosts). */
export const flagDot = 4
/** Set (besides `flagColon`) once a token has a second colon. */
export const flagSecondColon = 8
/** Any other character that is neither an ASCII letter or digit nor in `+/=_-` (`#`, `~`, non-ASCII, ...). */
export const flagOther = 16
/** One of `+/=_-`: part of a random-looking (entropy) run, though not of an alphanumeric one. */
export const flagEntropyOther = 32
/** Flags a token of only ASCII letters and digits has none of. */
export const flagsNotAlphanumeric = flagAt | flagColon | flagDot | flagOther | flagEntropyOther
/** Class of an ASCII letter: nothing to note. */
export const classOrdinary = 0
/** Class of an ASCII digit. */
export const classDigit = 128
/** A digit of another script (full-width, Arabic-Indic, Devanagari): a digit and `flagOther`. */
export const classOtherDigit = 129
/** Class of a character that ends a token (whitespace, brackets, quotes, `,;|\\`). */
export const classBreak = 255
/**
 * Class per UTF-16 code (one lookup, no branch on ASCII): letter, ASCII digit, other digit, break,
 * or a flag bit (`@`, `:`, `.`, other token punctuation, any other non-ASCII token character).
 */
export const classTable = (() => {
  const table = new Uint8Array(65_536)
  for (let code = 0; code < 65_536; code++) {
    if (!isTokenCode(code)) table[code] = classBreak
    else if (code < 128) table[code] = isAlphanumericCode(code) ? classOrdinary : flagOther
    else table[code] = digitValue(code) >= 0 ? classOtherDigit : flagOther
  }
  for (const char of '+/=_-') table[char.charCodeAt(0)] = flagEntropyOther
  for (let code = 48; code <= 57; code++) table[code] = classDigit
  table[64] = flagAt
  table[58] = flagColon
  table[46] = flagDot
  return table
})()

/** An ASCII capital at `index` (an IBAN's country code precedes its check digits). */
export function isUpperAt(text: string, index: number): boolean {
  const code = text.charCodeAt(index)
  return code >= 65 && code <= 90
}

function isSeparatorAscii(code: number): boolean {
  return code === 32 || code === 45 || code === 46 || code === 40 || code === 41
}

/**
 * End of a number run that certainly has fewer than four digits, or 0 when it may be longer (more
 * digits follow, a non-ASCII character could be a digit or an invisible one, or the text ends).
 */
export function shortNumberEnd(text: string, start: number, length: number): number {
  let probe = start + 1
  while (probe < length && probe - start < 4 && classTable[text.charCodeAt(probe)] === classDigit) probe++
  if (probe - start >= 4 || probe >= length) return 0
  let after = probe
  while (after < length && after - probe < 3 && isSeparatorAscii(text.charCodeAt(after))) after++
  if (after >= length) return 0
  const next = text.charCodeAt(after)
  return next < 128 && classTable[next] !== classDigit && !isSeparatorAscii(next) ? probe : 0
}

/** ASCII letter or `_` (a number touching one has no word boundary there). */
function isLetterOrUnderscoreAscii(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95
}

/**
 * End of a run of ASCII digits starting at `start` with an ASCII letter or `_` just before and
 * just after it (a single-group number run glued on both sides), or 0 otherwise.
 */
export function gluedDigitsEnd(text: string, start: number, length: number): number {
  if (start === 0 || !isLetterOrUnderscoreAscii(text.charCodeAt(start - 1))) return 0
  let end = start
  while (end < length && classTable[text.charCodeAt(end)] === classDigit) end++
  return end > start && end < length && isLetterOrUnderscoreAscii(text.charCodeAt(end)) ? end : 0
}

/** Where a number run's finding could start: a phone's `+` or `(` just before its first digit. */
export function runPrefixStart(text: string, start: number): number {
  const previous = text.charCodeAt(start - 1)
  return previous === 43 || previous === 40 ? start - 1 : start
}
