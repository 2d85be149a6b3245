/**
 * The reading blocklist terms are matched on: each character lower-cased, and an accented,
 * mathematical, letterlike or enclosed form of an ASCII letter or digit read as it (its
 * compatibility decomposition, NFKD, without marks: `Àmazön`, `𝐀𝐦𝐚𝐳𝐨𝐧`, `ⓐ`, `⒜`), a Greek or
 * Cyrillic letter drawn like an ASCII one read as it where a Latin letter stands within 64
 * characters (also a word all of them among Latin words: `Try ΑΜΑΖΟΝ today`; Greek or Russian
 * prose is left as written), and an accent written apart (a combining mark) read as nothing. Full-width forms and zero-width
 * characters are read before any detector runs (see `visibleText`); the digits and symbols written for letters
 * (`Amaz0n`, `W@lmart`) are classes of the term (see `readingClass`).
 */

import { lookalikeOf } from './detectors/visible-text.ts'

/** A text's reading, and (when a character took two code units) where each of its characters was. */
export interface BlocklistReading {
  text: string
  /**
   * Per character of `text`, its index in the original, and the original's length last (so
   * `[start[i], start[i + 1])` is what character `i` reads). Undefined when the two line up.
   */
  start: Int32Array | undefined
}

/** Does a text hold a character that is not ASCII? */
const notAscii = /[^\0-\x7f]/u

/** Each non-ASCII character's reading, worked out when first met. */
const folded = new Map<number, string>()

/**
 * A character's reading: the ASCII letter or digit it decomposes to (`À`, `𝐀`, `ⓐ`, `⒜`), nothing
 * for a combining mark (an accent written apart, NFD: `o` U+0301), else itself lower-cased. A
 * Greek or Cyrillic letter drawn like a Latin one reads as itself here: where it stands decides
 * (see `blocklistReading`), and a term's class holds both (see `readingClass`).
 */
function foldOf(point: number): string {
  let reading = folded.get(point)
  if (reading !== undefined) return reading
  const character = String.fromCodePoint(point)
  const base = character.normalize('NFKD').replace(/\p{M}/gu, '')
  const lower = character.toLowerCase()
  const latin = latinForms.get(point)
  if (latin !== undefined) reading = latin
  else if (/^\p{M}$/u.test(character)) reading = ''
  else if (/^[A-Za-z0-9]$/u.test(base)) reading = base.toLowerCase()
  else if (/^\([A-Za-z0-9]\)$/u.test(base)) reading = (base[1] as string).toLowerCase()
  else reading = lower.length === character.length ? lower : character
  folded.set(point, reading)
  return reading
}

/**
 * Latin letters drawn like an ASCII one that no decomposition reads as it: the small capitals
 * (`ᴀᴍᴀᴢᴏɴ`, a reader's AMAZON) and the IPA and dotless letters `ɑ`, `ɡ`, `ɩ`, `ı`, `ȷ` (attack review
 * rv66a: `ᴀᴍᴀᴢᴏɴ`, `ɑmazon`, `Tɑrget` passed the blocklist). Latin themselves, so they read so wherever
 * they stand.
 */
const latinForms: ReadonlyMap<number, string> = (() => {
  const pairs = 'ᴀaʙbᴄcᴅdᴇeꜰfɢgʜhɪiᴊjᴋkʟlᴍmɴnᴏoᴘpʀrꜱsᴛtᴜuᴠvᴡwʏyᴢzɑaɡgɩiıiȷj'
  const map = new Map<number, string>()
  for (let index = 0; index < pairs.length; index += 2)
    map.set(pairs.charCodeAt(index), pairs[index + 1] as string)
  return map
})()

/**
 * Lower-case Cyrillic letters drawn like a Latin small capital (`м` like `ᴍ`, `т` like `ᴛ`, `н` like
 * `ʜ`, `к` like `ᴋ`), `п` like `n` and `г` like `r`: `Aмazon` and `Taгget` among Latin words read
 * as Amazon and Target (attack review rv66a: `Aмazon` passed the blocklist). Unlike the small
 * capitals, they read so only where a Latin letter stands near (Russian prose is left alone). `в`
 * and `ь` stay themselves: no reader takes `веѕт` for `best`. A lower-case `l` is not read as an `i`
 * (`Nlke`): unlike a capital `I` among lower-case letters it is everywhere in real words, and a
 * term read so would match them (`Fiat` in "flat", `Siam` in "slam").
 */
const cyrillicSmallCapitals: ReadonlyMap<number, string> = new Map(
  [...'мmтtнhкkпnгr'.matchAll(/(.)(.)/gu)].map(([, cyrillic, latin]) => [
    (cyrillic as string).charCodeAt(0),
    latin as string,
  ]),
)

/** The Latin letter a Greek, Cyrillic or Armenian letter is drawn like, lower-cased, or undefined. */
function lookalikeReading(point: number): string | undefined {
  const latin = lookalikeOf(point)
  return latin === undefined ? cyrillicSmallCapitals.get(point) : String.fromCharCode(latin | 32)
}

/**
 * What a capital `I` next to a lower-case letter reads as: `ǀ` (U+01C0, a letter drawn as a bar),
 * which both `i` and `l` of a term match. In most sans-serif faces `I` and `l` are the same bar, so
 * `WaImart` reads as Walmart to a reader. A capital among capitals is an `I` (`DELI` is not `Dell`),
 * and a lower-case `i` or `l` reads as itself (`Deli` is not `Dell`).
 */
const capitalI = 'ǀ'
const capitalIAmongLowerCase = /(?<=[a-z])I|I(?=[a-z])/g

function isLowerCaseAscii(code: number): boolean {
  return code >= 97 && code <= 122
}

/**
 * How near a Latin letter must stand for a look-alike to read as one: a word of them among Latin
 * words (`Try ΑΜΑΖΟΝ today`) is a respelling; the same letters in Greek or Russian prose are
 * words of their own (`ΜΕΤΑ` is Greek for "after", `ВЕКО` Russian for "eyelid").
 */
const latinReach = 64

/** `text` as blocklist terms are matched on (see the module comment). */
export function blocklistReading(text: string): BlocklistReading {
  if (!notAscii.test(text)) {
    const read = text.includes('I') ? text.replace(capitalIAmongLowerCase, capitalI) : text
    return { text: read.toLowerCase(), start: undefined }
  }
  let reading = ''
  let start: Int32Array | undefined
  let length = 0
  // The last Latin letter before `index` and the first at or after it (moved forward only).
  let latinBefore = Number.NEGATIVE_INFINITY
  let latinAfter = -1
  for (let index = 0; index < text.length; ) {
    const point = text.codePointAt(index) as number
    const width = point > 0xffff ? 2 : 1
    let character =
      point === 73 &&
      (isLowerCaseAscii(text.charCodeAt(index - 1)) || isLowerCaseAscii(text.charCodeAt(index + 1)))
        ? capitalI
        : point < 0x80
          ? text[index]?.toLowerCase()
          : foldOf(point)
    const lookalike = point < 0x80 ? undefined : lookalikeReading(point)
    if (lookalike !== undefined) {
      if (latinAfter < index) latinAfter = nextLatinLetter(text, index)
      if (index - latinBefore <= latinReach || latinAfter - index <= latinReach) character = lookalike
    } else if (isLatinLetter(point)) latinBefore = index
    if (character?.length !== width && start === undefined) {
      // From the first character that changes width on, positions are mapped.
      start = new Int32Array(text.length + 1)
      for (let before = 0; before < length; before++) start[before] = before
    }
    const read = character ?? ''
    if (start !== undefined)
      for (let unit = 0; unit < read.length; unit++) start[length + unit] = index + Math.min(unit, width - 1)
    reading += read
    length += read.length
    index += width
  }
  if (start !== undefined) start[length] = text.length
  return { text: reading, start: start?.subarray(0, length + 1) }
}

function isLatinLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122)
}

/** The first ASCII letter at or after `from`, or infinitely far when none. */
function nextLatinLetter(text: string, from: number): number {
  for (let index = from; index < text.length; index++) if (isLatinLetter(text.charCodeAt(index))) return index
  return Number.POSITIVE_INFINITY
}

/** A reading position's place in the original text. */
export function originalIndex(reading: BlocklistReading, index: number): number {
  return reading.start === undefined ? index : (reading.start[index] as number)
}

/** A place in the original text's reading: the first reading position at or after it. */
export function readingIndex(reading: BlocklistReading, index: number): number {
  const { start } = reading
  if (start === undefined) return index
  let low = 0
  let high = start.length - 1
  while (low < high) {
    const middle = (low + high) >> 1
    if ((start[middle] as number) < index) low = middle + 1
    else high = middle
  }
  return low
}

/**
 * Digits and symbols written for a letter. A term's own digit stays a digit (`3M` is not `em`),
 * and a reading of a term needs half its letters as letters (see `compileBlocklist`), so a
 * number never reads as a word.
 */
const substitutes: Readonly<Record<string, string>> = {
  a: '4@',
  b: '8',
  e: '3€',
  g: '9',
  i: `1!|${capitalI}`,
  l: `1|${capitalI}`,
  o: '0',
  s: '5$',
  t: '7',
  z: '2',
}

/**
 * Regex source for one character of a term, matched on the reading: a letter with the digits and
 * symbols written for it, anything else as read, escaped.
 */
export function readingClass(character: string): string {
  const point = character.codePointAt(0) as number
  // A term's Greek or Cyrillic look-alike also matches the Latin letter it is drawn like, which a
  // text among Latin words reads it as.
  const latin = lookalikeReading(point)
  const read = latin ?? foldOf(point)
  const own = latin === undefined ? '' : foldOf(point)
  const extra = `${own}${substitutes[read] ?? ''}`
  if (extra !== '') return `[${read}${extra.replace(/[\]\\^-]/gu, '\\$&')}]`
  return read.replace(/[.*+?^${}()|[\]\\/-]/gu, '\\$&')
}
