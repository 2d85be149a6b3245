import { canonicalJson } from './canonical-json.ts'
import type { LedgerHashedFields } from './types.ts'

/** A value `JSON.stringify` writes exactly as `canonicalJson` does (no object, array or bigint). */
function isFlat(value: unknown): boolean {
  return (typeof value !== 'object' || value === null) && typeof value !== 'bigint'
}

/**
 * The text a record's chain hash is taken over: the canonical JSON of
 * `{ actor, chain, id, payloadHash, previousHash, sequence, sessionId, timestamp, type }` (`chain`
 * only on keyed records, so unkeyed records hash as they always did). Those keys are
 * already in code-unit order, so when every value is flat (the ledger's own records: strings, an
 * integer, null) `JSON.stringify` of them in that order is the canonical text without the sorted
 * copy; anything else (a tampered record under verification) goes through `canonicalJson`.
 */
export function ledgerRecordHashText(fields: LedgerHashedFields): string {
  const { actor, chain, id, payloadHash, previousHash, sequence, sessionId, timestamp, type } = fields
  // `JSON.stringify` and `canonicalJson` both drop a member that is undefined: no `chain` key.
  const ordered = { actor, chain, id, payloadHash, previousHash, sequence, sessionId, timestamp, type }
  if (
    isFlat(actor) &&
    isFlat(chain) &&
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
