import { canonicalJson } from './canonical-json.ts'
import type { LedgerHashedFields } from './types.ts'

/** A value `JSON.stringify` writes exactly as `canonicalJson` does (no object, array or bigint). */
function isFlat(value: unknown): boolean {
  return (typeof value !== 'object' || value === null) && typeof value !== 'bigint'
}

/**
 * The text a record's chain hash is taken over: the canonical JSON of
 * `{ actor, id, payloadHash, previousHash, sequence, sessionId, timestamp, type }`. Those keys are
 * already in code-unit order, so when every value is flat (the ledger's own records: strings, an
 * integer, null) `JSON.stringify` of them in that order is the canonical text without the sorted
 * copy; anything else (a tampered record under verification) goes through `canonicalJson`.
 */
export function ledgerRecordHashText(fields: LedgerHashedFields): string {
  const { actor, id, payloadHash, previousHash, sequence, sessionId, timestamp, type } = fields
  const ordered = { actor, id, payloadHash, previousHash, sequence, sessionId, timestamp, type }
  if (
    isFlat(actor) &&
    isFlat(id) &&
    isFlat(payloadHash) &&
    isFlat(previousHash) &&
    isFlat(sequence) &&
    isFlat(sessionId) &&
    isFlat(timestamp) &&
    isFlat(type)
  )
    return JSON.stringify(ordered)
  return canonicalJson(ordered)
}
