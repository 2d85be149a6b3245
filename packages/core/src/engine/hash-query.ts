import { sha256 } from '../enforcement/detectors/sha256.ts'

const encoder = new TextEncoder()

/**
 * The provenance query hash (first 12 hex characters of the SHA-256 of the text), computed
 * synchronously: Web Crypto's async digest costs a thread-pool round trip per turn in Node.
 */
export function hashQuery(text: string): string {
  const digest = sha256(utf8(text))
  let hex = ''
  for (let index = 0; index < 6; index++) hex += digest[index]!.toString(16).padStart(2, '0')
  return hex
}

/** The UTF-8 bytes of `text`: its code units as they are when all are ASCII (most messages), else `TextEncoder`'s. */
function utf8(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length)
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code > 0x7f) return encoder.encode(text)
    bytes[index] = code
  }
  return bytes
}
