/**
 * What a reader sees of a text whose digits or keys are wrapped in markup or encoded: Markdown
 * emphasis and code spans (`4539 **1488** …`, `` `4539` `1488` … ``, a key with `**` slipped into
 * it) render without their `*` and backticks, an HTML numeric character reference (`&#52;`,
 * `&#x34;`) as the character it names, and a percent-encoded byte of printable ASCII (`%73%6B…`) as
 * that character when the text is read as a URL. A model told to get a card or a key past a filter
 * writes these; the scanner reads them a second time as they render (see `createScanner`).
 * Only stretches around markup that touches a digit or joins two letters or digits are read so,
 * and only a text holding `*`, a backtick, `&#` or `%` is searched for them (four native searches).
 */
import { digitValue } from './char-classes.ts'
import type { VisibleText } from './visible-text.ts'

/** Does `text` hold a character markup starts with (`*`, a backtick, `&#`, `%`)? */
export function hasMarkup(text: string): boolean {
  return text.includes('*') || text.includes('`') || text.includes('&#') || text.includes('%')
}

/** Longest run of `*` or backticks read as emphasis or a code span (`***` is bold italic). */
const longestMarker = 3
/** How far around markup its stretch reaches on one line (a spaced card or a key fits twice over). */
const reach = 256

/**
 * Where `text` holds markup that may hide an item: markup a reader does not see touching a digit
 * or between two ASCII letters or digits, a character reference or percent-encoded byte that
 * names a letter or digit, or the start of markup at the end of the text (a stream's next chunk
 * may complete it). As sorted, merged stretches `[start, end)` (flat pairs) reaching `reach`
 * characters around it within its line, and, for each stretch, the markup places in it.
 */
export function markupStretches(text: string): { stretches: number[]; sites: number[] } {
  const sites: number[] = []
  for (const marker of ['*', '`']) {
    for (let at = text.indexOf(marker); at >= 0; ) {
      const end = markerEnd(text, at)
      if (end - at <= longestMarker) {
        const before = at > 0 ? text.charCodeAt(at - 1) : 32
        const after = end < text.length ? text.charCodeAt(end) : -1
        if (
          after < 0 ||
          digitValue(before) >= 0 ||
          digitValue(after) >= 0 ||
          (isAsciiAlphanumeric(before) && isAsciiAlphanumeric(after))
        )
          sites.push(at, end)
      }
      at = text.indexOf(marker, end)
    }
  }
  for (let at = text.indexOf('&#'); at >= 0; at = text.indexOf('&#', at + 2)) {
    const reference = readReference(text, at)
    if (reference.end < 0 ? !isIncompleteReference(text, at) : !namesAlphanumeric(reference.point)) continue
    sites.push(at, reference.end < 0 ? text.length : reference.end)
  }
  for (let at = text.indexOf('%'); at >= 0; at = text.indexOf('%', at + 1)) {
    const code = percentByte(text, at)
    if (code >= 0 ? !isAsciiAlphanumeric(code) : !isIncompletePercent(text, at)) continue
    sites.push(at, code >= 0 ? at + 3 : text.length)
  }
  const order = Array.from({ length: sites.length / 2 }, (_, index) => index).sort(
    (left, right) => (sites[left * 2] as number) - (sites[right * 2] as number),
  )
  const sorted: number[] = []
  const stretches: number[] = []
  for (const index of order) {
    const start = sites[index * 2] as number
    const end = sites[index * 2 + 1] as number
    sorted.push(start, end)
    const from = lineStart(text, start)
    const to = lineEnd(text, end)
    const last = stretches.length - 1
    if (last > 0 && from <= (stretches[last] as number))
      stretches[last] = Math.max(stretches[last] as number, to)
    else stretches.push(from, to)
  }
  return { stretches, sites: sorted }
}

/**
 * `text[start, end)` as a reader sees it (see the module comment), with the way back to `text`:
 * emphasis and code markers that touch a letter or digit (or end the text) are left out,
 * character references and percent-encoded printable ASCII read as their character.
 */
export function readMarkup(text: string, start: number, end: number): VisibleText {
  const parts: string[] = []
  const starts: number[] = []
  const ends: number[] = []
  let copied = start
  const copy = (to: number) => {
    for (let index = copied; index < to; index++) {
      starts.push(index)
      ends.push(index + 1)
    }
    parts.push(text.slice(copied, to))
  }
  let index = start
  while (index < end) {
    const code = text.charCodeAt(index)
    if (code === 42 || code === 96) {
      const markerStop = markerEnd(text, index)
      const before = index > 0 ? text.charCodeAt(index - 1) : 32
      const after = markerStop < text.length ? text.charCodeAt(markerStop) : -1
      if (
        markerStop - index <= longestMarker &&
        (after < 0 || isAlphanumeric(before) || isAlphanumeric(after))
      ) {
        copy(index)
        copied = Math.min(markerStop, end)
      }
      index = markerStop
      continue
    }
    if (code === 38 && text.charCodeAt(index + 1) === 35) {
      const reference = readReference(text, index)
      if (reference.end > 0 && reference.end <= end) {
        copy(index)
        const read = String.fromCodePoint(reference.point)
        for (let unit = 0; unit < read.length; unit++) {
          starts.push(index)
          ends.push(reference.end)
        }
        parts.push(read)
        copied = reference.end
        index = reference.end
        continue
      }
    }
    if (code === 37) {
      const byte = percentByte(text, index)
      if (byte >= 32 && byte <= 126 && index + 3 <= end) {
        copy(index)
        starts.push(index)
        ends.push(index + 3)
        parts.push(String.fromCharCode(byte))
        copied = index + 3
        index += 3
        continue
      }
    }
    index++
  }
  copy(end)
  return { text: parts.join(''), start: Int32Array.from(starts), end: Int32Array.from(ends) }
}

/** End of the run of the marker character at `at` (a run of `*` or of backticks). */
function markerEnd(text: string, at: number): number {
  const marker = text.charCodeAt(at)
  let end = at + 1
  while (end < text.length && text.charCodeAt(end) === marker) end++
  return end
}

/**
 * The HTML numeric character reference at `at` (`&#52;`, `&#x34;`): the code point it names and
 * its end, or `end` -1 when there is none (or it names no character).
 */
function readReference(text: string, at: number): { point: number; end: number } {
  const none = { point: -1, end: -1 }
  let index = at + 2
  const hex = (text.charCodeAt(index) | 32) === 120
  if (hex) index++
  const digitsStart = index
  let point = 0
  while (index < text.length && index - digitsStart < (hex ? 6 : 7)) {
    const value = hex ? hexValue(text.charCodeAt(index)) : decimalValue(text.charCodeAt(index))
    if (value < 0) break
    point = point * (hex ? 16 : 10) + value
    index++
  }
  if (index === digitsStart || text.charCodeAt(index) !== 59) return none
  if (point < 32 || point > 0x10ffff || (point >= 0xd800 && point <= 0xdfff)) return none
  return { point, end: index + 1 }
}

/** Does a character reference that the text's end cuts short start at `at` (`&#5`, `&#x`)? */
function isIncompleteReference(text: string, at: number): boolean {
  let index = at + 2
  if (index < text.length && (text.charCodeAt(index) | 32) === 120) index++
  while (index < text.length && hexValue(text.charCodeAt(index)) >= 0) index++
  return index === text.length
}

/** The byte `%XX` at `at` encodes, or -1. */
function percentByte(text: string, at: number): number {
  const high = hexValue(text.charCodeAt(at + 1))
  const low = hexValue(text.charCodeAt(at + 2))
  return high < 0 || low < 0 ? -1 : high * 16 + low
}

/** Does a `%XX` that the text's end cuts short start at `at` (`%`, `%7`)? */
function isIncompletePercent(text: string, at: number): boolean {
  return at + 1 === text.length || (at + 2 === text.length && hexValue(text.charCodeAt(at + 1)) >= 0)
}

function namesAlphanumeric(point: number): boolean {
  return point < 0x10000
    ? digitValue(point) >= 0 || isAsciiAlphanumeric(point)
    : point >= 0x1d7ce && point <= 0x1d7ff
}

function isAsciiAlphanumeric(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122)
}

/** An ASCII letter or a digit of any script `digitValue` reads. */
function isAlphanumeric(code: number): boolean {
  return isAsciiAlphanumeric(code) || digitValue(code) >= 0
}

function decimalValue(code: number): number {
  return code >= 48 && code <= 57 ? code - 48 : -1
}

function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48
  const lower = code | 32
  return lower >= 97 && lower <= 102 ? lower - 87 : -1
}

/** Start of the line holding `index`, at most `reach` characters back. */
function lineStart(text: string, index: number): number {
  const limit = Math.max(0, index - reach)
  let start = index
  while (start > limit && !isLineBreak(text.charCodeAt(start - 1))) start--
  return start
}

/** End of the line holding `index`, at most `reach` characters on. */
function lineEnd(text: string, index: number): number {
  const limit = Math.min(text.length, index + reach)
  let end = index
  while (end < limit && !isLineBreak(text.charCodeAt(end))) end++
  return end
}

function isLineBreak(code: number): boolean {
  return code === 10 || code === 13
}
