/** Character classes and number fast paths of the single-pass scanner (see `createScanner`). */
import { charCode, digitValue, isAlphanumericCode, isTokenCode } from './detectors/char-classes.ts'
import { isRejectedByCounts } from './detectors/detect-numbers.ts'

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
/** Set (besides `flagDot`) once a `.` is followed by an ASCII letter: a host name can end here. */
export const flagDotLetter = 64
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

/** An ASCII letter at `index`. */
export function isLetterAt(text: string, index: number): boolean {
  const code = text.charCodeAt(index) | 32
  return code >= 97 && code <= 122
}

/** An ASCII capital at `index` (an IBAN's country code precedes its check digits). */
export function isUpperAt(text: string, index: number): boolean {
  const code = text.charCodeAt(index)
  return code >= 65 && code <= 90
}

/** A character a number run reads between its groups: ` `, tab, `-`, `.`, `(`, `)`. */
export function isSeparatorAscii(code: number): boolean {
  return (
    code === charCode.space ||
    code === charCode.tab ||
    code === charCode.dash ||
    code === charCode.dot ||
    code === charCode.openParen ||
    code === charCode.closeParen
  )
}

/**
 * What `rejectedRunEnd` learned about the run it skipped: where its trailing separators end, and
 * whether the scan notes it as its last run read (for a stream to hold back if it reaches the end
 * of the text). Each scanner owns one and passes it in.
 */
export interface SkippedRun {
  extendedEnd: number
  noted: boolean
}

/** ASCII letter or `_` (a number touching one has no word boundary there). */
function isLetterOrUnderscoreAscii(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === charCode.underscore
}

/**
 * End of a number run (ASCII after its first digit, at `start`) that no number detector accepts,
 * known from its shape alone, or 0. Groups are digits with one to three of ` -.()` or a tab between them,
 * as `readNumberRun` reads them. Two kinds of run are rejected:
 * - one group glued to an ASCII letter or `_` on either side (`f953371d`, `commit e6801`): no
 *   detector accepts a lone group without a word boundary;
 * - what `detectNumbers` rejects before looking at the groups (`isRejectedByCounts`: "3 printed",
 *   "10:30", "2024-05-17", "/85666.").
 * 0 also when the run has a non-ASCII character (a digit or an invisible one) or reaches the end
 * of the text: then it is read in full. `skipped.extendedEnd` is where the run's trailing
 * separators end; `skipped.noted` is false for one group of at most three digits ended by other
 * text ("3 printed", "10:30"), which the scan skips without noting, as it always has. `bytes` is
 * the text as bytes when it is all ASCII (read instead of `text`), else undefined.
 */
export function rejectedRunEnd(
  text: string,
  start: number,
  length: number,
  bytes: Uint8Array | undefined,
  skipped: SkippedRun,
): number {
  // The character at `start` is a digit (of any script).
  let digits = 1
  let groups = 1
  let groupDigits = 1
  let threeOrNine = false
  let lastDigitEnd = start + 1
  let separators = 0
  let index = start + 1
  let code = 0
  while (index < length) {
    code = bytes !== undefined ? (bytes[index] as number) : text.charCodeAt(index)
    if (code >= 48 && code <= 57) {
      if (separators > 0) {
        // A second group: the run is no lone glued group, and twelve digits may be a card.
        if (++groups > 3 || digits >= 11) return 0
        if (groupDigits === 3 || groupDigits === 9) threeOrNine = true
        groupDigits = 0
        separators = 0
      }
      digits++
      groupDigits++
      lastDigitEnd = index + 1
    } else if (isSeparatorAscii(code)) {
      if (separators === 3) {
        // Spaces around one dash may run to five (`4539  -  1488`): `readNumberRun` decides.
        if (isSpacedDash(text, index, code)) return 0
        break
      }
      separators++
    } else if (code >= 128) return 0
    else break
    index++
  }
  if (index >= length) return 0
  const glued =
    groups === 1 &&
    ((separators === 0 && isLetterOrUnderscoreAscii(code)) ||
      (start > 0 && isLetterOrUnderscoreAscii(text.charCodeAt(start - 1))))
  // Below seven digits in at most three groups the rule always rejects: the `+` is not read then.
  if (
    !glued &&
    digits >= 7 &&
    !isRejectedByCounts(
      digits,
      groups,
      threeOrNine || groupDigits === 3 || groupDigits === 9,
      start > 0 && text.charCodeAt(start - 1) === charCode.plus,
    )
  )
    return 0
  skipped.extendedEnd = index
  skipped.noted = digits > 3 || groups > 1 || (separators === 3 && isSeparatorAscii(code))
  return lastDigitEnd
}

/** Do the three separators before `index` and `code` at it hold a dash among spaces (a longer separator)? */
function isSpacedDash(text: string, index: number, code: number): boolean {
  if (code !== charCode.space && code !== charCode.tab && code !== charCode.dash) return false
  return (
    code === charCode.dash ||
    text.charCodeAt(index - 1) === charCode.dash ||
    text.charCodeAt(index - 2) === charCode.dash ||
    text.charCodeAt(index - 3) === charCode.dash
  )
}

/** Where a number run's finding could start: a phone's `+` or `(` just before its first digit. */
export function runPrefixStart(text: string, start: number): number {
  const previous = text.charCodeAt(start - 1)
  return previous === charCode.plus || previous === charCode.openParen ? start - 1 : start
}
