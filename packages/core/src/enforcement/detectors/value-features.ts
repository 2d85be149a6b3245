/**
 * Candidate features that land on a value named just before it (`ci_token = "…"`, `curl -u …`,
 * `Authorization: Bearer …`), so a value shorter than the long-token search's length is still
 * looked at. Each alternative starts with a rare character (an assignment's operator or an
 * option's dash) and ends with the value's first character: the candidate the scanner lands on.
 */
import { elementBraceBefore, isSpacedDash, operatorGap, quoteMarks, valueGap } from './assignment-name.ts'
import { charCode, isQuoteOrSpaceCode } from './char-classes.ts'

/** A character a value may start with (a token character; not `$`, `%` or `<`: a reference or a template). */
const valueStartSource = String.raw`[\w.+/~!@#*&^-]`

/** A character inside a value (any token character but a quote, a bracket or a separator). */
export const valueCharSource = String.raw`[^\s"'\x60\u2018-\u201f\u00ab\u00bb\u2039\u203a\u300c-\u300f<>()[\]{},;|\\]`

/** HTTP authorization schemes written between a header's name and its credentials (RFC 9110 §11.4). */
const authorizationSchemes = ['bearer', 'basic', 'token', 'api-token']

/** Regex source matching `word` in any ASCII case without the `i` flag (the feature regex has none). */
function anyCase(word: string): string {
  return [...word]
    .map((char) => {
      const lower = char.toLowerCase()
      const upper = char.toUpperCase()
      if (lower !== upper) return `[${upper}${lower}]`
      return char.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')
    })
    .join('')
}

/** Value features for the keywords of value-introducing detectors (see `buildValueFeatures`). */
export interface ValueFeatures {
  /** Alternatives for the combined feature regex: they start with `:` or `-`, which it already looks for. */
  alternatives: string[]
  /**
   * Source of a regex, tried sticky at each `=`, `>` and `,`, that matches from the operator to
   * the value's first character; undefined without keywords. Found by `indexOf`, not by the
   * combined regex: a first character that regex has no other alternative for costs it about a
   * sixth of the scanner's time on dense text (V8 searches a regex's first characters with a skip
   * table), while `indexOf` of one character costs nearly nothing.
   */
  operators: string | undefined
}

/**
 * The features for the keywords of value-introducing detectors: for names holding a word (the
 * operator, with the name behind it, then quotes, spaces and an optional authorization scheme)
 * and for command-line options (`-u`, `--user`). Empty without keywords.
 */
export function buildValueFeatures(keywords: readonly string[]): ValueFeatures {
  const words = [...new Set(keywords.filter((keyword) => !keyword.startsWith('-')))]
  const options = [...new Set(keywords.filter((keyword) => keyword.startsWith('-')))]
  const features: ValueFeatures = { alternatives: [], operators: undefined }
  if (words.length > 0) {
    // Read backwards from the operator: the operator, quotes, a declared type, the name's rest, a word.
    // A quote may close the name before a declared type or an attribute (`key="Password" value=`).
    // The name's rest ends on a letter or digit and never holds two hyphens in a row: "api-key",
    // "key_id", never "KEY-----" or "KEY-----abc" (a PEM armor line and what follows it).
    // A quote may be escaped (JSON inside a string: `{\\"token\\":\\"…\\"}`).
    const quote = `(?:\\\\{0,3}[${quoteMarks}])?`
    const named = `(?:${words.map(anyCase).join('|')})(?:(?:[\\w.]|-(?!-)){0,19}?\\w)?${quote}(?:[ \\t]{1,3}[a-z]\\w{0,10})?${quote}`
    // A subscript's key may close its bracket before the operator (`env["API_KEY"] = …`).
    const name = `${named}\\]?\\s{0,${operatorGap}}[.:?=]{0,3}[=:>,]`
    const scheme = `(?:(?:${authorizationSchemes.map(anyCase).join('|')})[ \\t]{1,3})?`
    const value = `[\\s\\\\${quoteMarks}]{0,${valueGap}}${scheme}${valueStartSource}`
    // Cheapest test first: a value of eight or more characters follows (prose fails here, at its
    // next space), then a comma needs a quote before it, then the name is read backwards.
    const ahead = `(?=${value}${valueCharSource}{7})`
    features.alternatives.push(`:${ahead}(?<=${name})${value}`)
    // A dash between blanks labels a value (`API token - 'b631…'`; see `assignmentSource`).
    features.alternatives.push(
      `-(?<=[ \\t]-)(?=[ \\t])${ahead}(?<=${named}[ \\t]{1,${operatorGap}}-)${value}`,
    )
    // An element's content in braces, behind at most two words (see `elementBraceBefore`).
    const braced = `>\\{(?<=${name}\\{)(?:[\\w.-]{1,40}[ \\t]){0,2}${valueStartSource}(?=${valueCharSource}{7})`
    features.operators = `[=>]${ahead}(?<=${name})${value}|,(?<=[${quoteMarks}]\\s{0,3},)${ahead}(?<=${name})${value}|${braced}`
  }
  if (options.length > 0) {
    const rests = options.map((option) => anyCase(option.slice(1)))
    // A one-letter option may take its value glued to it (POSIX getopt: `mysql -pS3cret`).
    const letters = options.filter((option) => /^-[A-Za-z]$/.test(option)).map((option) => option.charAt(1))
    const glued = letters.length === 0 ? '' : `|[${letters.join('')}](?=${valueCharSource}{5})`
    features.alternatives.push(
      `-(?<=(?:^|[\\s"'])-)(?:(?:${rests.join('|')})(?:=|[ \\t]{1,5})["']?${glued})${valueStartSource}`,
    )
  }
  return features
}

/**
 * A class of the operator feature's lookahead as a test of one code: a table for ASCII, the
 * class's own regex beyond it, so the prefilter below accepts exactly what the regex does.
 */
function codeClass(source: string): (code: number) => boolean {
  const pattern = new RegExp(`^${source}$`)
  const ascii = new Uint8Array(128)
  for (let code = 0; code < 128; code++) ascii[code] = pattern.test(String.fromCharCode(code)) ? 1 : 0
  return (code) => (code < 128 ? ascii[code] === 1 : pattern.test(String.fromCharCode(code)))
}

const isGapCode = codeClass(`[\\s\\\\${quoteMarks}]`)
const isValueStartCode = codeClass(valueStartSource)
const isValueCode = codeClass(valueCharSource)
/** Does one of `authorizationSchemes`, in any ASCII case, then a space or tab start at `index`? */
function startsScheme(text: string, index: number): boolean {
  for (const scheme of authorizationSchemes) {
    let offset = 0
    // `| 32` lower-cases an ASCII letter and leaves `-` as it is.
    while (offset < scheme.length && (text.charCodeAt(index + offset) | 32) === scheme.charCodeAt(offset))
      offset++
    const after = text.charCodeAt(index + offset)
    if (offset === scheme.length && (after === charCode.space || after === charCode.tab)) return true
  }
  return false
}

/**
 * Can the operator feature's lookahead hold after the operator at `position`: at most `valueGap`
 * quotes and blanks, then a value's first character and seven more of a value, or an authorization
 * scheme and a blank (`Bearer …`: the regex decides)? A necessary condition read in a few
 * codes, so an operator in code or prose (`x = y`, `"POST", body`) costs no regex run.
 */
export function mayStartValueAfter(text: string, position: number): boolean {
  const length = text.length
  let index = position + 1
  const gapEnd = Math.min(length, index + valueGap)
  while (index < gapEnd && isGapCode(text.charCodeAt(index))) index++
  if (index >= length || !isValueStartCode(text.charCodeAt(index))) return false
  // An authorization scheme and a blank (`Bearer …`) is left to the regex.
  if (startsScheme(text, index)) return true
  if (index + 8 > length) return false
  for (let offset = 1; offset < 8; offset++) if (!isValueCode(text.charCodeAt(index + offset))) return false
  return true
}

function isOperator(code: number): boolean {
  return (
    code === charCode.equals ||
    code === charCode.colon ||
    code === charCode.greaterThan ||
    code === charCode.comma
  )
}

/**
 * The words that may stand just before a value (options and authorization schemes, lower-cased),
 * with the lengths they have as bits: a word of another length is rejected without a copy.
 */
export interface IntroducingWords {
  readonly words: ReadonlySet<string>
  /** Bit `n` set when some word has `n` characters. */
  readonly lengths: number
  /** The words by length. */
  readonly byLength: ReadonlyArray<readonly string[] | undefined>
  /** 1 for an ASCII code some word ends with: a word before a value ending otherwise is not read back. */
  readonly lastCodes: Uint8Array
}

/** The words that may stand just before a value: options and authorization schemes, lower-cased. */
export function introducingWords(keywords: readonly string[]): IntroducingWords {
  const words = new Set([...keywords.filter((keyword) => keyword.startsWith('-')), ...authorizationSchemes])
  let lengths = 0
  const byLength: string[][] = []
  const lastCodes = new Uint8Array(128)
  // Longer words are never read back whole (see `longestWord`).
  for (const word of words) {
    if (word.length >= 31) continue
    lengths |= 1 << word.length
    byLength[word.length] = [...(byLength[word.length] ?? []), word]
    const last = word.charCodeAt(word.length - 1)
    if (last < 128) lastCodes[last] = 1
  }
  return { words, lengths, byLength, lastCodes }
}

/**
 * Is `text[start, end)`, lower-cased, one of `introducing.words`? Compared in place for ASCII (no
 * copy); a non-ASCII character falls back to `toLowerCase`, which maps some onto ASCII letters.
 */
function isIntroducingWord(text: string, start: number, end: number, introducing: IntroducingWords): boolean {
  if ((introducing.lengths & (1 << (end - start))) === 0) return false
  for (const word of introducing.byLength[end - start] ?? []) {
    let index = start
    for (; index < end; index++) {
      const code = text.charCodeAt(index)
      if (code >= 128) return introducing.words.has(text.slice(start, end).toLowerCase())
      const lower = code >= 65 && code <= 90 ? code | 32 : code
      if (lower !== word.charCodeAt(index - start)) break
    }
    if (index === end) return true
  }
  return false
}

/** Longest introducing word read back. */
const longestWord = 12

/**
 * Does a value start at `position`, as the value features find one: right after `=` or `:`, or
 * after quotes and spaces that follow an operator (`=`, `:`, `>`, `,`) or an introducing word
 * (`introducing`)? A few reads; the context of a detector decides the rest.
 */
export function startsValue(text: string, position: number, introducing: IntroducingWords): boolean {
  const previous = text.charCodeAt(position - 1)
  if (previous === charCode.equals || previous === charCode.colon) return true
  if (isGluedOption(text, position, introducing)) return true
  if (previous === charCode.openBrace) return text.charCodeAt(position - 2) === charCode.greaterThan
  if (!isQuoteOrSpaceCode(previous) && previous !== charCode.greaterThan) return false
  let index = position - 1
  for (
    let skipped = 0;
    index >= 0 && skipped <= valueGap && isQuoteOrSpaceCode(text.charCodeAt(index));
    skipped++
  )
    index--
  if (index < 0) return false
  const code = text.charCodeAt(index)
  if (isOperator(code) || isSpacedDash(text, index)) return true
  // An option or a scheme ends in a letter: read it back to the space before it. Most words
  // before a value are prose ("file 4111 …"): one that cannot end like an introducing word (its
  // last character lower-cased; a dash stays a dash) is not read back.
  if (((code | 32) < 97 || (code | 32) > 122) && code !== charCode.dash) return false
  if (introducing.lastCodes[code | 32] === 0) return false
  let wordStart = index
  while (
    wordStart > 0 &&
    index - wordStart < longestWord &&
    !isQuoteOrSpaceCode(text.charCodeAt(wordStart - 1))
  )
    wordStart--
  // Compared in place, no copy made.
  return isIntroducingWord(text, wordStart, index + 1, introducing)
}

/**
 * Does a one-letter option that introduces a value stand glued before `position` (`-pS3cret`:
 * `-p` after a blank, a quote or the text's start)?
 */
function isGluedOption(text: string, position: number, introducing: IntroducingWords): boolean {
  const letter = text.charCodeAt(position - 1) | 32
  if (letter < 97 || letter > 122 || text.charCodeAt(position - 2) !== charCode.dash) return false
  const before = position >= 3 ? text.charCodeAt(position - 3) : charCode.space
  return isQuoteOrSpaceCode(before) && isIntroducingWord(text, position - 2, position, introducing)
}

/** Is the value at `position`, after a blank, inside an element's braces behind a word or two (`<secret>{jenkins AQAAABAAA …}`)? */
export function isBracedAfterWords(text: string, position: number): boolean {
  const previous = text.charCodeAt(position - 1)
  return (previous === charCode.space || previous === charCode.tab) && elementBraceBefore(text, position) >= 0
}
