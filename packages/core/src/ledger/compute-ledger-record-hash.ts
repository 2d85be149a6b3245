import { canonicalJson } from './canonical-json.ts'
import { ledgerRecordHashText } from './ledger-record-hash-text.ts'
import { sha256Hex } from './sha256-hex.ts'
import type { LedgerHashedFields } from './types.ts'

export type { LedgerHashedFields } from './types.ts'

/**
 * The chain hash of an unkeyed record: hex SHA-256 of the canonical JSON (see `canonicalJson`) of
 * `{ actor, id, payloadHash, previousHash, sequence, sessionId, timestamp, type }` (plus `chain`
 * when present). Because it covers `previousHash`, editing any earlier record breaks every later
 * link. Anyone can compute it: a keyed ledger (`createLedger({ key })`) uses HMAC-SHA-256 instead.
 */
export async function computeLedgerRecordHash(fields: LedgerHashedFields): Promise<string> {
  return sha256Hex(ledgerRecordHashText(fields))
}

/** Hex SHA-256 of the canonical JSON of a payload: a record's `payloadHash`. */
export async function computeLedgerPayloadHash(payload: unknown): Promise<string> {
  return sha256Hex(canonicalJson(payload))
}
