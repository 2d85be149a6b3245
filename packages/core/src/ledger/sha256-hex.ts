import { bytesToHex } from './bytes-to-hex.ts'

const encoder = new TextEncoder()

/** Hex SHA-256 of a UTF-8 string via Web Crypto (`crypto.subtle`): browsers, Workers, Deno and Node. */
export async function sha256Hex(text: string): Promise<string> {
  return bytesToHex(await crypto.subtle.digest('SHA-256', encoder.encode(text)))
}
