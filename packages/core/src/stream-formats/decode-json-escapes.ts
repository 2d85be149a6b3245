const hex4 = /^[0-9a-fA-F]{4}$/u
const partialUnicodeEscape = /^\\(?:u[0-9a-fA-F]{0,3})?$/u

/** True for a code unit JSON lets a string hold as itself (not `"`, `\`, a control character or a lone surrogate half). */
function literalAllowed(code: number): boolean {
  return code >= 0x20 && code !== 0x22 && code !== 0x5c && (code < 0xd800 || code > 0xdfff)
}

/**
 * Characters an escape JSON needs is read as, and written back from (see {@link encodeJsonView}):
 * white space the scanner breaks tokens at for the control characters, so `Customer
 * SSN:\n536-22-1234` reads as an SSN on its own line, not `n536-22-1234`, and quote marks for `\"`
 * and `\\`, which the scanner reads as quotes around a name or value (`{\"password\": \"…\"}`).
 * They are characters a model practically never writes; one it does write is read escaped
 * (`\u2028`), equivalent JSON.
 */
const viewOfEscape: Readonly<Record<string, string>> = {
  n: '\u2028',
  r: '\u2029',
  t: '\u2000',
  b: '\u2001',
  f: '\u2002',
  '"': '\u201f',
  '\\': '\u201b',
}
/** The escape each view character is written back as. */
const escapeOfView: ReadonlyMap<string, string> = new Map(
  Object.entries(viewOfEscape).map(([written, view]) => [view, `\\${written}`]),
)
/** The view character of a control character or `"` / `\` written as `\uXXXX`. */
const viewOfCode: ReadonlyMap<number, string> = new Map([
  [0x0a, viewOfEscape.n as string],
  [0x0d, viewOfEscape.r as string],
  [0x09, viewOfEscape.t as string],
  [0x08, viewOfEscape.b as string],
  [0x0c, viewOfEscape.f as string],
  [0x22, viewOfEscape['"'] as string],
  [0x5c, viewOfEscape['\\'] as string],
])
const viewCharacters = /[\u2000-\u2002\u201b\u201f\u2028\u2029]/gu

/**
 * Decodes the escapes of `input` for the guard to read: `\uXXXX` of a character JSON allows as
 * itself becomes that character, `\/` a `/`, and an escape JSON needs (`\n`, `\"`, `\\`, a
 * control character) its view character (written back by {@link encodeJsonView}). A view
 * character written as itself stays escaped (`\u2028`), so writing back changes nothing else.
 * Returns the decoded text and an unfinished escape at its end.
 */
function decode(input: string, final: boolean): { output: string; rest: string } {
  let output = ''
  let from = 0
  for (let index = nextSpecial(input, 0); index >= 0; index = nextSpecial(input, from)) {
    output += input.slice(from, index)
    if (input[index] !== '\\') {
      // A view character the text holds itself: escaped, so it is not written back as another.
      output += `\\u${(input.codePointAt(index) as number).toString(16).padStart(4, '0')}`
      from = index + 1
      continue
    }
    // Only the last five characters can be an escape still cut (`\u` and three hex digits).
    if (!final && input.length - index <= 5 && partialUnicodeEscape.test(input.slice(index)))
      return { output, rest: input.slice(index) }
    const kind = input[index + 1]
    if (kind !== 'u') {
      // A two-character escape: `\/` is a `/`, the others their view character; anything else
      // (not JSON) stays as written.
      const view = kind === '/' ? '/' : kind === undefined ? undefined : viewOfEscape[kind]
      output += view ?? input.slice(index, index + 2)
      from = index + 2
      continue
    }
    const hex = input.slice(index + 2, index + 6)
    const code = hex4.test(hex) ? Number.parseInt(hex, 16) : -1
    const view = viewOfCode.get(code)
    output +=
      view ??
      (code >= 0 && literalAllowed(code) && !isViewCode(code)
        ? String.fromCharCode(code)
        : input.slice(index, index + 6))
    from = index + (code >= 0 ? 6 : 2)
  }
  return { output: output + input.slice(from), rest: '' }
}

/** The next backslash or view character at or after `from`, or -1. */
function nextSpecial(input: string, from: number): number {
  const backslash = input.indexOf('\\', from)
  viewCharacters.lastIndex = from
  const view = viewCharacters.exec(input)
  if (view === null) return backslash
  return backslash < 0 || view.index < backslash ? view.index : backslash
}

function isViewCode(code: number): boolean {
  return escapeOfView.has(String.fromCharCode(code))
}

/** Streaming JSON escape decoding for one channel; see {@link createJsonEscapeDecoder}. */
export interface JsonEscapeDecoder {
  /** The decoded text of `text`, holding back an escape still cut at its end (`\u00`). */
  push(text: string): string
  /** Whatever is still held, as written. */
  flush(): string
}

/**
 * Decodes the escapes of raw JSON text (a tool call's streamed arguments) for the guard to read,
 * so a value written `"\u0034\u0031\u0031\u0031..."` is the card number `4111...` and one after
 * `\n` stands on a line of its own. Characters JSON allows as themselves are written as such
 * (equivalent JSON); the escapes it needs come back through {@link encodeJsonView}.
 */
export function createJsonEscapeDecoder(): JsonEscapeDecoder {
  let held = ''
  return {
    push(text) {
      const { output, rest } = decode(held + text, false)
      held = rest
      return output
    },
    flush() {
      const rest = held
      held = ''
      return rest
    },
  }
}

/** Decodes the escapes of a whole raw JSON text (see {@link createJsonEscapeDecoder}). */
export function decodeJsonEscapes(text: string): string {
  return decode(text, true).output
}

/** Writes the view characters of decoded JSON text (what the guard released) back as their escapes. */
export function encodeJsonView(text: string): string {
  return text.replace(viewCharacters, (view) => escapeOfView.get(view) ?? view)
}
