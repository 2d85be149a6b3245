/**
 * A card number whose groups are joined by a mark other than a space, a dash or a dot
 * (`4111/1111/1111/1111`, one group per line, `4111 | 1111 | …`, `4111•1111•…`): the number
 * runs of the scanner end at such a mark, so each group was read alone and the whole number
 * went through both the input rail and Lane 1 (outside review rv59 1). Read here, from a run of
 * four digits that such a mark ends, only in the printed shape of a card: the same mark between
 * every group, groups of four (Amex and Diners 4-6-5 / 4-6-4), 13 to 19 digits, an issuer prefix
 * and a valid Luhn checksum. Lists of numbers ("4821, 3392, 1043, 2210") pass the checksum one
 * time in ten; the shape and the prefix keep them out.
 */
import { hasCardPrefix, luhnValid } from './detect-numbers.ts'

/**
 * The marks read between a card's groups (one kind per card), as UTF-16 codes: every ASCII
 * punctuation mark the number runs do not read themselves (an outside attack review in session 64
 * joined a card's groups with `!`, `$`, `%`, `&`, `@`, `?`, brackets, `^`, `<`, `>` and `×`, and
 * each came through), and middle dots and leaders (`·`, `•`, `․`, `‧`, `・`).
 */
const cardMarks: ReadonlySet<number> = new Set(
  [...'/\\|,:;_~=#+\'"!$%&@?[]{}^<>*`\u00b7\u00d7\u2022\u2024\u2027\u2219\u22c5\u30fb\uff65\n\r'].map(
    (mark) => mark.charCodeAt(0),
  ),
)

/** 1 for the ASCII codes of `cardMarks`: one lookup after every group of four digits. */
const asciiCardMarks = (() => {
  const table = new Uint8Array(128)
  for (const code of cardMarks) if (code < 128) table[code] = 1
  return table
})()

/** Is `code` a mark `readMarkedCard` reads between groups? */
export function isCardMark(code: number): boolean {
  return code < 128 ? asciiCardMarks[code] === 1 : cardMarks.has(code)
}

/** The digits read, reused by every call (at most 19, and one over to see that a card ends). */
const scratch = new Uint8Array(20)

/**
 * The end of a card written with a mark between its groups, its first group the four ASCII digits
 * at `start` (`text[start + 4]` is not a digit), or 0. `text` around the card: a digit or a letter
 * glued to either end makes it part of something else.
 */
export function readMarkedCard(text: string, start: number): number {
  if (start > 0 && isGlued(text.charCodeAt(start - 1))) return 0
  let digits = 0
  for (let index = start; index < start + 4; index++) scratch[digits++] = text.charCodeAt(index) - 48
  let index = start + 4
  // The marks and the blanks around them, as read after the first group: every later joint is
  // the same characters.
  const jointLength = jointAt(text, index)
  if (jointLength === 0) return 0
  const sizes = [4]
  let end = index
  for (;;) {
    if (index !== start + 4 && !sameJoint(text, start + 4, index, jointLength)) break
    const groupStart = index + jointLength
    let groupEnd = groupStart
    while (groupEnd < text.length && isAsciiDigit(text.charCodeAt(groupEnd))) {
      if (digits >= scratch.length) return 0
      scratch[digits++] = text.charCodeAt(groupEnd) - 48
      groupEnd++
    }
    const size = groupEnd - groupStart
    if (size < 3 || size > 6) break
    sizes.push(size)
    index = groupEnd
    end = groupEnd
    if (digits > 19) return 0
  }
  if (end < text.length && isGlued(text.charCodeAt(end))) return 0
  if (digits < 13 || digits > 19 || !isPrintedShape(sizes)) return 0
  return hasCardPrefix(scratch, 0, digits) && luhnValid(scratch, 0, digits) ? end : 0
}

/** Groups as cards print them: fours (the last may be shorter), or Amex and Diners' 4-6-5 and 4-6-4. */
function isPrintedShape(sizes: readonly number[]): boolean {
  if (sizes.length === 3) return sizes[0] === 4 && sizes[1] === 6 && (sizes[2] === 5 || sizes[2] === 4)
  for (let group = 0; group < sizes.length - 1; group++) if (sizes[group] !== 4) return false
  const last = sizes[sizes.length - 1] as number
  return sizes.length >= 4 && last >= 3 && last <= 4
}

/**
 * Most marks in one joint: a quoted list's `","`, a quoted Markdown line's line break and `>`,
 * TeX's `$ $` (an outside attack pass in session 69 wrote a card so, and each came through).
 */
const jointMarks = 3

/**
 * The length of the joint at `index`, or 0 when there is none: at most two blanks, then one to
 * `jointMarks` marks (a carriage return with its line feed is one), each followed by at most two
 * blanks, then a digit.
 */
function jointAt(text: string, index: number): number {
  let at = index
  while (at < index + 2 && isBlank(text.charCodeAt(at))) at++
  for (let marks = 0; marks < jointMarks; marks++) {
    const mark = text.charCodeAt(at)
    if (!cardMarks.has(mark)) return 0
    at++
    if (mark === 13 && text.charCodeAt(at) === 10) at++
    const afterMark = at
    while (at < afterMark + 2 && isBlank(text.charCodeAt(at))) at++
    if (isAsciiDigit(text.charCodeAt(at))) return at - index
  }
  return 0
}

/** Is the joint at `at` the same `length` characters as the first one, at `first`, then a digit? */
function sameJoint(text: string, first: number, at: number, length: number): boolean {
  for (let offset = 0; offset < length; offset++)
    if (text.charCodeAt(at + offset) !== text.charCodeAt(first + offset)) return false
  return isAsciiDigit(text.charCodeAt(at + length))
}

export function isAsciiDigit(code: number): boolean {
  return code >= 48 && code <= 57
}

/** A space or a tab. */
export function isBlank(code: number): boolean {
  return code === 32 || code === 9
}

/** A digit or an ASCII letter: glued to a card's end, the digits belong to something else. */
function isGlued(code: number): boolean {
  return isAsciiDigit(code) || ((code | 32) >= 97 && (code | 32) <= 122)
}

/**
 * Where a card that the text's end may cut short starts (`4111/1111/` at the end of a stream's
 * chunk: the next one may complete it), or `length` when none may: a stretch at the end of four
 * digits, then marked groups, that ends on a mark, blanks or a group still short of a whole card.
 */
export function markedCardOpenFrom(text: string, length: number): number {
  let at = length
  let marks = 0
  while (at > 0 && length - at < 48) {
    const code = text.charCodeAt(at - 1)
    if (cardMarks.has(code)) marks++
    else if (!isAsciiDigit(code) && !isBlank(code)) break
    at--
  }
  // The stretch starts at its first digit, four of them before the first mark.
  while (at < length && !isAsciiDigit(text.charCodeAt(at))) at++
  if (marks === 0 || at >= length || (at > 0 && isGlued(text.charCodeAt(at - 1)))) return length
  let digits = 0
  for (let index = at; index < length; index++) if (isAsciiDigit(text.charCodeAt(index))) digits++
  let firstGroup = 0
  while (at + firstGroup < length && isAsciiDigit(text.charCodeAt(at + firstGroup))) firstGroup++
  return firstGroup === 4 && digits < 19 ? at : length
}
