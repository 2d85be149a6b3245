const hex4 = /^[0-9a-fA-F]{4}$/u
const partialUnicodeEscape = /^\\(?:u[0-9a-fA-F]{0,3})?$/u

/** True for a code unit JSON lets a string hold as itself (not `"`, `\`, a control character or a lone surrogate half). */
function literalAllowed(code: number): boolean {
  return code >= 0x20 && code !== 0x22 && code !== 0x5c && (code < 0xd800 || code > 0xdfff)
}

/** Decodes the `\uXXXX` escapes of `input` that JSON does not need; returns the decoded text and an unfinished escape at its end. */
function decode(input: string, final: boolean): { output: string; rest: string } {
  let output = ''
  let from = 0
  for (let index = input.indexOf('\\'); index >= 0; index = input.indexOf('\\', from)) {
    output += input.slice(from, index)
    // Only the last five characters can be an escape still cut (`\u` and three hex digits).
    if (!final && input.length - index <= 5 && partialUnicodeEscape.test(input.slice(index)))
      return { output, rest: input.slice(index) }
    if (input[index + 1] !== 'u') {
      // A two-character escape (`\\`, `\"`, `\n`...) stays as written: `\\u0034` is a backslash and `u0034`.
      output += input.slice(index, index + 2)
      from = index + 2
      continue
    }
    const hex = input.slice(index + 2, index + 6)
    const code = hex4.test(hex) ? Number.parseInt(hex, 16) : -1
    output += code >= 0 && literalAllowed(code) ? String.fromCharCode(code) : input.slice(index, index + 6)
    from = index + (code >= 0 ? 6 : 2)
  }
  return { output: output + input.slice(from), rest: '' }
}

/** Streaming JSON escape decoding for one channel; see {@link createJsonEscapeDecoder}. */
export interface JsonEscapeDecoder {
  /** The decoded text of `text`, holding back an escape still cut at its end (`\u00`). */
  push(text: string): string
  /** Whatever is still held, as written. */
  flush(): string
}

/**
 * Decodes `\uXXXX` escapes in raw JSON text (a tool call's streamed arguments) to the characters
 * they stand for, wherever JSON allows that character as itself, so a value written
 * `"\u0034\u0031\u0031\u0031..."` is the card number `4111...` to the guard and the output stays
 * equivalent JSON. Escapes JSON needs (`\"`, `\\`, control characters, surrogate halves) stay.
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

/** Decodes the escapes JSON does not need in a whole raw JSON text. */
export function decodeJsonEscapes(text: string): string {
  return decode(text, true).output
}
