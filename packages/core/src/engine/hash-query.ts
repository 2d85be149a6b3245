import { sha256 } from '../enforcement/detectors/sha256.ts'

const encoder = new TextEncoder()

/**
 * The provenance query hash (first 12 hex characters of the SHA-256 of the text), computed
 * synchronously: Web Crypto's async digest costs a thread-pool round trip per turn in Node.
 */
export function hashQuery(text: string): string {
  const digest = sha256(encoder.encode(text))
  let hex = ''
  for (let index = 0; index < 6; index++) hex += digest[index]!.toString(16).padStart(2, '0')
  return hex
}
