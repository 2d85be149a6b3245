/**
 * Character classes the single-pass scanner needs, as lookups rather than regexes. Unicode
 * robustness lives here: full-width and other script digits read as digits, invisible characters
 * (zero-width space, joiners, BOM, soft hyphen) and unusual spaces and dashes read as separators,
 * so none of them can hide a card number.
 */

/** Character codes the scanner tests by name (`code === charCode.underscore`, not `code === 95`). */
export const charCode = {
  tab: 9,
  lineFeed: 10,
  carriageReturn: 13,
  space: 32,
  quote: 34,
  dollar: 36,
  apostrophe: 39,
  openParen: 40,
  closeParen: 41,
  plus: 43,
  comma: 44,
  dash: 45,
  dot: 46,
  slash: 47,
  colon: 58,
  lessThan: 60,
  equals: 61,
  greaterThan: 62,
  question: 63,
  at: 64,
  upperB: 66,
  underscore: 95,
  backtick: 96,
  backslash: 92,
  closeBracket: 93,
  openBrace: 123,
  tilde: 126,
} as const

/**
 * White space or a quote (`"`, `'`, a backtick, a typographic quote, or the backslash that escapes
 * one in JSON inside a string): what stands between a name, its operator and its value.
 */
export function isQuoteOrSpaceCode(code: number): boolean {
  // One lookup for ASCII (a name's letters, read back one by one, are the usual case).
  return code < 128 ? quoteOrSpaceTable[code] === 1 : isQuoteMarkCode(code)
}

/** 1 for the ASCII codes `isQuoteOrSpaceCode` accepts. */
const quoteOrSpaceTable = (() => {
  const table = new Uint8Array(128)
  for (const code of [
    charCode.space,
    charCode.tab,
    charCode.lineFeed,
    charCode.carriageReturn,
    charCode.quote,
    charCode.apostrophe,
    charCode.backtick,
    charCode.backslash,
  ])
    table[code] = 1
  return table
})()

/**
 * Value 0..9 of a digit in any supported script (ASCII, full-width, Arabic-Indic, Devanagari), or
 * of a digit drawn smaller or in a circle (superscript and subscript digits, `①`–`⑨` and `⓪`, which
 * NFKC reads as ASCII digits, and the dingbat circled digits `❶`, `➀`, `➊`, `⓵`, which a reader
 * reads so too, and the parenthesized `⑴`–`⑼` and full-stop `⒈`–`⒐`), else -1.
 */
export function digitValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48
  if (code < 0xb2) return -1
  if (code < 0x660) return code === 0xb2 ? 2 : code === 0xb3 ? 3 : code === 0xb9 ? 1 : -1
  if (code >= 0xff10 && code <= 0xff19) return code - 0xff10
  if (code >= 0x660 && code <= 0x669) return code - 0x660
  if (code >= 0x6f0 && code <= 0x6f9) return code - 0x6f0
  if (code >= 0x966 && code <= 0x96f) return code - 0x966
  if (code < 0x2070 || code > 0x2792) return -1
  // Superscripts ⁰ ⁴–⁹ (¹²³ are Latin-1, above) and subscripts ₀–₉.
  if (code === 0x2070) return 0
  if (code >= 0x2074 && code <= 0x2079) return code - 0x2070
  if (code >= 0x2080 && code <= 0x2089) return code - 0x2080
  // Circled ①–⑨ and ⓪, double circled ⓵–⓽, negative circled ⓿ and ❶–❾, sans-serif ➀–➈ and ➊–➒.
  if (code >= 0x2460 && code <= 0x2468) return code - 0x245f
  // Parenthesized ⑴–⑼ and with a full stop ⒈–⒐ (NFKC reads them as `(4)` and `4.`; a reader as 4).
  if (code >= 0x2474 && code <= 0x247c) return code - 0x2473
  if (code >= 0x2488 && code <= 0x2490) return code - 0x2487
  if (code === 0x24ea || code === 0x24ff) return 0
  if (code >= 0x24f5 && code <= 0x24fd) return code - 0x24f4
  if (code >= 0x2776 && code <= 0x277e) return code - 0x2775
  if (code >= 0x2780 && code <= 0x2788) return code - 0x277f
  if (code >= 0x278a && code <= 0x2792) return code - 0x2789
  return -1
}

/**
 * A combining mark (U+0300–U+036F, and the extended, supplement, for-symbols and half-mark blocks):
 * drawn over or under the character before it, so `4̅` is still a 4 to a reader.
 */
export function isCombiningMark(code: number): boolean {
  return (
    (code >= 0x300 && code <= 0x36f) ||
    (code >= 0x1ab0 && code <= 0x1aff) ||
    (code >= 0x1dc0 && code <= 0x1dff) ||
    (code >= 0x20d0 && code <= 0x20ff) ||
    (code >= 0xfe20 && code <= 0xfe2f)
  )
}

/** Zero-width and formatting characters that render as nothing. */
export function isInvisible(code: number): boolean {
  return (
    (code >= 0x200b && code <= 0x200f) ||
    code === 0x2060 ||
    code === 0xfeff ||
    code === 0xad ||
    code === 0x180e ||
    (code >= 0x2061 && code <= 0x2064)
  )
}

/** Visible separators allowed between digit groups of a number (space, dash, dot and look-alikes). */
export function separatorKind(code: number): number {
  switch (code) {
    // A tab renders as a wider space (`4539\t1488\t…` as a TSV cell or a model's reply writes it).
    case 9:
    case 32:
    case 0xa0:
    case 0x2007:
    case 0x2009:
    case 0x202f:
    case 0x3000:
      return 32 // space
    case 45:
    case 0x2010:
    case 0x2011:
    case 0x2012:
    case 0x2013:
    case 0x2014:
    case 0x2212:
    case 0xff0d:
      return 45 // dash
    case 46:
    case 0xff0e:
      return 46 // dot
    case 40:
    case 41:
      return code // parentheses (phone numbers)
    default:
      return code < 128 ? 0 : otherSeparatorKind(code)
  }
}

/** Any other space (`\p{Zs}`) or dash (`\p{Pd}`) of Unicode: `4111﹣1111﹣…` with U+FE63. */
const otherSpace = /\p{Zs}/u
const otherDash = /\p{Pd}/u

/**
 * Separators outside the common ones, found by an outside review joining the four groups of a card
 * with every code point: U+FE63, U+2015, U+2E3A, U+301C and a braille blank each hid a card from
 * every check. Non-ASCII only: ASCII punctuation between digit groups writes dates, paths and
 * ratios. Dots and other marks are read only in a card's printed shape (`marked-card.ts`).
 */
function otherSeparatorKind(code: number): number {
  // A braille blank renders as a space; a hyphen bullet as a dash.
  if (code === 0x2800) return 32
  if (code === 0x2043) return 45
  const character = String.fromCharCode(code)
  if (otherSpace.test(character)) return 32
  if (otherDash.test(character)) return 45
  return 0
}

/** ASCII table: 1 = token character (anything but whitespace and bracketing punctuation). */
export const tokenTable: Uint8Array = (() => {
  const table = new Uint8Array(128)
  for (let code = 33; code < 127; code++) table[code] = 1
  for (const char of '"\'`<>()[]{},;|\\') table[char.charCodeAt(0)] = 0
  return table
})()

/**
 * Quotation marks outside ASCII: typographic quotes (`‘ ’ ‚ ‛ “ ” „ ‟`), guillemets (`« » ‹ ›`)
 * and CJK corner brackets (`「 」 『 』`). Writers and models put values in them as in ASCII quotes
 * (`API_KEY=“…”`, `email “jane@example.com”`), so they end a token as `"` does.
 */
export function isQuoteMarkCode(code: number): boolean {
  return (
    (code >= 0x2018 && code <= 0x201f) ||
    code === 0xab ||
    code === 0xbb ||
    code === 0x2039 ||
    code === 0x203a ||
    (code >= 0x300c && code <= 0x300f)
  )
}

/** Is this UTF-16 code unit part of a token (a whitespace-free word, URL, key or address)? */
export function isTokenCode(code: number): boolean {
  if (code < 128) return tokenTable[code] === 1
  return !(
    isQuoteMarkCode(code) ||
    code === 0xa0 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x3000 ||
    code === 0x202f ||
    code === 0x205f
  )
}

/** ASCII letter, digit or underscore. */
export function isWordCode(code: number): boolean {
  return (
    (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95
  )
}

/** ASCII letter or digit. */
export function isAlphanumericCode(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122)
}

/** A character of standard base64: an ASCII letter or digit, `+`, `/` or `=`. */
export function isBase64Code(code: number): boolean {
  return (
    isAlphanumericCode(code) || code === charCode.plus || code === charCode.slash || code === charCode.equals
  )
}
