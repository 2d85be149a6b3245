import { canonicalJson } from './canonical-json.ts'
import { hmacSha256Hex } from './hmac-sha256-hex.ts'
import type { LedgerHead } from './types.ts'

/**
 * The signature of a session's head: hex HMAC-SHA-256 of the canonical JSON of
 * `{ anchor: 'focal-ledger-head', hash, sequence, sessionId }`. A record's hash text has other
 * keys (it starts with `actor`), so a record hash can never pass as a head signature.
 */
export function signLedgerHead(
  key: CryptoKey,
  sessionId: string,
  { sequence, hash }: Pick<LedgerHead, 'sequence' | 'hash'>,
): Promise<string> {
  return hmacSha256Hex(key, canonicalJson({ anchor: 'focal-ledger-head', hash, sequence, sessionId }))
}
