/**
 * What a value is assigned to: `name = "value"`, `"name": "value"`, `name => 'value'`, `<name>value`.
 * One definition of the assignment syntax and of names that say a value is not a secret, shared
 * by the generic secret detector (as regex sources, data) and the high-entropy detector.
 */
import { charCode, isAlphanumericCode, isQuoteOrSpaceCode } from './char-classes.ts'

/**
 * Most quotes and white space between an assignment's operator and its value, and between a name
 * (with its closing quote) and its operator. Generous, so padding (`password =      "…"`, a value
 * on the next lines) does not hide a value; bounded, so every pattern built with them stays linear.
 */
export const valueGap = 24
export const operatorGap = 8

/**
 * Regex source for a character class's content: the quotes a value may stand in (ASCII and
 * typographic; see `isQuoteMarkCode`).
 */
export const quoteMarks = `"'\\x60\\u2018-\\u201f\\u00ab\\u00bb\\u2039\\u203a\\u300c-\\u300f`

/**
 * Regex source: the end of an assignment (quotes, an operator, quotes) whose name comes just
 * before. A comma assigns only after a quoted name (`setProperty("KEY", "…")`, not `a_Key, b`);
 * `->` is a member access, not `>` closing an element. The name may be a subscript's key
 * (`os.environ["API_KEY"] = "…"`, `config['db_password'] = …`). Quotes may be escaped (JSON in a string:
 * `{\\"token\\":\\"…\\"}`, up to three backslashes). A dash between blanks is the label of a
 * list or a note (`API token - 'b631…'`), not a hyphen (`api-token`) nor an option (`-u`).
 */
export const assignmentSource = `(?:\\\\{0,3}[${quoteMarks}]\\s{0,3},|(?:\\\\{0,3}[${quoteMarks}])?\\]?\\s{0,${operatorGap}}(?:=|(?<!-)>|:{1,3}=|:|=>|\\?=|\\.=|(?<=[ \\t])-(?=[ \\t])))[\\s\\\\${quoteMarks}]{0,${valueGap}}`

/** Is `text[index]` a dash between blanks (a spaced dash: `token - value`)? */
export function isSpacedDash(text: string, index: number): boolean {
  if (text.charCodeAt(index) !== charCode.dash) return false
  const before = text.charCodeAt(index - 1)
  const after = text.charCodeAt(index + 1)
  return (
    (before === charCode.space || before === charCode.tab) &&
    (after === charCode.space || after === charCode.tab)
  )
}

/** Regex source: a name holding a word that marks its value as public or an identifier. */
export const nonSecretWordSource =
  '(?:[Pp]ublic|PUBLIC|[Pp]ub_?[Kk]ey|csrf|CSRF|xsrf|XSRF|[Pp]rimary|[Ff]oreign|(?<![a-z])[Bb]ucket|[Ss]chema|[Ss]equence|[Ii]ssuer|[Mm]onkey|[Tt]urkey|[Kk]ey(?:ing|frame|word|board|press|store|tab|pair|[Mm]esh|[Ss]ignatures?)|[Aa]udience|AUDIENCE|jsonwebtoken|[Aa]uthenticity|(?<![\\w.?&-])(?<!\\b(?:API|[Aa]pi|[Ss]ecret|[Pp]rivate|[Aa]ccess|[Mm]aster|[Ll]icen[cs]e) )key)[\\w.-]{0,20}'

/**
 * Regex source: a name ending in an id, a name, a URL, a path, a size, a version, a type, a hash,
 * a signature or a PKCE `code_challenge` (public: it proves, it does not unlock; RFC 7636 sends
 * the challenge in the clear), or an initialisation vector or a nonce (sent in the clear beside
 * a ciphertext: SOPS's `iv:`, an envelope's `"nonce"`), or a name that is an id or a user alone
 * (`ID=…`, `User=…`: who or what, not a credential).
 */
export const nonSecretSuffixSource =
  '(?:[_.-](?:id|ID|name|NAME|url|URL|uri|file|path|length|size|version|type|hash|signature|Signature|SIGNATURE|challenge|CHALLENGE|iv|IV|nonce|NONCE)|[a-z](?:Id|ID|Name|Url|Uri|File|Path|Length|Size|Version|Type|Hash|Signature|Challenge|Iv|IV|Nonce)|(?<![\\w.-])(?:signature|iv|IV|nonce|NONCE|id|Id|ID|[Uu]ser(?:name)?|USER(?:NAME)?))'

const nonSecretName = new RegExp(`${nonSecretWordSource}$|${nonSecretSuffixSource}$`)

/** Longest name read back from a value. */
const maximumName = 64

function isNameCode(code: number): boolean {
  return (
    isAlphanumericCode(code) ||
    code === charCode.underscore ||
    code === charCode.dash ||
    code === charCode.dot
  )
}

function isOperatorCode(code: number): boolean {
  return (
    code === charCode.equals ||
    code === charCode.colon ||
    code === charCode.greaterThan ||
    code === charCode.comma ||
    code === charCode.question
  )
}

/**
 * The name assigned the value that starts at `position` (read backwards over quotes, spaces and
 * an operator), or '' when no assignment ends there.
 */
export function assignmentNameBefore(text: string, position: number): string {
  const brace = elementBraceBefore(text, position)
  let index = brace >= 0 ? brace : position
  let skipped = 0
  while (index > 0 && skipped <= valueGap && isQuoteOrSpaceCode(text.charCodeAt(index - 1))) {
    index--
    skipped++
  }
  const operatorEnd = index
  while (index > 0 && operatorEnd - index < 4 && isOperatorCode(text.charCodeAt(index - 1))) index--
  if (index === operatorEnd) return ''
  skipped = 0
  while (index > 0 && skipped <= operatorGap && isQuoteOrSpaceCode(text.charCodeAt(index - 1))) {
    index--
    skipped++
  }
  // A subscript's key (`env["API_KEY"] =`): the bracket, then its quote.
  if (index > 0 && text.charCodeAt(index - 1) === charCode.closeBracket) {
    index--
    while (index > 0 && isQuoteOrSpaceCode(text.charCodeAt(index - 1))) index--
  }
  const nameEnd = index
  while (index > 0 && nameEnd - index < maximumName && isNameCode(text.charCodeAt(index - 1))) index--
  return text.slice(index, nameEnd)
}

/** Most words before a value inside an element's braces, and the longest of them. */
const braceWords = 2
const longestBraceWord = 40

/**
 * Where the `{` stands when the value at `position` is inside braces that open an element's
 * content, behind at most two words: `<secret>{value}</secret>`, `<password>{AQAAABAAA value}`
 * (Jenkins writes a credential's encrypted secret in braces in its XML, sometimes after a label).
 * The element's name names the value, as `<secret>value` would. -1 otherwise; a few reads for
 * a value that is not in braces.
 */
export function elementBraceBefore(text: string, position: number): number {
  let index = position
  for (let words = 0; ; words++) {
    const code = text.charCodeAt(index - 1)
    if (code === charCode.openBrace)
      return text.charCodeAt(index - 2) === charCode.greaterThan ? index - 1 : -1
    if (words === braceWords || (code !== charCode.space && code !== charCode.tab)) return -1
    index--
    const wordEnd = index
    while (index > 0 && wordEnd - index < longestBraceWord && isNameCode(text.charCodeAt(index - 1))) index--
    if (index === wordEnd) return -1
  }
}

/** Does the name say its value is public or an identifier (`public_key`, `csrf-token`, `clientId`)? */
export function isNonSecretName(name: string): boolean {
  return name.length > 0 && nonSecretName.test(name)
}

/**
 * Where the value of `name=value` or `name:value` starts in the token `[start, end)`: after its
 * first `=` or `:` (not a URL's `://`, not base64 padding), else at the token's start.
 */
export function assignedValueStart(text: string, start: number, end: number): number {
  for (let index = start + 1; index < end - 1; index++) {
    const code = text.charCodeAt(index)
    const next = text.charCodeAt(index + 1)
    if ((code === 61 && next !== 61) || (code === 58 && next !== 47)) return index + 1
  }
  return start
}
