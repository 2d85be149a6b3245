import { canonicalJson } from './canonical-json.ts'
import { sha256Hex } from './sha256-hex.ts'
import type { LedgerRecord } from './types.ts'

/** The fields a record's chain hash covers: everything but `payload` (covered by `payloadHash`) and `hash`. */
export type LedgerHashedFields = Omit<LedgerRecord, 'payload' | 'hash'>

/**
 * The chain hash of a record: hex SHA-256 of the canonical JSON (see `canonicalJson`) of
 * `{ actor, id, payloadHash, previousHash, sequence, sessionId, timestamp, type }`. Because it
 * covers `previousHash`, editing any earlier record breaks every later link.
 */
export async function computeLedgerRecordHash(fields: LedgerHashedFields): Promise<string> {
  const { actor, id, payloadHash, previousHash, sequence, sessionId, timestamp, type } = fields
  return sha256Hex(
    canonicalJson({ actor, id, payloadHash, previousHash, sequence, sessionId, timestamp, type }),
  )
}

/** Hex SHA-256 of the canonical JSON of a payload: a record's `payloadHash`. */
export async function computeLedgerPayloadHash(payload: unknown): Promise<string> {
  return sha256Hex(canonicalJson(payload))
}
