import { canonicalJson } from './canonical-json.ts'
import type { LedgerHashedFields } from './types.ts'

/**
 * The text a record's chain hash is taken over: the canonical JSON of
 * `{ actor, id, payloadHash, previousHash, sequence, sessionId, timestamp, type }`.
 */
export function ledgerRecordHashText(fields: LedgerHashedFields): string {
  const { actor, id, payloadHash, previousHash, sequence, sessionId, timestamp, type } = fields
  return canonicalJson({ actor, id, payloadHash, previousHash, sequence, sessionId, timestamp, type })
}
