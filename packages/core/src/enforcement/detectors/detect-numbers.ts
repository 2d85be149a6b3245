import type { Finding } from '../types.ts'
import { charCode } from './char-classes.ts'
import { extendPrefix } from './detect-ipv6.ts'
import {
  groupDigits,
  groupSize,
  maxSpacedDashLength,
  type NumberRun,
  shapeDot,
  shapeNine,
  shapeThree,
} from './number-run.ts'

/** Which number detectors are on. */
export interface NumberDetectors {
  card: boolean
  ssn: boolean
  phone: boolean
  ipv4: boolean
}

/**
 * Finds cards, SSNs, phone numbers and IPv4 addresses in one number run. Candidates are aligned
 * to digit groups (never a window inside a longer number, where Luhn alone passes 1 in 10), and
 * each is validated: Luhn and issuer prefix for cards, SSA area/group/serial rules for SSNs,
 * NANP or E.164 shape for phones, octet ranges for IPv4.
 */
export function detectNumbers(
  text: string,
  run: NumberRun,
  enabled: NumberDetectors,
  findings: Finding[],
): void {
  const count = run.groupCount
  // An SSN needs a group of three or nine digits, a NANP phone a group of three (an E.164 phone a
  // `+`), an IPv4 address a dot between groups: a run without them skips those detectors.
  const hasThree = (run.shapes & shapeThree) !== 0
  const hasNine = (run.shapes & shapeNine) !== 0
  const hasDot = (run.shapes & shapeDot) !== 0
  const plus = run.start > 0 && text.charCodeAt(run.start - 1) === 43
  if (isRejectedByCounts(run.digitCount, count, hasThree || hasNine, plus)) return
  // Detectors do not compete for groups: adjacent numbers can form a Luhn-valid run by chance,
  // and letting that hide a phone or SSN next to it would leak it. Overlaps merge at redaction.
  if (enabled.card && run.digitCount >= 12) {
    for (let first = 0; first < count; first++) {
      // A card needs twelve digits (only as the whole run) or thirteen from its first group on.
      if (run.digitCount - (run.groupDigitStart[first] as number) < (first === 0 ? 12 : 13)) break
      const size = groupSize(run, first)
      if (size <= 2) {
        // One or two digits at a time (`4 5 3 9 1 4 8 8 …`, `45 39 14 88 …`): the whole stretch of
        // such groups is the card. Seven pairs at least (14 digits): fewer are a phone number
        // (`06 12 34 56 78`) or a date, read below as before.
        const last = uniformGroupsEnd(text, run, first, size)
        if (size === 1 ? last > first : last - first >= 6) {
          detectSpacedCards(text, run, first, last, findings)
          first = last
          continue
        }
      }
      const last = longestCard(text, run, first)
      if (last >= 0) pushCard(text, run, findings, first, last)
    }
  }
  if (enabled.ssn && (hasThree || hasNine)) {
    clearConsumed(run, count)
    detectSsn(text, run, findings)
  }
  // A national phone number has nine digits or more (`detectPhone` reads its leading digits).
  if (enabled.phone && (hasThree || plus || run.digitCount >= 9))
    detectPhone(text, run, findings, hasThree || plus)
  if (enabled.ipv4 && hasDot && count >= 4) {
    clearConsumed(run, count)
    detectIpv4(text, run, findings)
  }
}

/**
 * Whether a run holds nothing any number detector accepts, from its counts alone: fewer than four
 * digits; or fewer than four groups (no dotted quad) and fewer than seven digits; or fewer than
 * twelve digits (no card) without a group of three or nine digits (no SSN or NANP phone), no `+`
 * before it (no E.164 phone) and not 9 to 11 digits (no national phone number, whose leading
 * digits `detectPhone` reads). The scanner's fast path (`rejectedRunEnd`) applies the same rule
 * while reading a run, so the two cannot drift apart.
 */
export function isRejectedByCounts(
  digitCount: number,
  groupCount: number,
  threeOrNine: boolean,
  plus: boolean,
): boolean {
  return (
    digitCount < 4 ||
    (groupCount < 4 &&
      (digitCount < 7 || (digitCount < 12 && !threeOrNine && !plus && !canHaveNationalShape(digitCount))))
  )
}

/**
 * A phone number in national format, by its counts: a trunk `0` and 9 to 11 digits (`09-7625400`,
 * `090-1234-5678`, `020 7946 0958`), or a Chinese mobile number's eleven bare digits from `1`.
 */
export function isNationalPhoneShape(digitCount: number, groupCount: number, lowestLead: number): boolean {
  return (
    (lowestLead === 0 && digitCount >= 9 && digitCount <= 11) ||
    (lowestLead === 1 && digitCount === 11 && groupCount === 1)
  )
}

/** Can a run of `digitCount` digits be a national phone number (9 to 11 digits, see `isNationalPhoneShape`)? */
function canHaveNationalShape(digitCount: number): boolean {
  return digitCount >= 9 && digitCount <= 11
}

/**
 * Can some group start a national phone number (see `isNationalPhone`): a group from `0` with at
 * least nine digits from its start to the run's end, or a group of eleven digits from `1`?
 */
function canBeNationalPhone(run: NumberRun): boolean {
  for (let group = 0; group < run.groupCount; group++) {
    const digitStart = run.groupDigitStart[group] as number
    const leading = run.digits[digitStart] as number
    if (leading === 0 ? run.digitCount - digitStart >= 9 : leading === 1 && groupSize(run, group) === 11)
      return true
  }
  return false
}

/** Clears the run's first `count` claimed groups (a loop: runs have few groups, and `fill` costs a call). */
function clearConsumed(run: NumberRun, count: number): void {
  const consumed = run.consumed
  for (let group = 0; group < count; group++) consumed[group] = 0
}

/** Claims groups `[first, last]` of the run for a finding. */
function mark(run: NumberRun, first: number, last: number): void {
  const consumed = run.consumed
  for (let group = first; group <= last; group++) consumed[group] = 1
}

/** Are groups `[first, last]` of the run unclaimed? */
function isFree(run: NumberRun, first: number, last: number): boolean {
  const consumed = run.consumed
  for (let group = first; group <= last; group++) if (consumed[group] === 1) return false
  return true
}

function push(
  text: string,
  findings: Finding[],
  type: string,
  detector: string,
  start: number,
  end: number,
  confidence: number,
): void {
  findings.push({ type, start, end, value: text.slice(start, end), confidence, detector })
}

/**
 * A separator between a card's groups: one to three of ` .-` or a tab, or up to five spaces around
 * one dash (`4111 - 1111 - …`, `4111  -  1111`, as a model told to get a card past a filter writes
 * it). A parenthesis only around a group of its own: `(4111) (1111) (1111) (1111)` or
 * `(4111) 1111 1111 1111` are cards, as a model told to get one past a filter writes it, where a
 * parenthesis that opens before one group and closes after another (`(4111 1111)`) separates no
 * groups of a card.
 */
function isCardSeparator(text: string, run: NumberRun, group: number): boolean {
  if ((run.groupSeparatorLength[group] as number) > maxSpacedDashLength) return false
  const kind = run.groupSeparator[group] as number
  if (kind !== 40 && kind !== 41) return true
  const from = run.groupEnd[group - 1] as number
  const to = run.groupStart[group] as number
  for (let index = from; index < to; index++) {
    const code = text.charCodeAt(index)
    if (code === charCode.closeParen && (index !== from || !isEnclosed(text, run, group - 1))) return false
    if (code === charCode.openParen && (index !== to - 1 || !isEnclosed(text, run, group))) return false
  }
  return true
}

/** Is the group in parentheses of its own (`(4111)`)? */
function isEnclosed(text: string, run: NumberRun, group: number): boolean {
  return (
    text.charCodeAt((run.groupStart[group] as number) - 1) === charCode.openParen &&
    text.charCodeAt(run.groupEnd[group] as number) === charCode.closeParen
  )
}

/** Longest group span starting at `first` that is a valid card number, or -1. */
function longestCard(text: string, run: NumberRun, first: number): number {
  let best = -1
  const firstSize = groupSize(run, first)
  let previousSize = 0
  let digits = 0
  // Whether the card's separators are spaced dashes longer than three characters (-1: not known
  // yet). They are all or none: "…4444 -  4111…" between two listed cards is no separator inside one.
  let spacedDashes = -1
  for (let last = first; last < run.groupCount; last++) {
    const size = groupSize(run, last)
    if (last > first) {
      if (!isCardSeparator(text, run, last)) break
      const spaced = (run.groupSeparatorLength[last] as number) > 3 ? 1 : 0
      if (spacedDashes < 0) spacedDashes = spaced
      else if (spaced !== spacedDashes) break
      // Printed cards group digits in fours (Amex 4-6-5): a 9-digit group is some other number.
      if (size > 6 || firstSize > 6 || previousSize < 3) break
    }
    previousSize = size
    digits += size
    if (digits > 19) break
    // A compact number glued to letters ("x4111…") is an identifier; grouped digits are a card anywhere.
    const glued = (first === 0 && run.gluedStart) || (last === run.groupCount - 1 && run.gluedEnd)
    // Twelve-digit (Maestro) numbers only as a whole run: a 12-digit window inside a longer
    // number passes Luhn one time in ten.
    const wholeRun = first === 0 && last === run.groupCount - 1
    if (digits < (wholeRun ? 12 : 13) || (glued && last === first)) continue
    const offset = run.groupDigitStart[first] as number
    if (hasCardPrefix(run.digits, offset, digits) && luhnValid(run.digits, offset, digits)) {
      // Sixteen digits is the common length: prefer it to a longer span that swallows the next number.
      if (digits === 16) return last
      best = last
    }
  }
  return best
}

/**
 * Last group of the stretch of groups of `size` digits joined by card separators (of at most three
 * characters) from `first`.
 */
function uniformGroupsEnd(text: string, run: NumberRun, first: number, size: number): number {
  let last = first
  while (
    last + 1 < run.groupCount &&
    groupSize(run, last + 1) === size &&
    isCardSeparator(text, run, last + 1) &&
    (run.groupSeparatorLength[last + 1] as number) <= 3
  )
    last++
  return last
}

/**
 * Cards in the stretch of one- or two-digit groups `[first, last]`: the whole stretch when it is
 * one; otherwise spans of 13 to 19 of its digits, read from its start (sixteen first): two spaced
 * cards side by side (`… 6 7  4 5 3 9 …`, or with one space between) are one stretch too long to
 * be a card. A stretch that long is no other kind of number, so reading spans inside it only ever
 * redacts more.
 */
function detectSpacedCards(
  text: string,
  run: NumberRun,
  first: number,
  last: number,
  findings: Finding[],
): void {
  // The whole stretch first: a card of 17 digits is read whole, not as the 16 that may pass by chance.
  if (isSpacedCard(run, first, last)) {
    pushCard(text, run, findings, first, last)
    return
  }
  let start = first
  while (groupDigits(run, start, last) >= 13) {
    let end = -1
    for (let group = start; group <= last; group++) {
      const digits = groupDigits(run, start, group)
      if (digits > 19) break
      if (!isSpacedCard(run, start, group)) continue
      end = group
      if (digits === 16) break
    }
    if (end < 0) {
      start++
      continue
    }
    pushCard(text, run, findings, start, end)
    start = end + 1
  }
}

/** Reports groups `[first, last]` of the run as a card. */
function pushCard(text: string, run: NumberRun, findings: Finding[], first: number, last: number): void {
  push(
    text,
    findings,
    'credit-card',
    'credit-card',
    run.groupStart[first] as number,
    run.groupEnd[last] as number,
    1,
  )
}

/**
 * Are the groups `[first, last]` a card: 13 to 19 digits, not glued to a word, with an issuer
 * prefix and a valid Luhn checksum?
 */
function isSpacedCard(run: NumberRun, first: number, last: number): boolean {
  const digits = groupDigits(run, first, last)
  if (digits < 13 || digits > 19) return false
  if ((first === 0 && run.gluedStart) || (last === run.groupCount - 1 && run.gluedEnd)) return false
  const offset = run.groupDigitStart[first] as number
  return hasCardPrefix(run.digits, offset, digits) && luhnValid(run.digits, offset, digits)
}

/** Luhn checksum over `digits[offset .. offset+length)`. */
export function luhnValid(digits: Uint8Array, offset: number, length: number): boolean {
  let sum = 0
  let double = false
  for (let index = offset + length - 1; index >= offset; index--) {
    let value = digits[index] as number
    if (double) {
      value *= 2
      if (value > 9) value -= 9
    }
    sum += value
    double = !double
  }
  return sum % 10 === 0
}

/** Issuer prefixes of the major networks (Visa, Mastercard, Amex, Discover, Diners, JCB, UnionPay, Maestro, UATP). */
export function hasCardPrefix(digits: Uint8Array, offset: number, length: number): boolean {
  const first = digits[offset] as number
  const two = first * 10 + (digits[offset + 1] as number)
  const four = two * 100 + (digits[offset + 2] as number) * 10 + (digits[offset + 3] as number)
  switch (first) {
    case 1:
      return length === 15 // UATP / AirPlus
    case 2:
      return length === 16 && four >= 2221 && four <= 2720
    case 3:
      if (two === 34 || two === 37) return length === 15
      if (two === 30 || two === 36 || two === 38 || two === 39) return length >= 14 && length <= 19
      return two === 35 && length >= 16 && length <= 19 // JCB
    case 4:
      return length === 13 || length === 16 || length === 19
    case 5:
      return length >= 12 && length <= 19 // Mastercard 51-55, Maestro 50/56-59, Dankort 5019
    case 6:
      return length >= 12 && length <= 19 // Discover, UnionPay, Maestro
    default:
      return false
  }
}

/** US SSN: `AAA-GG-SSSS` with one repeated separator, or nine bare digits (lower confidence). */
function detectSsn(text: string, run: NumberRun, findings: Finding[]): void {
  for (let group = 0; group < run.groupCount; group++) {
    if (!isFree(run, group, group) || (group === 0 && run.gluedStart)) continue
    const size = groupSize(run, group)
    if (size === 9 && !(group === run.groupCount - 1 && run.gluedEnd)) {
      if (isValidSsn(run.digits, run.groupDigitStart[group] as number)) {
        push(
          text,
          findings,
          'us-ssn',
          'us-ssn',
          run.groupStart[group] as number,
          run.groupEnd[group] as number,
          0.5,
        )
        mark(run, group, group)
      }
      continue
    }
    // `AAA-GGSSSS` or `AAAGG-SSSS` starts with a group of three or five digits.
    if ((size === 3 || size === 5) && isWeakSsnPair(run, group)) {
      if (isValidSsn(run.digits, run.groupDigitStart[group] as number)) {
        push(
          text,
          findings,
          'us-ssn',
          'us-ssn',
          run.groupStart[group] as number,
          run.groupEnd[group + 1] as number,
          0.3,
        )
        mark(run, group, group + 1)
      }
      group++
      continue
    }
    if (size !== 3 || group + 2 >= run.groupCount) continue
    if (groupSize(run, group + 1) !== 2 || groupSize(run, group + 2) !== 4 || !isFree(run, group, group + 2))
      continue
    if (group + 2 === run.groupCount - 1 && run.gluedEnd) continue
    const kind = run.groupSeparator[group + 1] as number
    const sameSeparator =
      kind === (run.groupSeparator[group + 2] as number) && (kind === 32 || kind === 45 || kind === 46)
    const single = run.groupSeparatorLength[group + 1] === 1 && run.groupSeparatorLength[group + 2] === 1
    if (!sameSeparator || !single || !isValidSsn(run.digits, run.groupDigitStart[group] as number)) continue
    push(
      text,
      findings,
      'us-ssn',
      'us-ssn',
      run.groupStart[group] as number,
      run.groupEnd[group + 2] as number,
      0.85,
    )
    mark(run, group, group + 2)
    group += 2
  }
}

/**
 * `AAA-GGSSSS` or `AAAGG-SSSS`: nine digits in two groups joined by one dash, each group whole
 * (Presidio's weakest SSN patterns). The pair must not be part of a longer run of groups joined
 * by dashes (a phone, a card, a date).
 */
function isWeakSsnPair(run: NumberRun, group: number): boolean {
  if (group + 1 >= run.groupCount) return false
  const first = groupSize(run, group)
  const second = groupSize(run, group + 1)
  if (!((first === 3 && second === 6) || (first === 5 && second === 4))) return false
  if (run.groupSeparator[group + 1] !== 45 || run.groupSeparatorLength[group + 1] !== 1) return false
  if (group > 0 && run.groupSeparator[group] === 45) return false
  if (group + 2 < run.groupCount && run.groupSeparator[group + 2] === 45) return false
  return !((group === 0 && run.gluedStart) || (group + 1 === run.groupCount - 1 && run.gluedEnd))
}

/** SSA rules: area not 000, 666 or 9xx; group not 00; serial not 0000; no advertised or trivial numbers. */
export function isValidSsn(digits: Uint8Array, offset: number): boolean {
  const first = digits[offset] as number
  const area = first * 100 + (digits[offset + 1] as number) * 10 + (digits[offset + 2] as number)
  const group = (digits[offset + 3] as number) * 10 + (digits[offset + 4] as number)
  const serial =
    (digits[offset + 5] as number) * 1000 +
    (digits[offset + 6] as number) * 100 +
    (digits[offset + 7] as number) * 10 +
    (digits[offset + 8] as number)
  if (area === 0 || area === 666 || area >= 900 || group === 0 || serial === 0) return false
  let same = true
  let ascending = true
  for (let index = 1; index < 9; index++) {
    const digit = digits[offset + index] as number
    if (digit !== first) same = false
    if (digit !== ((digits[offset + index - 1] as number) + 1) % 10) ascending = false
  }
  if (same || ascending) return false
  // Woolworth's wallet card (078-05-1120) and the 1962 Social Security Board pamphlet (219-09-9999).
  return !(
    (area === 78 && group === 5 && serial === 1120) ||
    (area === 219 && group === 9 && serial === 9999)
  )
}

function groupValue(run: NumberRun, group: number): number {
  let value = 0
  const start = run.groupDigitStart[group] as number
  const size = groupSize(run, group)
  for (let index = 0; index < size; index++) value = value * 10 + (run.digits[start + index] as number)
  return value
}

/**
 * International numbers after `+` (E.164: 8 to 15 digits), NANP numbers `(NPA) NXX-XXXX`, and
 * national formats: a trunk `0`, then an area code and a subscriber number of 9 to 11 digits in
 * all, in two to four groups joined by single dashes or spaces (`09-7625400`, `090-1234-5678`,
 * the UK's `07700 900123`),
 * or a Chinese mobile number (`1[3-9]` and nine more digits, bare).
 */
function detectPhone(text: string, run: NumberRun, findings: Finding[], nanpOrE164: boolean): void {
  // A national number needs a group from `0` with nine digits from it on, or eleven bare digits
  // from `1`: a card's `4111 1111 …` has neither and skips the national reading.
  const national = run.digitCount >= 9 && canBeNationalPhone(run)
  if (!national && !nanpOrE164) return
  clearConsumed(run, run.groupCount)
  if (national) detectNationalPhone(text, run, findings)
  // The E.164 reading needs a `+` before the run, the NANP one a group of three digits.
  if (!nanpOrE164) return
  if (run.start > 0 && text.charCodeAt(run.start - 1) === 43 && run.digits[0] !== 0 && isFree(run, 0, 0)) {
    let last = -1
    for (let group = 0; group < run.groupCount && groupDigits(run, 0, group) <= 15; group++) {
      if (group > 0 && (run.groupSeparatorLength[group] as number) > 2) break
      last = group
    }
    while (last >= 0 && last === run.groupCount - 1 && run.gluedEnd) last--
    if (last >= 0 && groupDigits(run, 0, last) >= 8 && isFree(run, 0, last)) {
      push(text, findings, 'phone-number', 'phone', run.start - 1, run.groupEnd[last] as number, 0.8)
      mark(run, 0, last)
    }
  }
  for (let group = 0; group + 2 < run.groupCount; group++) {
    const leadingOne = groupSize(run, group) === 1 && run.digits[run.groupDigitStart[group] as number] === 1
    const area = leadingOne ? group + 1 : group
    if (area + 2 >= run.groupCount || (group === 0 && run.gluedStart)) continue
    if (groupSize(run, area) !== 3 || groupSize(run, area + 1) !== 3 || groupSize(run, area + 2) !== 4)
      continue
    if (!isFree(run, group, area + 2) || (area + 2 === run.groupCount - 1 && run.gluedEnd)) continue
    let separated = true
    for (let next = group + 1; next <= area + 2; next++)
      if ((run.groupSeparatorLength[next] as number) > 2) separated = false
    const npa = run.digits[run.groupDigitStart[area] as number] as number
    const nxx = run.digits[run.groupDigitStart[area + 1] as number] as number
    if (!separated || npa < 2 || nxx < 2) continue
    const groupStart = run.groupStart[group] as number
    const start = groupStart > 0 && text.charCodeAt(groupStart - 1) === 40 ? groupStart - 1 : groupStart
    push(text, findings, 'phone-number', 'phone', start, run.groupEnd[area + 2] as number, 0.7)
    mark(run, group, area + 2)
    group = area + 2
  }
}

function isDotJoined(run: NumberRun, group: number): boolean {
  return run.groupSeparator[group] === 46 && run.groupSeparatorLength[group] === 1
}

/** Dotted quads with octets 0..255, no leading zeros, with an optional CIDR prefix (`/24`). */
function detectIpv4(text: string, run: NumberRun, findings: Finding[]): void {
  for (let group = 0; group + 3 < run.groupCount; group++) {
    if ((group > 0 && isDotJoined(run, group)) || (group === 0 && run.gluedStart)) continue
    let valid = isFree(run, group, group + 3)
    for (let octet = group; valid && octet <= group + 3; octet++) {
      const size = groupSize(run, octet)
      const leadingZero = size > 1 && run.digits[run.groupDigitStart[octet] as number] === 0
      valid =
        size <= 3 &&
        !leadingZero &&
        groupValue(run, octet) <= 255 &&
        (octet === group || isDotJoined(run, octet))
    }
    if (!valid) continue
    if (group + 3 === run.groupCount - 1 && run.gluedEnd) continue
    push(
      text,
      findings,
      'ip-address',
      'ip-address',
      run.groupStart[group] as number,
      extendPrefix(text, run.groupEnd[group + 3] as number, text.length, 32),
      0.9,
    )
    mark(run, group, group + 3)
    group += 3
  }
}

/**
 * National-format phone numbers in a run (see `detectPhone`): groups joined by one kind of single
 * separator, set apart from the rest of the run by another separator or a longer one.
 */
function detectNationalPhone(text: string, run: NumberRun, findings: Finding[]): void {
  const count = run.groupCount
  for (let first = 0; first < count; first++) {
    const separator = first + 1 < count ? (run.groupSeparator[first + 1] as number) : 0
    // After a `+` the E.164 reading comes first (and rejects a leading 0: a stray `+`).
    if (first === 0 ? run.gluedStart : !isApart(run, first, separator)) continue
    let last = first
    while (
      last + 1 < count &&
      run.groupSeparator[last + 1] === separator &&
      run.groupSeparatorLength[last + 1] === 1
    )
      last++
    if ((last === count - 1 && run.gluedEnd) || !isFree(run, first, last)) continue
    if (isNationalPhone(run, first, last, separator)) {
      push(
        text,
        findings,
        'phone-number',
        'phone',
        run.groupStart[first] as number,
        run.groupEnd[last] as number,
        0.4,
      )
      mark(run, first, last)
      first = last
    }
  }
}

/** Is group `group` set apart from the one before (another separator than `separator`, or a longer one)? */
function isApart(run: NumberRun, group: number, separator: number): boolean {
  return (run.groupSeparatorLength[group] as number) > 1 || run.groupSeparator[group] !== separator
}

/** Groups `[first, last]` joined by `separator` as a national phone number. */
function isNationalPhone(run: NumberRun, first: number, last: number, separator: number): boolean {
  const groups = last - first + 1
  const digits = groupDigits(run, first, last)
  const start = run.groupDigitStart[first] as number
  const leading = run.digits[start] as number
  const second = run.digits[start + 1] as number
  if (!isNationalPhoneShape(digits, groups, leading) || second === 0) return false
  // A Chinese mobile number: eleven bare digits from 13 to 19.
  if (leading === 1) return second >= 3
  if (groups < 2 || groups > 4 || (separator !== 45 && separator !== 32)) return false
  const head = groupSize(run, first)
  // A five-digit head only as the UK writes its mobiles and some area codes: `07700 900123`.
  if (head < 2 || head > (groups === 2 && digits === 11 ? 5 : 4)) return false
  for (let group = first + 1; group <= last; group++) if (groupSize(run, group) < 3) return false
  // `015-555-1234` has the NANP shape with an area code no NANP number has: not a phone.
  return !(groups === 3 && head === 3 && groupSize(run, first + 1) === 3 && groupSize(run, last) === 4)
}
