import { computeLedgerPayloadHash, computeLedgerRecordHash } from './compute-ledger-record-hash.ts'
import type { LedgerRecord } from './types.ts'

/** What is wrong at the first bad record. */
export type LedgerProblem =
  | 'payload-edited'
  | 'hash-mismatch'
  | 'broken-link'
  | 'gap'
  | 'out-of-order'
  | 'wrong-session'

/** The outcome of {@link verifyLedger}. */
export type LedgerVerification =
  | { valid: true }
  | { valid: false; index: number; recordId: string; problem: LedgerProblem; message: string }

/** Options of {@link verifyLedger}, for verifying a slice of a session. */
export interface VerifyLedgerOptions {
  /** The session every record must belong to. @default the first record's `sessionId` */
  sessionId?: string
  /** Sequence of the first record, to verify a slice from `list(id, { fromSequence })`. @default 0 */
  startSequence?: number
  /** `hash` of the record before the slice (`null` when the slice starts the session). @default null */
  startPreviousHash?: string | null
}

/**
 * Checks a session's records (in the order given) and reports the first record that breaks the
 * chain: wrong session, out of order, a gap, an edited payload, a hash that does not match the
 * record, or a `previousHash` that does not link to the record before.
 *
 * @example
 * const result = await verifyLedger(await store.list('session-1'))
 * if (!result.valid) console.error(result.problem, 'at', result.index)
 */
export async function verifyLedger(
  records: readonly LedgerRecord[],
  {
    sessionId = records[0]?.sessionId,
    startSequence = 0,
    startPreviousHash = null,
  }: VerifyLedgerOptions = {},
): Promise<LedgerVerification> {
  // Hash every record at once: Web Crypto digests run off the main thread, so this is concurrent.
  const computed = await Promise.all(
    records.map(async (record) => ({
      payloadHash: await computeLedgerPayloadHash(record.payload),
      hash: await computeLedgerRecordHash(record),
    })),
  )
  let previousHash = startPreviousHash
  for (const [index, record] of records.entries()) {
    const expected = { sessionId, sequence: startSequence + index, previousHash, computed: computed[index]! }
    const problem = findProblem(records, index, expected)
    if (problem !== undefined) return { valid: false, index, recordId: record.id, ...problem }
    previousHash = record.hash
  }
  return { valid: true }
}

interface Expected {
  sessionId: string | undefined
  sequence: number
  previousHash: string | null
  computed: { payloadHash: string; hash: string }
}

function findProblem(
  records: readonly LedgerRecord[],
  index: number,
  expected: Expected,
): { problem: LedgerProblem; message: string } | undefined {
  const record = records[index]!
  if (record.sessionId !== expected.sessionId) {
    return {
      problem: 'wrong-session',
      message: `record belongs to "${record.sessionId}", not "${expected.sessionId}"`,
    }
  }
  if (record.sequence !== expected.sequence) return sequenceProblem(records, index, expected.sequence)
  if (expected.computed.payloadHash !== record.payloadHash) {
    return {
      problem: 'payload-edited',
      message: `payload of sequence ${record.sequence} does not match payloadHash`,
    }
  }
  if (expected.computed.hash !== record.hash) {
    return {
      problem: 'hash-mismatch',
      message: `fields of sequence ${record.sequence} do not match its hash`,
    }
  }
  if (record.previousHash !== expected.previousHash) {
    return {
      problem: 'broken-link',
      message: `previousHash of sequence ${record.sequence} does not link to the record before`,
    }
  }
  return undefined
}

function sequenceProblem(
  records: readonly LedgerRecord[],
  index: number,
  expected: number,
): { problem: LedgerProblem; message: string } {
  const actual = records[index]!.sequence
  // A later record with a smaller sequence means records were moved, not dropped.
  const movedLater = records.slice(index + 1).some((later) => later.sequence < actual)
  if (actual < expected || movedLater) {
    return { problem: 'out-of-order', message: `expected sequence ${expected}, found ${actual} out of order` }
  }
  return {
    problem: 'gap',
    message: `expected sequence ${expected}, found ${actual}: ${actual - expected} record(s) missing`,
  }
}
