/**
 * What a reader sees of a text: characters that render as nothing (Unicode's
 * Default_Ignorable_Code_Point: zero-width spaces and joiners, soft hyphens, bidirectional
 * controls, variation selectors) are left out, tag characters (U+E0020 to U+E007E, invisible
 * copies of printable ASCII) are read as the ASCII they copy, and full-width forms of ASCII
 * (U+FF01 to U+FF5E, `ＡＫＩＡ`) as that ASCII, as Unicode's compatibility normalisation (NFKC)
 * reads them. A model told to write a key with a zero-width space every few characters, in tag
 * characters ("ASCII smuggling") or in full-width letters, writes the key for any program that
 * reads the text; the scanner reads it the same way. Mathematical digits (`𝟒𝟏𝟏𝟏`, bold, double-struck,
 * sans-serif and monospace) are read as the ASCII digits NFKC makes of them, and so is every other
 * script's decimal digit the scanner does not read itself (Bengali `৪১১১`, Thai `๔๑๑๑`, Myanmar,
 * Khmer, the segmented digits `🯴🯱🯱🯱`…): a card number written in them is a card number to its reader.
 */

/**
 * A character that renders as nothing, a tag character, a full-width form of ASCII, a mathematical
 * digit, or a decimal digit of a script the scanner does not read itself (ASCII, Arabic-Indic and
 * Devanagari digits it does: see `digitValue`). The second alternative tests a few ranges that hold
 * every other decimal digit (and no Latin, Greek, Cyrillic, punctuation or emoji) before it asks
 * Unicode whether the character is one, so other text pays one range test per character.
 */
const invisible =
  /[\p{Default_Ignorable_Code_Point}\uff01-\uff5e\u{1d7ce}-\u{1d7ff}]|[\u07c0-\u1c59\ua620-\uabf9\u{104a0}-\u{1e959}\u{1fbf0}-\u{1fbf9}](?<=\p{Nd})(?<![\u0966-\u096f\u{1d7ce}-\u{1d7ff}])/u
const invisibleAll = new RegExp(invisible.source, 'gu')
/** A decimal digit of any script. */
const decimalDigit = /\p{Nd}/u

/** First and last mathematical digits (bold, double-struck, sans-serif, sans-serif bold, monospace). */
const firstMathDigit = 0x1d7ce
const lastMathDigit = 0x1d7ff

/** First and last full-width forms of printable ASCII, and how far above ASCII they are. */
const firstWide = 0xff01
const lastWide = 0xff5e
const wideOffset = 0xfee0

/** First and last code points of the tag characters that copy printable ASCII (U+E0020 to U+E007E). */
const firstTag = 0xe0020
const lastTag = 0xe007e

/** A text without its invisible characters, and where each of its characters was in the original. */
export interface VisibleText {
  text: string
  /** Per character of `text`: its index in the original text. */
  start: Int32Array
  /** Per character of `text`: the index just after it in the original (two after a tag character). */
  end: Int32Array
}

/** Does `text` hold a character that renders as nothing, a tag character or a full-width form of ASCII? */
export function hasInvisible(text: string): boolean {
  return invisible.test(text)
}

/** `text` as a reader sees it (see the module comment), with the way back to the original. */
export function visibleText(text: string): VisibleText {
  const parts: string[] = []
  const start = new Int32Array(text.length)
  const end = new Int32Array(text.length)
  let length = 0
  let copied = 0
  const keep = (from: number, to: number) => {
    for (let index = from; index < to; index++) {
      start[length] = index
      end[length] = index + 1
      length++
    }
    parts.push(text.slice(from, to))
  }
  invisibleAll.lastIndex = 0
  for (let match = invisibleAll.exec(text); match !== null; match = invisibleAll.exec(text)) {
    keep(copied, match.index)
    const point = match[0].codePointAt(0) as number
    if (point >= firstWide && point <= lastWide) {
      parts.push(String.fromCharCode(point - wideOffset))
      start[length] = match.index
      end[length] = match.index + 1
      length++
    } else if (point >= firstMathDigit && point <= lastMathDigit) {
      // `𝟒𝟏𝟏𝟏` (five styles of ten digits each): the digit NFKC reads, over both code units.
      parts.push(String.fromCharCode(48 + ((point - firstMathDigit) % 10)))
      start[length] = match.index
      end[length] = match.index + match[0].length
      length++
    } else if (point >= firstTag && point <= lastTag) {
      parts.push(String.fromCharCode(point - 0xe0000))
      start[length] = match.index
      end[length] = match.index + match[0].length
      length++
    } else if (decimalDigit.test(match[0])) {
      // Another script's digit (`৪`, `๔`, `🯴`): the ASCII digit of the same value.
      parts.push(String.fromCharCode(48 + decimalValue(point)))
      start[length] = match.index
      end[length] = match.index + match[0].length
      length++
    }
    copied = match.index + match[0].length
  }
  keep(copied, text.length)
  return { text: parts.join(''), start: start.subarray(0, length), end: end.subarray(0, length) }
}

/**
 * Value 0..9 of the decimal digit `point`: Unicode assigns each script's digits zero to nine in a
 * row (Numeric_Type=Decimal), so it is the digits before it in its row, modulo ten (the row of
 * mathematical digits holds five sets of ten).
 */
function decimalValue(point: number): number {
  let zero = point
  while (point - zero < 50 && decimalDigit.test(String.fromCodePoint(zero - 1))) zero--
  return (point - zero) % 10
}

/** The index in the visible text of the first character at or after `index` of the original. */
export function visibleIndex(visible: VisibleText, index: number): number {
  let low = 0
  let high = visible.start.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((visible.start[middle] as number) < index) low = middle + 1
    else high = middle
  }
  return low
}

/** Longest stretch of invisible characters a stream's context is extended over (bounds each chunk's work). */
const longestContext = 8192

/**
 * Where a context of `count` visible characters (a tag character counts as one) ending at `end`
 * starts in `text`: `end - count` when the stretch holds no invisible character, earlier when it
 * does (at most `longestContext` code units back), never inside a surrogate pair. A stream keeps
 * this much before its next chunk, so the detectors read as much of it as in the whole text.
 */
export function contextStart(text: string, end: number, count: number): number {
  let start = Math.max(0, end - count)
  if (start > 0 && isLowSurrogate(text.charCodeAt(start))) start--
  if (!invisible.test(text.slice(start, end))) return start
  let index = end
  let seen = 0
  while (index > 0 && seen < count && end - index < longestContext) {
    let from = index - 1
    if (from > 0 && isLowSurrogate(text.charCodeAt(from)) && isHighSurrogate(text.charCodeAt(from - 1)))
      from--
    const point = text.codePointAt(from) as number
    if (
      (point >= firstTag && point <= lastTag) ||
      (point >= firstWide && point <= lastWide) ||
      (point >= firstMathDigit && point <= lastMathDigit) ||
      !invisible.test(text.slice(from, index)) ||
      decimalDigit.test(text.slice(from, index))
    )
      seen++
    index = from
  }
  return index
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff
}

/**
 * Cyrillic, Greek and Armenian letters drawn like an ASCII letter (`А`, `К`, `І`, `Ο`, `р`, `ѕ`), with that
 * letter: Unicode's confusables for Latin letters, the ones fonts draw alike.
 */
const lookalikes: ReadonlyMap<number, number> = (() => {
  const pairs =
    // Cyrillic capitals and small letters.
    'АAВBЕEКKМMНHОOРPСCТTХXУYІIЈJЅSҮYӀIԚQԜW' +
    'аaеeоoрpсcуyхxіiјjѕsһhԁdӏlԛqԝwҺh' +
    // Greek capitals and small letters.
    'ΑAΒBΕEΖZΗHΙIΚKΜMΝNΟOΡPΤTΥYΧXοoνvκk' +
    // Armenian capitals and small letters (attack review rv66a: `Amazօn`, `Amazoո` passed).
    'ՕOՍUՏSԼLօoոnսuհhցgզq'
  const map = new Map<number, number>()
  for (let index = 0; index < pairs.length; index += 2)
    map.set(pairs.charCodeAt(index), pairs.charCodeAt(index + 1))
  return map
})()

/** The ASCII letter a Cyrillic, Greek or Armenian letter is drawn like (`А` is `A`), or undefined. */
export function lookalikeOf(code: number): number | undefined {
  return lookalikes.get(code)
}

/** Any Greek, Cyrillic or Armenian letter (the scripts `lookalikes` draws from). */
const greekOrCyrillic = /[\u0370-\u058f]/

/** How far along its token a look-alike letter looks for an ASCII letter or digit. */
const tokenReach = 64

/** A character that ends a token for `foldLookalikes`: whitespace, quotes and brackets. */
function endsToken(code: number): boolean {
  return (
    code <= 32 ||
    code === 34 ||
    code === 39 ||
    code === 96 ||
    code === 40 ||
    code === 41 ||
    code === 60 ||
    code === 62 ||
    code === 91 ||
    code === 93 ||
    code === 123 ||
    code === 125 ||
    code === 44 ||
    code === 59 ||
    code === 124 ||
    code === 0x00a0 ||
    code === 0x3000
  )
}

function isAsciiAlphanumeric(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122)
}

/**
 * `text` with each Cyrillic or Greek letter drawn like an ASCII one read as that letter, where its
 * token also holds an ASCII letter or digit (within 64 characters on either side): `АКІА…` with
 * Cyrillic capitals is an AWS key to anyone who reads it, while a word all in Cyrillic or Greek
 * is left as it is. One character for one, so positions do not change; `text` itself when there
 * is nothing to read so.
 */
export function foldLookalikes(text: string): string {
  if (!greekOrCyrillic.test(text)) return text
  // Where the nearest ASCII letter or digit of the same token is, on each side (-1: none).
  const length = text.length
  const before = new Int32Array(length)
  const after = new Int32Array(length)
  let last = -1
  for (let index = 0; index < length; index++) {
    const code = text.charCodeAt(index)
    if (endsToken(code)) last = -1
    else if (isAsciiAlphanumeric(code)) last = index
    before[index] = last
  }
  last = -1
  for (let index = length - 1; index >= 0; index--) {
    const code = text.charCodeAt(index)
    if (endsToken(code)) last = -1
    else if (isAsciiAlphanumeric(code)) last = index
    after[index] = last
  }
  let folded: string[] | undefined
  let copied = 0
  for (let index = 0; index < length; index++) {
    const ascii = lookalikes.get(text.charCodeAt(index))
    if (ascii === undefined) continue
    const left = before[index] as number
    const right = after[index] as number
    if (!((left >= 0 && index - left <= tokenReach) || (right >= 0 && right - index <= tokenReach))) continue
    folded ??= []
    folded.push(text.slice(copied, index), String.fromCharCode(ascii))
    copied = index + 1
  }
  if (folded === undefined) return text
  folded.push(text.slice(copied))
  return folded.join('')
}
