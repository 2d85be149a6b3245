/**
 * A card number wrapped at a line's end (`4539 1488` ⏎ `0343 6467`, as a narrow chat bubble or a
 * model told to keep its lines short prints it): the number runs end at a line break, so each line
 * was read alone and neither holds a whole card. Read here at each line break between two digits:
 * the run that ends the line and the run that starts the next are read as one run whose groups the
 * line break joins, and the card detector looks in it as in any run (so two cards on adjacent
 * lines are still two cards). Only a card the line break runs through is kept: the others are each
 * line's own, found where they stand. Each line break is read on its own, so no line before it
 * changes how it reads (a decoy line of digits cannot shift which lines pair up).
 */
import type { Finding } from '../types.ts'
import { detectNumbers, type NumberDetectors } from './detect-numbers.ts'
import { isAsciiDigit, isBlank } from './marked-card.ts'
import { createNumberRun, type NumberRun, readNumberRun } from './number-run.ts'

/** How far back from a line's end the run that ends it is read (a card's groups and separators). */
const lineEndReach = 40
/** Most digits the next line's run adds (a card has at most 19). */
const nextLineDigits = 24

const cardOnly: NumberDetectors = { card: true, ssn: false, phone: false, ipv4: false }

/**
 * Creates a reader of the cards, from `from` on in `text`, that a line break inside them hides, in
 * order of their starts. Reuses its buffers across calls (one reader per scanner).
 */
export function createWrappedCardReader(): (text: string, from: number) => Finding[] {
  let before = createNumberRun(64)
  let after = createNumberRun(64)
  const joined = createNumberRun(lineEndReach + nextLineDigits + 8)
  const found: Finding[] = []
  return (text, from) => {
    const findings: Finding[] = []
    for (
      let lineFeed = text.indexOf('\n', from);
      lineFeed >= 0;
      lineFeed = text.indexOf('\n', lineFeed + 1)
    ) {
      const end = digitsEnd(text, lineFeed)
      if (end === 0) continue
      const next = nextLineStart(text, lineFeed)
      if (!isAsciiDigit(text.charCodeAt(next))) continue
      // The run that ends the line, read from its first digit within reach.
      let start = end
      let digits = 0
      for (; start > 0 && end - start < lineEndReach; start--) {
        const code = text.charCodeAt(start - 1)
        if (isAsciiDigit(code)) digits++
        else if (!isRunCode(code)) break
      }
      // The cheap test first: the digits on both sides of the line break can make a card.
      for (let index = next; index < next + nextLineDigits + 8; index++) {
        const code = text.charCodeAt(index)
        if (isAsciiDigit(code)) digits++
        else if (!isRunCode(code)) break
      }
      if (digits < 13) continue
      while (!isAsciiDigit(text.charCodeAt(start))) start++
      before = readNumberRun(text, start, before)
      if (before.end !== end) continue
      after = readNumberRun(text, next, after)
      joinRuns(before, after, joined)
      if (joined.digitCount < 13) continue
      found.length = 0
      detectNumbers(text, joined, cardOnly, found)
      // A card on either line alone is that line's own (found where it stands), and a window of the
      // joined run that overlaps it is two cards' digits read as one: only a card no line holds is kept.
      for (const finding of found)
        if (finding.start < lineFeed && finding.end > lineFeed && !overlapsOwnCard(found, finding, lineFeed))
          findings.push(finding)
    }
    return findings
  }
}

/**
 * Where a card that the text's end may cut short at a line break starts (`4539-1488-` ⏎ at the
 * end of a stream's chunk, or `4539 1488` ⏎ `03`: the next chunk may complete it), or `length`
 * when none may: a run of digits, then one line break (a carriage return alone may be the first
 * half of one), then at most the start of the next line's run, reaching the text's end.
 */
export function wrappedCardOpenFrom(text: string, length: number): number {
  let at = length
  let lineBreak = -1
  while (at > 0 && length - at < lineEndReach + nextLineDigits) {
    const code = text.charCodeAt(at - 1)
    if (code === 10 || (code === 13 && text.charCodeAt(at) !== 10)) {
      if (lineBreak >= 0) break
      lineBreak = at - 1
    } else if (code !== 13 && !isRunCode(code)) break
    at--
  }
  if (lineBreak < 0) return length
  // As the reader wants them: a digit ends the line, so `line 30.` ⏎ is let through at once, and
  // the next line, as far as the text goes, starts with one.
  if (digitsEnd(text, lineBreak) === 0) return length
  const next = nextLineStart(text, lineBreak)
  if (next < length && !isAsciiDigit(text.charCodeAt(next))) return length
  while (at < lineBreak && !isAsciiDigit(text.charCodeAt(at))) at++
  return at < lineBreak ? at : length
}

/**
 * Where the digits before the line break at `lineBreak` (a line feed, or a carriage return) end:
 * past at most two blanks and a dash the line was broken after (`4539-1488-` ⏎). 0 when no digit
 * ends the line.
 */
function digitsEnd(text: string, lineBreak: number): number {
  let end = lineBreak > 0 && text.charCodeAt(lineBreak - 1) === 13 ? lineBreak - 1 : lineBreak
  for (let blanks = 0; blanks < 2 && end > 0 && isBlank(text.charCodeAt(end - 1)); blanks++) end--
  if (end > 1 && text.charCodeAt(end - 1) === 45 && isAsciiDigit(text.charCodeAt(end - 2))) end--
  return end > 0 && isAsciiDigit(text.charCodeAt(end - 1)) ? end : 0
}

/** Where the line after the line break at `lineBreak` starts, past at most two blanks. */
function nextLineStart(text: string, lineBreak: number): number {
  let next = lineBreak + 1
  for (let blanks = 0; blanks < 2 && isBlank(text.charCodeAt(next)); blanks++) next++
  return next
}

/**
 * `before`'s groups, then `after`'s (as many as add at most `nextLineDigits` digits), as one run
 * in `into`: the line break between them reads as one space.
 */
function joinRuns(before: NumberRun, after: NumberRun, into: NumberRun): void {
  const joined = into
  joined.start = before.start
  joined.gluedStart = before.gluedStart
  joined.shapes = before.shapes | after.shapes
  let digits = 0
  let groups = 0
  const copyGroup = (run: NumberRun, group: number, separator: number, separatorLength: number) => {
    const first = run.groupDigitStart[group] as number
    const last = group + 1 < run.groupCount ? (run.groupDigitStart[group + 1] as number) : run.digitCount
    joined.groupDigitStart[groups] = digits
    joined.groupStart[groups] = run.groupStart[group] as number
    joined.groupEnd[groups] = run.groupEnd[group] as number
    joined.groupSeparator[groups] = separator
    joined.groupSeparatorLength[groups] = separatorLength
    joined.consumed[groups] = 0
    groups++
    for (let digit = first; digit < last; digit++) joined.digits[digits++] = run.digits[digit] as number
  }
  for (let group = 0; group < before.groupCount && digits <= lineEndReach; group++)
    copyGroup(
      before,
      group,
      before.groupSeparator[group] as number,
      before.groupSeparatorLength[group] as number,
    )
  const beforeDigits = digits
  let lastGroup = 0
  for (let group = 0; group < after.groupCount; group++) {
    const size =
      (group + 1 < after.groupCount ? (after.groupDigitStart[group + 1] as number) : after.digitCount) -
      (after.groupDigitStart[group] as number)
    if (digits - beforeDigits + size > nextLineDigits) break
    copyGroup(
      after,
      group,
      group === 0 ? 32 : (after.groupSeparator[group] as number),
      group === 0 ? 1 : (after.groupSeparatorLength[group] as number),
    )
    lastGroup = group
  }
  joined.digitCount = digits
  joined.groupCount = groups
  joined.end = joined.groupEnd[groups - 1] as number
  joined.extendedEnd = joined.end
  // Glued only where the next line's run itself ends glued (all of it read).
  joined.gluedEnd = lastGroup === after.groupCount - 1 && after.gluedEnd
}

/** Does `finding` overlap a card in `found` that lies on one side of the line break at `lineFeed`? */
function overlapsOwnCard(found: readonly Finding[], finding: Finding, lineFeed: number): boolean {
  for (const other of found)
    if (
      (other.end <= lineFeed || other.start > lineFeed) &&
      other.start < finding.end &&
      finding.start < other.end
    )
      return true
  return false
}

/** A digit or a character a number run reads between groups (space, tab, `-`, `.`, parentheses). */
function isRunCode(code: number): boolean {
  return (
    isAsciiDigit(code) ||
    code === 32 ||
    code === 9 ||
    code === 45 ||
    code === 46 ||
    code === 40 ||
    code === 41
  )
}
