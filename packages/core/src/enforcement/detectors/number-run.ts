import { digitValue, isCombiningMark, isInvisible, isWordCode, separatorKind } from './char-classes.ts'

/**
 * A maximal run of digit groups and separators, read once from the text. Card, SSN, phone and
 * IPv4 detection all work on these groups instead of running their own regexes.
 */
export interface NumberRun {
  /** Index of the first digit and one past the last digit. */
  start: number
  end: number
  /** Digit values, in order (full-width and other scripts already converted). */
  digits: Uint8Array
  digitCount: number
  /** Per group: index of its first digit in `digits`, and its text range. */
  groupDigitStart: Uint32Array
  groupStart: Uint32Array
  groupEnd: Uint32Array
  /** Per group: the separator before it (0 none, 32 space, 45 dash, 46 dot, 40/41 paren, 1 mixed). */
  groupSeparator: Uint8Array
  /** Per group: how many visible separator characters precede it. */
  groupSeparatorLength: Uint8Array
  groupCount: number
  /** A letter or underscore touches the first or last digit (no word boundary). */
  gluedStart: boolean
  gluedEnd: boolean
  /** Text index after the trailing separators (where the run could continue in a stream). */
  extendedEnd: number
  /** `shapeThree | shapeNine | shapeDot` bits: a group of three or nine digits, a single `.` between groups. */
  shapes: number
  /** Per group: 1 once a number detector's finding claimed it (scratch of `detectNumbers`). */
  consumed: Uint8Array
}

/** `NumberRun.shapes`: a group of three digits (SSN area, NANP area and exchange). */
export const shapeThree = 1
/** `NumberRun.shapes`: a group of nine digits (a bare SSN). */
export const shapeNine = 2
/** `NumberRun.shapes`: two groups joined by a single dot (IPv4). */
export const shapeDot = 4

function shapeOfSize(size: number): number {
  return size === 3 ? shapeThree : size === 9 ? shapeNine : 0
}

const maxSeparatorLength = 3
/** Longest separator of spaces around one dash (`4539  -  1488`, as a model told to evade a filter spaces it). */
export const maxSpacedDashLength = 5

/** `separatorKind` of each ASCII code, as a table (the common case, without the switch). */
const asciiSeparators = (() => {
  const table = new Uint8Array(128)
  for (let code = 0; code < 128; code++) table[code] = separatorKind(code)
  return table
})()

/** Creates a reusable run buffer (one per scanner, so scanning allocates nothing per number). */
export function createNumberRun(capacity = 256): NumberRun {
  return {
    start: 0,
    end: 0,
    digits: new Uint8Array(capacity),
    digitCount: 0,
    groupDigitStart: new Uint32Array(capacity + 1),
    groupStart: new Uint32Array(capacity + 1),
    groupEnd: new Uint32Array(capacity + 1),
    groupSeparator: new Uint8Array(capacity + 1),
    groupSeparatorLength: new Uint8Array(capacity + 1),
    groupCount: 0,
    gluedStart: false,
    gluedEnd: false,
    extendedEnd: 0,
    shapes: 0,
    consumed: new Uint8Array(capacity + 1),
  }
}

/**
 * Reads the run whose first digit is at `start` into `run`, growing it if needed. Returns `run`.
 * `bytes` is the text as bytes when it is all ASCII (read instead of `text`).
 */
export function readNumberRun(
  text: string,
  start: number,
  run: NumberRun,
  bytes: Uint8Array | undefined = undefined,
): NumberRun {
  let current = run
  current.start = start
  const previous = start > 0 ? text.charCodeAt(start - 1) : 32
  current.gluedStart = isWordCode(previous) && !(previous >= 48 && previous <= 57)
  // Counters live in locals while reading. The buffers are constants of the inner loop: when they
  // are full the loop stops, they grow, and it resumes at the same character (so a rare long run
  // does not turn them into loop variables of the code optimised for short ones).
  let digitCount = 0
  let groupCount = 0
  let index = start
  let lastDigitEnd = start
  let pendingKind = 0
  let pendingLength = 0
  // Spaces and dashes among the pending separator characters (a longer separator is one dash in spaces).
  let pendingSpaces = 0
  let pendingDashes = 0
  let inGroup = false
  let shapes = 0
  const length = text.length
  for (;;) {
    const digits = current.digits
    const groupDigitStart = current.groupDigitStart
    const groupStart = current.groupStart
    const groupEnd = current.groupEnd
    const groupSeparator = current.groupSeparator
    const groupSeparatorLength = current.groupSeparatorLength
    let full = false
    while (index < length) {
      const code = bytes !== undefined ? (bytes[index] as number) : text.charCodeAt(index)
      const value = code >= 48 && code <= 57 ? code - 48 : code < 128 ? -1 : digitValue(code)
      if (value >= 0) {
        if (digitCount >= digits.length) {
          full = true
          break
        }
        if (!inGroup) {
          // The previous group ends at the last digit read before this one.
          if (groupCount > 0) {
            groupEnd[groupCount - 1] = lastDigitEnd
            shapes |= shapeOfSize(digitCount - (groupDigitStart[groupCount - 1] as number))
            if (pendingKind === 46 && pendingLength === 1) shapes |= shapeDot
          }
          const group = groupCount++
          groupDigitStart[group] = digitCount
          groupStart[group] = index
          groupSeparator[group] = group === 0 ? 0 : pendingKind
          groupSeparatorLength[group] = group === 0 ? 0 : pendingLength
          inGroup = true
        }
        digits[digitCount++] = value
        lastDigitEnd = index + 1
        pendingKind = 0
        pendingLength = 0
        pendingSpaces = 0
        pendingDashes = 0
      } else if (code >= 128 && isInvisible(code)) {
        // Invisible characters never split a group: "4111\u200b1111..." is one number.
      } else if (code >= 0x300 && isCombiningMark(code)) {
        // A mark drawn on a digit (`4̅5̅3̅9`) neither splits its group nor is left out of it.
        if (index === lastDigitEnd) lastDigitEnd = index + 1
      } else {
        const kind = code < 128 ? (asciiSeparators[code] as number) : separatorKind(code)
        if (kind === 0) break
        if (
          pendingLength >= maxSeparatorLength &&
          !(
            pendingLength < maxSpacedDashLength &&
            pendingSpaces + pendingDashes === pendingLength &&
            (kind === 32 ? pendingDashes === 1 : kind === 45 && pendingDashes === 0)
          )
        )
          break
        if (kind === 32) pendingSpaces++
        else if (kind === 45) pendingDashes++
        // Parentheses dominate a mixed separator, so ") " still reads as a phone-style break.
        pendingKind =
          pendingKind === 40 || kind === 40 || kind === 41
            ? 40
            : pendingKind === 0 || pendingKind === kind
              ? kind
              : 1
        pendingLength++
        inGroup = false
      }
      index++
    }
    if (!full) break
    current.digitCount = digitCount
    current.groupCount = groupCount
    current = grow(current)
  }
  current.digitCount = digitCount
  current.groupCount = groupCount
  if (groupCount > 0) {
    current.groupEnd[groupCount - 1] = lastDigitEnd
    shapes |= shapeOfSize(digitCount - (current.groupDigitStart[groupCount - 1] as number))
  }
  current.shapes = shapes
  current.end = lastDigitEnd
  current.extendedEnd = index
  const next = lastDigitEnd < length ? text.charCodeAt(lastDigitEnd) : 32
  current.gluedEnd = isWordCode(next) && !(next >= 48 && next <= 57)
  return current
}

function grow(run: NumberRun): NumberRun {
  const bigger = createNumberRun(run.digits.length * 2)
  bigger.digits.set(run.digits)
  bigger.groupDigitStart.set(run.groupDigitStart)
  bigger.groupStart.set(run.groupStart)
  bigger.groupEnd.set(run.groupEnd)
  bigger.groupSeparator.set(run.groupSeparator)
  bigger.groupSeparatorLength.set(run.groupSeparatorLength)
  bigger.start = run.start
  bigger.digitCount = run.digitCount
  bigger.groupCount = run.groupCount
  bigger.gluedStart = run.gluedStart
  return bigger
}

/** Digits in groups `[first, last]` inclusive. */
export function groupDigits(run: NumberRun, first: number, last: number): number {
  const end = last + 1 < run.groupCount ? (run.groupDigitStart[last + 1] as number) : run.digitCount
  return end - (run.groupDigitStart[first] as number)
}

/** Digits of one group. */
export function groupSize(run: NumberRun, group: number): number {
  return groupDigits(run, group, group)
}
