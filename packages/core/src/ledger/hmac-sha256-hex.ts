import { bytesToHex } from './bytes-to-hex.ts'

const encoder = new TextEncoder()

/** Hex HMAC-SHA-256 of a UTF-8 string with `key` via Web Crypto (`crypto.subtle.sign`). */
export async function hmacSha256Hex(key: CryptoKey, text: string): Promise<string> {
  return bytesToHex(await crypto.subtle.sign('HMAC', key, encoder.encode(text)))
}
