import { getMarkerDefinition } from './marker-taxonomy.ts'
import { stripTerminalEscapes } from './strip-terminal-escapes.ts'
import type { MarkerParseResult, ParsedMarker } from './types.ts'

/** Options of {@link parseMarkers}. */
export interface ParseMarkersOptions {
  /**
   * Accept marker types in any case (`[stat:CI]`), reading them upper-cased. The seed's syntax
   * has upper-case types; the goal gate's `marker_required` matching is case-insensitive.
   * @default false
   */
  anyCaseTypes?: boolean
}

// One marker per line: an optional lead, `[TYPE` then optional `:segments`, `]`, free text. The
// lead is what a reader sees as no text before a marker: white space, controls (NUL, BEL, DEL, C1),
// invisible formatting and default-ignorable characters (U+200B, U+034F, variation selectors, tag
// characters), combining marks with no base, blanks (U+2800, the Hangul fillers), then Markdown's
// list, quote or emphasis marks (`- `, `* `, `> `, `2. `, `**`, a backtick). Terminal escapes are
// read as a terminal shows them first (see `segmentsOf`). A final report so written cannot hide and
// leave an earlier, better one counted; a code comment or a sentence before it (`// [METRIC:x] 0`)
// is no marker. Each mark needs white space after it, so the pattern is linear per line.
const blank = String.raw`[\s\p{Cc}\p{Cf}\p{Mn}\p{Me}\p{Default_Ignorable_Code_Point}\u2800\u115f\u1160\u3164\uffa0]`
const markerLead = String.raw`^${blank}*(?:(?:[-*+\u2022>]|\d{1,9}[.)])${blank}+)*(?:\*\*|__|[*_\x60])?`
const upperCaseMarker = new RegExp(
  String.raw`${markerLead}\[([A-Z][A-Z0-9_-]*)(?::([^\]\n]*))?\][ \t]*(.*)$`,
  'u',
)
const anyCaseMarker = new RegExp(
  String.raw`${markerLead}\[([A-Za-z][A-Za-z0-9_-]*)(?::([^\]\n]*))?\][ \t]*(.*)$`,
  'u',
)
const nonAscii = /[^\t\n\r\x20-\x7e]/u
/**
 * Where a line ends: a line feed (after an optional carriage return), or a line or paragraph
 * separator, a next-line character, a vertical tab or a form feed, which a reader sees as a break.
 */
const lineBreak = /\r?\n|[\u2028\u2029\u0085\v\f]/u

/**
 * Reads every marker in the text, one per line (or per carriage-return segment of a line):
 * `[TYPE]`, `[TYPE:subtype]` or `[TYPE:subtype:key=value:...]` followed by free text. Hyphens in
 * types and subtypes read as underscores.
 */
export function parseMarkers(text: string, options: ParseMarkersOptions = {}): MarkerParseResult {
  const { anyCaseTypes = false } = options
  const pattern = anyCaseTypes ? anyCaseMarker : upperCaseMarker
  const markers: ParsedMarker[] = []
  const unknownTypes: string[] = []
  text.split(lineBreak).forEach((line, index) => {
    for (const written of segmentsOf(line)) {
      // Read as a reader sees it: `[METRIC：acc] 4` (a full-width colon) is a marker too. Only its
      // head is normalised: the value stays as written (NFKC reads `9½` as 91).
      const segment = nonAscii.test(written) ? normalizeHead(written) : written
      const match = pattern.exec(segment)
      if (match === null) continue
      const type = (match[1] ?? '').toUpperCase().replaceAll('-', '_')
      const marker = buildMarker(type, match[2], match[3] ?? '', index + 1)
      if (!marker.known && !unknownTypes.includes(type)) unknownTypes.push(type)
      markers.push(marker)
    }
  })
  const validCount = markers.filter((marker) => marker.known).length
  return { markers, validCount, unknownCount: markers.length - validCount, unknownTypes }
}

// What sends a terminal's cursor back over what a line already shows (or clears it): a carriage
// return, backspaces, a control sequence moving the cursor up, down, back, to a column or a
// position, or erasing (`ESC[1G`, `ESC[2K`, `ESC[A`), a reset, a restored cursor or an index. Text
// written after one is what a reader sees from there, as after a progress bar redrawn in place.
const cursorMove = String.raw`(?:\x1b\[|\x9b)[\x30-\x3f]*[\x20-\x2f]*[ABDEFGHJKSTdf]|\x1b[8cDEM]`
const cursorReturn = new RegExp(`\r|\b+|${cursorMove}`, 'u')
// Anything a terminal interprets rather than shows: a control other than tab and the line breaks.
const controls = String.raw`[\x00-\x08\x0e-\x1f\x7f-\x9f]`
const interpreted = new RegExp(controls, 'u')

/**
 * A line's segments as a terminal shows them: split where the cursor goes back (a carriage return,
 * backspaces, a cursor move or an erase), each without its escape sequences (colours, titles,
 * hyperlinks). A marker printed after one is still reported, so the last metric is really the last
 * one printed, whether a progress bar redrew the line or a colouring logger wrote it.
 */
function segmentsOf(line: string): string[] {
  if (!line.includes('\r') && !interpreted.test(line)) return [line]
  return line.split(cursorReturn).map(stripTerminalEscapes)
}

function buildMarker(
  type: string,
  segments: string | undefined,
  content: string,
  lineNumber: number,
): ParsedMarker {
  const known = getMarkerDefinition(type) !== undefined
  const { subtype, attributes } = readSegments(type, segments)
  const marker: ParsedMarker = { type, attributes, content: content.trim(), lineNumber, known, valid: known }
  if (subtype !== undefined) marker.subtype = subtype
  return marker
}

function readSegments(
  type: string,
  segments: string | undefined,
): { subtype?: string; attributes: Record<string, string> } {
  const attributes: Record<string, string> = {}
  if (segments === undefined || segments === '') return { attributes }
  // Citation identifiers (DOIs, `arXiv:2301.12345`) contain colons: keep them whole.
  if (type === 'CITATION') return { subtype: segments, attributes }
  let subtype: string | undefined
  for (const part of segments.split(':')) {
    const equals = part.indexOf('=')
    if (equals >= 0) setAttribute(attributes, part.slice(0, equals), part.slice(equals + 1))
    else if (subtype === undefined) subtype = part.replaceAll('-', '_')
    else setAttribute(attributes, part, '')
  }
  return subtype === undefined ? { attributes } : { subtype, attributes }
}

// defineProperty, not assignment: a `__proto__=x` segment must stay plain data.
function setAttribute(attributes: Record<string, string>, key: string, value: string): void {
  Object.defineProperty(attributes, key, { value, enumerable: true, writable: true, configurable: true })
}

/** A line with its marker head (up to the first `]`, full-width or not) in NFKC form. */
function normalizeHead(line: string): string {
  const close = line.search(/[\]\uff3d]/u)
  return close < 0 ? line : `${line.slice(0, close + 1).normalize('NFKC')}${line.slice(close + 1)}`
}
