/**
 * What a reader sees of a text whose digits or keys are wrapped in markup or encoded: Markdown
 * emphasis and code spans (`4539 **1488** …`, `` `4539` `1488` … ``, a key with `**` slipped into
 * it) render without their `*` and backticks, an HTML numeric character reference (`&#52;`,
 * `&#x34;`) as the character it names, and a percent-encoded byte of printable ASCII (`%73%6B…`) as
 * that character when the text is read as a URL. So do strikethrough, underline and highlight
 * markers (`~~1488~~`, `_1488_`, `==1488==`) and HTML tags and comments (`4539 <b>1488</b>`,
 * `<span>4539</span><span>1488</span>`) next to a digit, which render as nothing, and a named
 * character reference of a space, a dash or an invisible character next to a digit (`4539&nbsp;1488`,
 * `&shy;`), which renders as that character, and a Markdown link next to a digit (`4539 [1488](https://x)
 * 0343`, `[1488][note]`), which renders as its text. Blank lines and a list marker between two
 * lines of digits (`- 4539` ⏎ `- 1488` ⏎ …, `4539` ⏎⏎ `1488` ⏎⏎ …) read as one line break, and the
 * first item's marker of such a list as nothing (`1. 4539` ⏎ `2. 1488` ⏎ …), so a card listed one
 * group per line is read as one written so without them; markup on adjacent lines is read as one
 * stretch, the markup first, so `**4539**` ⏎ `**1488**` ⏎ … is too, and a table row's border next
 * to a digit reads as nothing (`| 4539 |` ⏎ `| 1488 |` ⏎ …: a column of groups). A model told to get a card or a key past a filter
 * writes these; the scanner reads them a second time as they render (see `createScanner`).
 * Only stretches around markup that touches a digit (`*` and backticks also between two letters or
 * digits) are read so, and only a text holding one of `*`, a backtick, `&`, `%`, `_`, `~`, `=`,
 * `<`, `[` or a line feed is searched for them (native searches).
 */
import { digitValue } from './char-classes.ts'
import type { VisibleText } from './visible-text.ts'

/** Does `text` hold a character markup starts with (`*`, a backtick, `&`, `%`, `_`, `~`, `=`, `<`, `[`, a line feed)? */
export function hasMarkup(text: string): boolean {
  return (
    text.includes('*') ||
    text.includes('`') ||
    text.includes('&') ||
    text.includes('%') ||
    text.includes('_') ||
    text.includes('~') ||
    text.includes('=') ||
    text.includes('<') ||
    text.includes('[') ||
    text.includes('\n')
  )
}

/**
 * Named character references that render as a space, a dash or nothing: what a text may put
 * between a card's digit groups (`4539&nbsp;1488`), with what a reader sees for each.
 */
const namedSeparators: ReadonlyMap<string, string> = new Map([
  ['nbsp', ' '],
  ['NonBreakingSpace', ' '],
  ['ensp', ' '],
  ['emsp', ' '],
  ['emsp13', ' '],
  ['emsp14', ' '],
  ['numsp', ' '],
  ['puncsp', ' '],
  ['thinsp', ' '],
  ['ThinSpace', ' '],
  ['hairsp', ' '],
  ['VeryThinSpace', ' '],
  ['MediumSpace', ' '],
  ['NoBreak', ''],
  ['ZeroWidthSpace', ''],
  ['zwnj', ''],
  ['zwj', ''],
  ['shy', ''],
  ['hyphen', '-'],
  ['dash', '-'],
  ['ndash', '-'],
  ['mdash', '-'],
  ['minus', '-'],
  ['period', '.'],
  ['sol', '/'],
])
/** Longest name of `namedSeparators` (`NonBreakingSpace`). */
const longestName = 16
/** Longest HTML tag or comment read as markup (a tag with a few attributes). */
const longestTag = 256

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
export function markupStretches(text: string): { stretches: number[]; sites: Int32Array } {
  // Each kind of markup is found in order; the four lists are merged, not sorted.
  const emphasis: number[] = []
  const code: number[] = []
  for (const [marker, found] of [
    ['*', emphasis],
    ['`', code],
  ] as const) {
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
          found.push(at, end)
      }
      at = text.indexOf(marker, end)
    }
  }
  // Strikethrough, underline and highlight markers render as nothing; only those touching a digit
  // (or ending the text) count, so snake_case words and `a == b` are not read again.
  const lines: number[] = []
  for (const marker of ['_', '~', '=']) {
    for (let at = text.indexOf(marker); at >= 0; ) {
      const end = markerEnd(text, at)
      const after = end < text.length ? text.charCodeAt(end) : -1
      // Highlight is `==` exactly (`x=1` is no markup), or what the text's end may make one.
      if (marker === '=' ? end - at === 2 || (after < 0 && end - at < 2) : end - at <= longestMarker) {
        const before = at > 0 ? text.charCodeAt(at - 1) : 32
        if (rendersAway(marker.charCodeAt(0), before, after)) lines.push(at, end)
      }
      at = text.indexOf(marker, end)
    }
  }
  sortPairs(lines)
  const tags: number[] = []
  for (let at = text.indexOf('<'); at >= 0; ) {
    const end = tagEnd(text, at)
    if (end === 0) {
      at = text.indexOf('<', at + 1)
      continue
    }
    const stop = end < 0 ? text.length : end
    if (digitNear(text, at, -1) || (end > 0 && digitNear(text, end, 1))) tags.push(at, stop)
    at = text.indexOf('<', stop)
  }
  // A link's `[` and its `](destination)` or `][label]` render as nothing, its text as itself.
  const links: number[] = []
  for (let at = text.indexOf('['); at >= 0; ) {
    const link = linkAt(text, at)
    if (link.close === 0) {
      at = text.indexOf('[', at + 1)
      continue
    }
    const nearStart = digitNear(text, at, -1) || digitNear(text, at + 1, 1)
    if (link.end < 0) {
      if (nearStart) links.push(at, text.length)
      break
    }
    if (nearStart || digitNear(text, link.close, -1) || digitNear(text, link.end, 1))
      links.push(at, at + 1, link.close, link.end)
    at = text.indexOf('[', link.end)
  }
  // Blank lines or a list marker between lines of digits read as one line break.
  const joins: number[] = []
  for (let at = text.indexOf('\n'); at >= 0; ) {
    const join = lineJoinEnd(text, at)
    if (join === 0) {
      at = text.indexOf('\n', at + 1)
      continue
    }
    joins.push(at > 0 && text.charCodeAt(at - 1) === 13 ? at - 1 : at, join < 0 ? text.length : join)
    if (join < 0) break
    at = text.indexOf('\n', join)
  }
  const references: number[] = []
  for (let at = text.indexOf('&'); at >= 0; at = text.indexOf('&', at + 1)) {
    if (text.charCodeAt(at + 1) === 35) {
      const reference = readReference(text, at)
      if (reference.end < 0) {
        if (isIncompleteReference(text, at)) references.push(at, text.length)
      } else if (
        namesAlphanumeric(reference.point) ||
        digitNear(text, at, -1) ||
        digitNear(text, reference.end, 1)
      )
        references.push(at, reference.end)
      continue
    }
    const named = readNamed(text, at)
    if (named.end < 0) {
      if (isIncompleteNamed(text, at) && digitNear(text, at, -1)) references.push(at, text.length)
    } else if (digitNear(text, at, -1) || digitNear(text, named.end, 1)) references.push(at, named.end)
  }
  const escapes: number[] = []
  for (let at = text.indexOf('%'); at >= 0; at = text.indexOf('%', at + 1)) {
    const byte = percentByte(text, at)
    if (byte >= 0 ? !isAsciiAlphanumeric(byte) : !isIncompletePercent(text, at)) continue
    escapes.push(at, byte >= 0 ? at + 3 : text.length)
  }
  // A table's border next to a digit renders as a cell's edge: `| 4539 |` ⏎ `| 1488 |` is a column.
  const borders: number[] = []
  for (let at = text.indexOf('|'); at >= 0; at = text.indexOf('|', at + 1)) {
    const border = tableBorder(text, at)
    if (border < 0 ? digitNear(text, at + 1, 1) : border > 0 && digitNear(text, at, -1))
      borders.push(at, at + 1)
  }
  const sites = mergePairs([emphasis, code, references, escapes, lines, tags, links, joins, borders])
  const stretches: number[] = []
  // Sites come in order, so the line breaks around them are found moving forward only: each
  // character is read once, however dense the markup (reading `reach` characters both ways per
  // site made a megabyte of `**4111**`-style text cost half a second).
  const breaks = createLineBreaks(text)
  for (let index = 0; index < sites.length; index += 2) {
    const start = sites[index] as number
    const end = sites[index + 1] as number
    const from = Math.max(0, start - reach, breaks.lastBefore(start) + 1)
    const to = Math.min(text.length, end + reach, breaks.firstFrom(end))
    const last = stretches.length - 1
    // Stretches on adjacent lines (or with blank lines between) are read as one, so a card listed
    // one group per line, each in markup (`**4539**` ⏎ `**1488**` ⏎ …), is read whole.
    let reached = last > 0 ? (stretches[last] as number) : -1
    while (
      reached < from &&
      reached - (stretches[last] as number) < longestBreak &&
      isLineBreak(text.charCodeAt(reached))
    )
      reached++
    if (last > 0 && from <= reached) stretches[last] = Math.max(stretches[last] as number, to)
    else stretches.push(from, to)
  }
  // The last stretch reaches the text's end when only the start of a next line follows it: a
  // stream's next chunk may make that line the next group of a list (`**4539**` ⏎ `2. ` …).
  const last = stretches.length - 1
  if (
    last > 0 &&
    (stretches[last] as number) < text.length &&
    text.length - (stretches[last] as number) <= longestJoin &&
    isLineBreak(text.charCodeAt(stretches[last] as number))
  )
    stretches[last] = text.length
  return { stretches, sites }
}

/** Lists of flat pairs, each sorted by its first numbers, merged into one so sorted (stable). */
function mergePairs(lists: ReadonlyArray<readonly number[]>): Int32Array {
  const merged = new Int32Array(lists.reduce((total, list) => total + list.length, 0))
  const next = lists.map(() => 0)
  for (let write = 0; write < merged.length; write += 2) {
    // The list whose next pair starts first (the earlier list on a tie); at most eight lists.
    let chosen = -1
    for (let which = 0; which < lists.length; which++) {
      const at = next[which] as number
      const list = lists[which] as readonly number[]
      if (
        at < list.length &&
        (chosen < 0 || (list[at] as number) < ((lists[chosen] as number[])[next[chosen] as number] as number))
      )
        chosen = which
    }
    const list = lists[chosen] as readonly number[]
    const at = next[chosen] as number
    merged[write] = list[at] as number
    merged[write + 1] = list[at + 1] as number
    next[chosen] = at + 2
  }
  return merged
}

/**
 * `text[start, end)` as a reader sees it (see the module comment), with the way back to `text`:
 * the markup read away first (`readMarks`), then, in what is left, blank lines and list markers
 * between lines of digits (`readLineJoins`), so a list of groups in bold or code
 * (`1. **4539**` ⏎ `2. **1488**` ⏎ …) reads as the groups one per line too.
 */
export function readMarkup(text: string, start: number, end: number): VisibleText {
  const marks = readMarks(text, start, end)
  if (!marks.text.includes('\n')) return marks
  return readLineJoins(marks, start === 0 || text.charCodeAt(start - 1) === 10, end === text.length)
}

/**
 * `reading` with blank lines and a list marker between two lines of digits read as one line break
 * (see `lineJoinEnd`), and the first item's marker of such a list as nothing (`leadingMarkerEnd`),
 * each character still mapped back to the original text. `lineStart`: the reading starts a line;
 * `open`: it ends where the text does, so a join its end cuts short is read as one (a stream's next
 * chunk may complete it).
 */
function readLineJoins(reading: VisibleText, lineStart: boolean, open: boolean): VisibleText {
  const text = reading.text
  const parts: string[] = []
  const starts = new Int32Array(text.length)
  const ends = new Int32Array(text.length)
  let read = 0
  let copied = 0
  const copy = (to: number) => {
    for (let index = copied; index < to; index++) {
      starts[read] = reading.start[index] as number
      ends[read++] = reading.end[index] as number
    }
    parts.push(text.slice(copied, to))
  }
  const lead = lineStart ? leadingMarkerEnd(text, 0) : 0
  if (lead > 0) copied = lead
  for (let at = text.indexOf('\n', lead); at >= 0; ) {
    const join = lineJoinEnd(text, at)
    if (join > 0 || (join < 0 && open)) {
      // The line break, blank lines and marker read as one line feed.
      const from = at > 0 && text.charCodeAt(at - 1) === 13 ? at - 1 : at
      const to = join > 0 ? join : text.length
      copy(from)
      starts[read] = reading.start[from] as number
      ends[read++] = reading.end[to - 1] as number
      parts.push('\n')
      copied = to
      at = text.indexOf('\n', to)
      continue
    }
    const itemStart = leadingMarkerEnd(text, at + 1)
    if (itemStart > 0) {
      copy(at + 1)
      copied = itemStart
    }
    at = text.indexOf('\n', Math.max(at + 1, itemStart))
  }
  if (copied === 0) return reading
  copy(text.length)
  return { text: parts.join(''), start: starts.subarray(0, read), end: ends.subarray(0, read) }
}

/**
 * `text[start, end)` without its markup, with the way back to `text`: emphasis and code markers
 * that touch a letter or digit (or end the text), and tags, link marks and the other marks that
 * render as nothing, are left out; character references and percent-encoded printable ASCII read
 * as their character.
 */
function readMarks(text: string, start: number, end: number): VisibleText {
  const parts: string[] = []
  // A reading is never longer than what it reads (a reference or an escape reads as fewer
  // characters than it is written with), so the maps fit in arrays of the stretch's length.
  const starts = new Int32Array(end - start)
  const ends = new Int32Array(end - start)
  let read = 0
  let copied = start
  const copy = (to: number) => {
    for (let index = copied; index < to; index++) {
      starts[read] = index
      ends[read++] = index + 1
    }
    parts.push(text.slice(copied, to))
  }
  /** Reads `text[from, to)` as `character`, each of its units mapped back to that span. */
  const readAs = (character: string, from: number, to: number) => {
    copy(from)
    for (let unit = 0; unit < character.length; unit++) {
      starts[read] = from
      ends[read++] = to
    }
    parts.push(character)
    copied = to
  }
  /** Reads `text[from, to)` as nothing. */
  const skip = (from: number, to: number) => {
    copy(from)
    copied = to
  }
  let index = start
  // Where the link whose `[` was read as nothing has its `]`, and where the link ends.
  let linkClose = -1
  let linkEnd = -1
  while (index < end) {
    const code = text.charCodeAt(index)
    if (index === linkClose) {
      skip(index, linkEnd)
      index = linkEnd
      continue
    }
    if (code === 91) {
      // A Markdown link renders as its text; one the text's end cuts short may still become one.
      const link = linkAt(text, index)
      if (link.end > 0 ? link.end <= end : link.close !== 0 && end === text.length) {
        // One the text's end cuts short reads its text so far, so a stream holds the digits in it.
        skip(index, index + 1)
        linkClose = link.close
        linkEnd = link.end > 0 ? link.end : end
        index++
        continue
      }
    }
    if (code === 95 || code === 126 || code === 61) {
      // `_`, `~`, `=`: underline, strikethrough, highlight (`==` only) touching a letter or digit.
      const markerStop = markerEnd(text, index)
      const before = index > 0 ? text.charCodeAt(index - 1) : 32
      const after = markerStop < text.length ? text.charCodeAt(markerStop) : -1
      const length = markerStop - index
      if (
        (code === 61 ? length === 2 || (after < 0 && length < 2) : length <= longestMarker) &&
        rendersAway(code, before, after)
      )
        skip(index, Math.min(markerStop, end))
      index = markerStop
      continue
    }
    if (code === 124 && tableBorder(text, index) !== 0) {
      skip(index, index + 1)
      index++
      continue
    }
    if (code === 60) {
      // An HTML tag or comment renders as nothing; one the text's end cuts short may still become one.
      const stop = tagEnd(text, index)
      if (stop !== 0 && (stop < 0 ? end === text.length : stop <= end)) {
        const to = stop < 0 ? end : stop
        skip(index, to)
        index = to
        continue
      }
    }
    if (code === 38 && text.charCodeAt(index + 1) !== 35) {
      const named = readNamed(text, index)
      if (named.end > 0 && named.end <= end) {
        readAs(named.character, index, named.end)
        index = named.end
        continue
      }
      if (named.end < 0 && end === text.length && isIncompleteNamed(text, index)) {
        skip(index, end)
        index = end
        continue
      }
    }
    if (code === 42 || code === 96) {
      const markerStop = markerEnd(text, index)
      const before = index > 0 ? text.charCodeAt(index - 1) : 32
      const after = markerStop < text.length ? text.charCodeAt(markerStop) : -1
      if (
        markerStop - index <= longestMarker &&
        (after < 0 || isAlphanumeric(before) || isAlphanumeric(after))
      )
        skip(index, Math.min(markerStop, end))
      index = markerStop
      continue
    }
    if (code === 38 && text.charCodeAt(index + 1) === 35) {
      const reference = readReference(text, index)
      if (reference.end > 0 && reference.end <= end) {
        readAs(String.fromCodePoint(reference.point), index, reference.end)
        index = reference.end
        continue
      }
      if (reference.end < 0 && end === text.length && isIncompleteReference(text, index)) {
        // Cut short by the text's end: read as what it may still become, nothing yet.
        skip(index, end)
        index = end
        continue
      }
    }
    if (code === 37) {
      const byte = percentByte(text, index)
      if (byte >= 32 && byte <= 126 && index + 3 <= end) {
        readAs(String.fromCharCode(byte), index, index + 3)
        index += 3
        continue
      }
    }
    index++
  }
  copy(end)
  return { text: parts.join(''), start: starts.subarray(0, read), end: ends.subarray(0, read) }
}

/**
 * Does a `_`, `~` or `=` marker between `before` and `after` (-1: the text's end) render as
 * nothing next to a digit? An underscore inside a word is part of it (`sk_live_4eC3…`, `file_2024`),
 * as CommonMark reads it; at the text's end any may still turn out to be markup.
 */
function rendersAway(marker: number, before: number, after: number): boolean {
  if (after < 0) return true
  if (digitValue(before) < 0 && digitValue(after) < 0) return false
  return marker !== 95 || !(isAlphanumeric(before) && isAlphanumeric(after))
}

/** Sorts flat pairs `[start, end)` by start (found per marker, so sorted per marker only). */
function sortPairs(pairs: number[]): void {
  if (pairs.length <= 2) return
  const sorted: Array<[number, number]> = []
  for (let index = 0; index < pairs.length; index += 2)
    sorted.push([pairs[index] as number, pairs[index + 1] as number])
  sorted.sort((left, right) => left[0] - right[0])
  sorted.forEach(([start, stop], index) => {
    pairs[2 * index] = start
    pairs[2 * index + 1] = stop
  })
}

/**
 * End of the HTML tag (`<b>`, `</span>`, `<br/>`, `<span class="x">`) or comment (`<!-- … -->`)
 * at `at`: 0 when none starts there, -1 when one starts but the text ends first. Within
 * `longestTag` characters and one line.
 */
function tagEnd(text: string, at: number): number {
  const next = text.charCodeAt(at + 1)
  if (at + 1 >= text.length) return -1
  if (next === 33) {
    // `<!--` … `-->`
    if (text.startsWith('<!--', at)) {
      const close = text.indexOf('-->', at + 4)
      if (close >= 0 && close + 3 - at <= longestTag) return close + 3
      return close < 0 && text.length - at <= longestTag ? -1 : 0
    }
    return '<!--'.startsWith(text.slice(at, at + 4)) ? -1 : 0
  }
  let index = at + 1
  if (next === 47) index++
  if (index >= text.length) return -1
  if (!isAsciiLetter(text.charCodeAt(index))) return 0
  for (; index < text.length && index - at < longestTag; index++) {
    const code = text.charCodeAt(index)
    if (code === 62) return index + 1
    if (code === 60 || code === 10 || code === 13) return 0
  }
  return index === text.length ? -1 : 0
}

/** Longest line break with blank lines and a list marker read as one line break. */
const longestJoin = 32
/** Most line-break characters between two stretches read as one (a blank line between, in CRLF). */
const longestBreak = 4

/**
 * Is the `|` at `at` a table row's border: -1 when it opens its line (only blanks before it), 1
 * when it ends its line or the text (only blanks after it), 0 when neither.
 */
function tableBorder(text: string, at: number): -1 | 0 | 1 {
  let before = at - 1
  while (before >= 0 && (text.charCodeAt(before) === 32 || text.charCodeAt(before) === 9)) before--
  if (before < 0 || isLineBreak(text.charCodeAt(before))) return -1
  let after = at + 1
  while (after < text.length && (text.charCodeAt(after) === 32 || text.charCodeAt(after) === 9)) after++
  return after >= text.length || isLineBreak(text.charCodeAt(after)) ? 1 : 0
}

function isLineBreak(code: number): boolean {
  return code === 10 || code === 13
}

/**
 * Where the digit after the line feed at `at` stands when blank lines or a list marker (`-`, `*`,
 * `+`, `•`, `1.`, `1)`, then a space) come before it, and the line before ends with a digit
 * (within two spaces): `4539` ⏎ `- 1488`, `4539` ⏎⏎ `1488`. 0 when not (a plain line break is
 * read as written), -1 when the text ends before the next line's digit (a stream's next chunk may
 * bring it). At most `longestJoin` characters from the line feed.
 */
function lineJoinEnd(text: string, at: number): number {
  const lineEnd = at > 0 && text.charCodeAt(at - 1) === 13 ? at - 1 : at
  if (!digitNear(text, lineEnd, -1)) return 0
  const length = text.length
  const cutShort = () => (length - at > longestJoin ? 0 : -1)
  let index = at + 1
  let blankLine = false
  // Blank lines: only spaces, tabs and line breaks (past `longestJoin` no join can end).
  for (; index < length; index++) {
    if (index - at > longestJoin) return 0
    const code = text.charCodeAt(index)
    if (code === 10) blankLine = true
    else if (code !== 13 && code !== 32 && code !== 9) break
  }
  if (index >= length) return cutShort()
  const markerEnd = listMarkerEnd(text, index)
  if (markerEnd < 0) return cutShort()
  if (markerEnd > index) {
    // A marker, then spaces, then the digit; else (after a blank line) the line's own first digit.
    if (markerEnd >= length) return cutShort()
    let digit = markerEnd
    while (digit < length && (text.charCodeAt(digit) === 32 || text.charCodeAt(digit) === 9)) digit++
    if (digit > markerEnd) {
      if (digit >= length) return cutShort()
      if (digitValue(text.charCodeAt(digit)) >= 0) return digit - at > longestJoin ? 0 : digit
    }
  }
  if (!blankLine || index - at > longestJoin) return 0
  return digitValue(text.charCodeAt(index)) >= 0 ? index : 0
}

/**
 * End of the list marker at `index` (`-`, `*`, `+`, `•`, or up to three digits and `.` or `)`),
 * `index` when there is none, -1 when the text ends inside what may still become one (`12`).
 */
function listMarkerEnd(text: string, index: number): number {
  const code = text.charCodeAt(index)
  if (code === 45 || code === 42 || code === 43 || code === 0x2022) return index + 1
  if (decimalValue(code) < 0) return index
  // `1.` or `1)`, up to three digits; digits followed by anything else are the line's own number.
  let digitsEnd = index
  while (digitsEnd < text.length && digitsEnd - index < 3 && decimalValue(text.charCodeAt(digitsEnd)) >= 0)
    digitsEnd++
  if (digitsEnd >= text.length) return -1
  const close = text.charCodeAt(digitsEnd)
  return close === 46 || close === 41 ? digitsEnd + 1 : index
}

/**
 * Where the digits of the list item at the line start `at` begin when its marker reads as nothing:
 * the first item of a list of digit groups (`1. 4539` ⏎ `2. 1488` ⏎ …), whose line is at most
 * `longestJoin` characters and whose line break joins the next item's digits (see `lineJoinEnd`),
 * so the list reads as the groups one per line. 0 when not.
 */
function leadingMarkerEnd(text: string, lineStart: number): number {
  // An indented list's marker (`  1. 4539`).
  let at = lineStart
  while (at - lineStart < 4 && (text.charCodeAt(at) === 32 || text.charCodeAt(at) === 9)) at++
  const markerEnd = listMarkerEnd(text, at)
  if (markerEnd <= at) return 0
  let digit = markerEnd
  while (digit < text.length && (text.charCodeAt(digit) === 32 || text.charCodeAt(digit) === 9)) digit++
  if (digit === markerEnd || digitValue(text.charCodeAt(digit)) < 0) return 0
  const lineFeed = text.indexOf('\n', digit)
  if (lineFeed < 0 || lineFeed - at > longestJoin) return 0
  return lineJoinEnd(text, lineFeed) === 0 ? 0 : digit
}

/**
 * The Markdown link whose text opens with the `[` at `at` (`[1488](https://x)`, `[1488][note]`,
 * `[1488][]`): the index of the `]` that closes its text and the link's end; `close` 0 when no link
 * starts there. One the text's end cuts short has `end` -1, and `close` -1 when its text is cut
 * short too. Within `longestTag` characters and one line.
 */
function linkAt(text: string, at: number): { close: number; end: number } {
  const none = { close: 0, end: 0 }
  const cutShort = (close: number) => (text.length - at < longestTag ? { close, end: -1 } : none)
  let index = at + 1
  while (index < text.length && text.charCodeAt(index) !== 93) {
    const code = text.charCodeAt(index)
    if (code === 91 || code === 10 || code === 13 || index - at >= longestTag) return none
    index++
  }
  if (index >= text.length) return cutShort(-1)
  const close = index
  if (close + 1 >= text.length) return cutShort(close)
  const opener = text.charCodeAt(close + 1)
  const closer = opener === 40 ? 41 : opener === 91 ? 93 : -1
  if (closer < 0) return none
  for (index = close + 2; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code === closer) return { close, end: index + 1 }
    if (code === 10 || code === 13 || (closer === 93 && code === 91) || index - at >= longestTag) return none
  }
  return cutShort(close)
}

/**
 * Is there a digit next to `at`, going `step` (-1: before `at`, 1: from `at` on), across at most
 * two spaces or tabs: `4539 <b>1488` has one before its tag.
 */
function digitNear(text: string, at: number, step: -1 | 1): boolean {
  let index = step < 0 ? at - 1 : at
  for (let spaces = 0; index >= 0 && index < text.length; index += step) {
    const code = text.charCodeAt(index)
    if (code !== 32 && code !== 9) return digitValue(code) >= 0
    if (++spaces > 2) return false
  }
  return false
}

/** The named character reference of `namedSeparators` at `at` (`&nbsp;`): what it reads as and its end, or end -1. */
function readNamed(text: string, at: number): { character: string; end: number } {
  const close = text.indexOf(';', at + 1)
  if (close < 0 || close - at - 1 > longestName) return { character: '', end: -1 }
  const character = namedSeparators.get(text.slice(at + 1, close))
  return character === undefined ? { character: '', end: -1 } : { character, end: close + 1 }
}

/** Does a named reference the text's end cuts short start at `at` (`&`, `&nb`)? */
function isIncompleteNamed(text: string, at: number): boolean {
  const written = text.slice(at + 1)
  if (written.length > longestName) return false
  for (const name of namedSeparators.keys()) if (name.startsWith(written)) return true
  return false
}

function isAsciiLetter(code: number): boolean {
  const lower = code | 32
  return lower >= 97 && lower <= 122
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

/**
 * The line breaks (`\n`, `\r`) of `text` around positions asked for in ascending order: the last
 * one before a position (-1 when none) and the first at or after it (`text.length` when none).
 * Each kind is found by a native search that resumes where its previous one stopped, so the text
 * is searched once; a position asked for out of order is searched on its own.
 */
function createLineBreaks(text: string): {
  lastBefore(index: number): number
  firstFrom(index: number): number
} {
  const length = text.length
  const found = (at: number): number => (at < 0 ? length : at)
  let feed = found(text.indexOf('\n'))
  let ret = found(text.indexOf('\r'))
  let last = -1
  const advanceTo = (index: number): void => {
    while (feed < index) {
      if (feed > last) last = feed
      feed = found(text.indexOf('\n', feed + 1))
    }
    while (ret < index) {
      if (ret > last) last = ret
      ret = found(text.indexOf('\r', ret + 1))
    }
  }
  return {
    lastBefore(index) {
      advanceTo(index)
      if (last < index) return last
      return index <= 0 ? -1 : Math.max(text.lastIndexOf('\n', index - 1), text.lastIndexOf('\r', index - 1))
    },
    firstFrom(index) {
      advanceTo(index)
      if (last >= index) return Math.min(found(text.indexOf('\n', index)), found(text.indexOf('\r', index)))
      return Math.min(feed, ret)
    },
  }
}
