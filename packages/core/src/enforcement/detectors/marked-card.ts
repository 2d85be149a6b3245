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
import { isLetterAt, isSeparatorAscii } from '../scan-classes.ts'
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
 * TeX's `$ $`, a YAML list of quoted strings' `"` ⏎ `  - "` (session 69's attack pass wrote a
 * card so, and each came through).
 */
const jointMarks = 4

/**
 * The length of the joint at `index`, or 0 when there is none: at most two blanks, then one to
 * `jointMarks` marks (a carriage return with its line feed is one), each followed by at most two
 * blanks, then a digit. A dash or a dot counts among other marks (a YAML list's `- `), never
 * alone: a number run reads a dash or a dot between groups itself.
 */
function jointAt(text: string, index: number): number {
  let at = index
  let cardMark = false
  while (at < index + 2 && isBlank(text.charCodeAt(at))) at++
  for (let marks = 0; marks < jointMarks; marks++) {
    const mark = text.charCodeAt(at)
    if (cardMarks.has(mark)) cardMark = true
    else if (mark !== 45 && mark !== 46) return 0
    at++
    if (mark === 13 && text.charCodeAt(at) === 10) at++
    const afterMark = at
    while (at < afterMark + 2 && isBlank(text.charCodeAt(at))) at++
    if (isAsciiDigit(text.charCodeAt(at))) return cardMark ? at - index : 0
  }
  return 0
}

/** Is the joint at `at` the same `length` characters as the first one, at `first`, then a digit? */
function sameJoint(text: string, first: number, at: number, length: number): boolean {
  return sameCharacters(text, first, at, length) && isAsciiDigit(text.charCodeAt(at + length))
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
 * digits, then marked groups (a dash or a dot among the marks), that ends on a mark, blanks or a
 * group still short of a whole card.
 */
export function markedCardOpenFrom(text: string, length: number): number {
  let at = length
  let marks = 0
  while (at > 0 && length - at < 48) {
    const code = text.charCodeAt(at - 1)
    if (cardMarks.has(code)) marks++
    else if (!isAsciiDigit(code) && !isBlank(code) && code !== 45 && code !== 46) break
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

/** Most characters between two groups of a card written with words or a label between them. */
const wordedJointReach = 24

/** A worded card read from its first group: where it ends (0: none), and whether the text's end cut it short. */
interface WordedReading {
  end: number
  open: boolean
}

/** A joint read between two groups (see `readWordedCard`). */
interface WordedJoint {
  /** Its characters, up to the next group's first digit. */
  length: number
  /** Where its counter starts in it and how many digits it has (-1 and 0: none), and its value. */
  counterOffset: number
  counterLength: number
  counter: number
}

const noWordedCard: WordedReading = { end: 0, open: false }
const openWordedCard: WordedReading = { end: 0, open: true }

/**
 * The end of a card whose groups are joined by the same words or label, or 0: `4539 then 1488
 * then …`, `Group 1: 4539` ⏎ `Group 2: 1488` ⏎ …, a table's rows `| 1 | 4539 |` ⏎ `| 2 | 1488 |` ⏎
 * …, a JSON object `{"a":"4539","b":"1488",…}` (session 69's attack pass wrote a card each
 * way, and each came through). The first group is the four ASCII digits at `start`. Every joint
 * holds a letter or a counter (a number of one or two digits), at most 24 characters and two
 * line breaks, and is the same characters as the first but for its counter (or, in a joint
 * without one, one letter: see `continuesJoint`), which stays or goes up by one from joint to
 * joint; then the card's printed shape, issuer prefix and Luhn checksum decide, as for
 * `readMarkedCard`.
 */
export function readWordedCard(text: string, start: number): number {
  return readWorded(text, start).end
}

/**
 * Where a worded card (`readWordedCard`) that the text's end may cut short starts, or `length`:
 * a stream's `Group 1: 4539` ⏎ `Group 2: 14` waits for the rest. Looks at the lone groups of four
 * digits (as the scanner reads them: no digit within three run separators on either side) in the
 * text's last 160 characters (the longest such card's reach).
 */
export function wordedCardOpenFrom(text: string, length: number): number {
  for (let at = Math.max(0, length - 160); at + 4 <= length; at++) {
    if (!isAsciiDigit(text.charCodeAt(at)) || !isLoneGroup(text, at)) continue
    if (readWorded(text, at).open) return at
  }
  return length
}

/** Are the four digits at `start` a number of their own: no digit joined to them by at most three of ` \t.()-`? */
function isLoneGroup(text: string, start: number): boolean {
  let before = start - 1
  while (before >= 0 && before >= start - 3 && isSeparatorAscii(text.charCodeAt(before))) before--
  if (before >= 0 && isAsciiDigit(text.charCodeAt(before))) return false
  for (let index = start + 1; index < start + 4; index++)
    if (!isAsciiDigit(text.charCodeAt(index))) return false
  let after = start + 4
  while (after < text.length && after < start + 8 && isSeparatorAscii(text.charCodeAt(after))) after++
  return !isAsciiDigit(text.charCodeAt(after))
}

function readWorded(text: string, start: number): WordedReading {
  if (start > 0 && isGlued(text.charCodeAt(start - 1))) return noWordedCard
  let digits = 0
  for (let index = start; index < start + 4; index++) {
    const code = text.charCodeAt(index)
    if (!isAsciiDigit(code)) return noWordedCard
    scratch[digits++] = code - 48
  }
  if (start + 4 >= text.length) return openWordedCard
  if (isGlued(text.charCodeAt(start + 4))) return noWordedCard
  const first = readWordedJoint(text, start + 4)
  if (first === undefined || first === 'open') return first === 'open' ? openWordedCard : noWordedCard
  const sizes = [4]
  let index = start + 4
  let joint: WordedJoint = first
  let end = index
  for (;;) {
    const groupStart = index + joint.length
    let groupEnd = groupStart
    while (groupEnd < text.length && isAsciiDigit(text.charCodeAt(groupEnd))) {
      if (digits >= scratch.length) return noWordedCard
      scratch[digits++] = text.charCodeAt(groupEnd) - 48
      groupEnd++
    }
    const size = groupEnd - groupStart
    if (groupEnd >= text.length) {
      // The text ends in the group: a card as it stands, and more digits may follow.
      if (size >= 3 && size <= 6 && digits <= 19) {
        sizes.push(size)
        return { end: cardEnd(groupEnd, digits, sizes), open: digits < 19 }
      }
      return { end: cardEnd(end, digits, sizes), open: digits < 19 }
    }
    if (size < 3 || size > 6 || isGlued(text.charCodeAt(groupEnd))) break
    sizes.push(size)
    const previousAt = index
    index = groupEnd
    end = groupEnd
    if (digits > 19) return noWordedCard
    const next = readWordedJoint(text, index)
    // The text ends in the joint: a card as it stands, and another group may follow.
    if (next === 'open') return { end: cardEnd(end, digits, sizes), open: digits < 19 }
    if (next === undefined || !continuesJoint(text, start + 4, first, previousAt, joint, index, next)) break
    joint = next
  }
  return { end: cardEnd(end, digits, sizes), open: false }
}

/** `end` when the digits read (`scratch`) in groups of `sizes` are a card, else 0. */
function cardEnd(end: number, digits: number, sizes: readonly number[]): number {
  if (digits < 13 || digits > 19 || !isPrintedShape(sizes)) return 0
  return hasCardPrefix(scratch, 0, digits) && luhnValid(scratch, 0, digits) ? end : 0
}

/**
 * The joint at `at` up to the next run of three digits or more: undefined when it is longer than
 * `wordedJointReach`, holds a third line break (one blank line may stand between two lines) or a
 * second counter, or holds neither a letter nor a counter; 'open' when the text ends inside it.
 */
function readWordedJoint(text: string, at: number): WordedJoint | 'open' | undefined {
  let counterOffset = -1
  let counterLength = 0
  let counter = 0
  let lineBreaks = 0
  let letters = false
  let index = at
  while (index < at + wordedJointReach) {
    if (index >= text.length) return 'open'
    const code = text.charCodeAt(index)
    if (isAsciiDigit(code)) {
      let runEnd = index + 1
      while (runEnd < text.length && isAsciiDigit(text.charCodeAt(runEnd))) runEnd++
      if (runEnd >= text.length && runEnd - index < 3) return 'open'
      if (runEnd - index >= 3) {
        // A group glued to a letter before it is part of a word.
        if ((!letters && counterOffset < 0) || isGlued(text.charCodeAt(index - 1))) return undefined
        return { length: index - at, counterOffset, counterLength, counter }
      }
      if (counterOffset >= 0) return undefined
      counterOffset = index - at
      counterLength = runEnd - index
      for (; index < runEnd; index++) counter = counter * 10 + text.charCodeAt(index) - 48
      continue
    }
    if (code === 10 || code === 13) {
      if (code === 13 && text.charCodeAt(index + 1) === 10) index++
      if (++lineBreaks > 2) return undefined
    } else if ((code | 32) >= 97 && (code | 32) <= 122) letters = true
    index++
  }
  return undefined
}

/**
 * Is `next` (at `at`) the first joint (at `firstAt`) again, its counter the one before it
 * (`previous`, at `previousAt`) or one more? A joint without a number may count with a letter
 * instead (`"a":"4539","b":"1488"` of a JSON object): one letter, at the same place in every
 * joint, that stays or goes up by one.
 */
function continuesJoint(
  text: string,
  firstAt: number,
  first: WordedJoint,
  previousAt: number,
  previous: WordedJoint,
  at: number,
  next: WordedJoint,
): boolean {
  if (first.counterOffset < 0)
    return (
      next.counterOffset < 0 &&
      next.length === first.length &&
      countsWithLetter(text, firstAt, previousAt, at, first.length)
    )
  if (
    next.counterOffset !== first.counterOffset ||
    (next.counter !== previous.counter + 1 && next.counter !== previous.counter)
  )
    return false
  const firstTail = firstAt + first.counterOffset + first.counterLength
  const nextTail = at + next.counterOffset + next.counterLength
  const tailLength = first.length - first.counterOffset - first.counterLength
  return (
    next.length - next.counterOffset - next.counterLength === tailLength &&
    sameCharacters(text, firstAt, at, first.counterOffset) &&
    sameCharacters(text, firstTail, nextTail, tailLength)
  )
}

/**
 * Is the joint at `at` the first one (at `firstAt`) again but for one letter, at the place where
 * the previous joint's (at `previousAt`) differs too, the same as it or one more?
 */
function countsWithLetter(
  text: string,
  firstAt: number,
  previousAt: number,
  at: number,
  length: number,
): boolean {
  const fromFirst = differingPlace(text, firstAt, at, length)
  if (fromFirst < 0) return fromFirst === -1
  const before = text.charCodeAt(previousAt + fromFirst)
  const now = text.charCodeAt(at + fromFirst)
  return (
    differingPlace(text, firstAt, previousAt, length) !== -2 &&
    isLetterAt(text, at + fromFirst) &&
    (now === before || now === before + 1)
  )
}

/** The one place where `text[at, at + length)` differs from `text[first, …)`: -1 for none, -2 for more than one. */
function differingPlace(text: string, first: number, at: number, length: number): number {
  let place = -1
  for (let offset = 0; offset < length; offset++) {
    if (text.charCodeAt(at + offset) === text.charCodeAt(first + offset)) continue
    if (place >= 0) return -2
    place = offset
  }
  return place
}

function sameCharacters(text: string, first: number, at: number, length: number): boolean {
  for (let offset = 0; offset < length; offset++)
    if (text.charCodeAt(at + offset) !== text.charCodeAt(first + offset)) return false
  return true
}
