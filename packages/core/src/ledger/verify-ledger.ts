import { FocalError } from '../errors/focal-error.ts'
import { computeLedgerPayloadHash } from './compute-ledger-record-hash.ts'
import { constantTimeEqual } from './constant-time-equal.ts'
import { hmacSha256Hex } from './hmac-sha256-hex.ts'
import { importLedgerKey, type LedgerKey } from './import-ledger-key.ts'
import { ledgerRecordHashText } from './ledger-record-hash-text.ts'
import { sha256Hex } from './sha256-hex.ts'
import { signLedgerHead } from './sign-ledger-head.ts'
import type { LedgerHead, LedgerRecord } from './types.ts'

/** What is wrong at the first bad record (or past the last one, for `truncated` and `head-forged`). */
export type LedgerProblem =
  | 'payload-edited'
  | 'hash-mismatch'
  | 'broken-link'
  | 'gap'
  | 'out-of-order'
  | 'wrong-session'
  /** Verifying with a key, a record is not HMAC-chained: written unkeyed, or rewritten by someone without the key. */
  | 'unkeyed-record'
  /** A record is HMAC-chained and no key was given to check it. */
  | 'key-required'
  /** The records end before the anchored head: their tail was cut off. */
  | 'truncated'
  /** The record at the anchored head's sequence is not the one the ledger wrote there. */
  | 'head-mismatch'
  /** Verifying with a key, the anchored head's signature does not match it. */
  | 'head-forged'
  /** A record holds a field no hash covers (added to it after it was written). */
  | 'unknown-field'
  /**
   * Verifying with a key, no HMAC-chained record matches its hash under it, nor does the anchored
   * head's signature (or, without a head, two or more records all fail): the ledger was written
   * with another key, or every record (and the head) was rewritten by someone without the key.
   */
  | 'wrong-key'

/** The outcome of {@link verifyLedger}. */
export type LedgerVerification =
  | { valid: true }
  | {
      valid: false
      /** Position in the records given; `records.length` for a cut tail or a forged head. */
      index: number
      /** Where the chain breaks: the bad record's expected sequence, the first missing one, or the forged head's. */
      sequence: number
      /** Id of the bad record; absent when no given record is at fault (a cut tail, a forged head). */
      recordId?: string
      problem: LedgerProblem
      message: string
    }

type LedgerFailure = Exclude<LedgerVerification, { valid: true }>

/** Options of {@link verifyLedger}, for verifying a slice of a session, a keyed chain and its head. */
export interface VerifyLedgerOptions {
  /** The session every record must belong to. @default the first record's `sessionId` */
  sessionId?: string | undefined
  /** Sequence of the first record, to verify a slice from `list(id, { fromSequence })`. @default 0 */
  startSequence?: number
  /** `hash` of the record before the slice (`null` when the slice starts the session). @default null */
  startPreviousHash?: string | null
  /**
   * The ledger's key (see `createLedger({ key })`): every record must then be HMAC-chained with it,
   * so a record rewritten with plain SHA-256 fails as `unkeyed-record`, and the head must carry its
   * signature. Without a key, an HMAC-chained record fails as `key-required`.
   * @default undefined (plain SHA-256 chain)
   */
  key?: LedgerKey | undefined
  /**
   * The session's anchored head (`LedgerAnchorStore.getHead`): the records must reach its sequence
   * and have its hash there. Read it before listing the records (a head read after could be ahead
   * of them), and pass it only when the records run to the end of the session.
   * @default undefined (a cut-off tail goes unnoticed)
   */
  head?: LedgerHead | undefined
}

/**
 * Checks a session's records (in the order given) and reports the first record that breaks the
 * chain: wrong session, out of order, a gap, an unkeyed record under a key, an edited payload, a
 * hash that does not match the record, or a `previousHash` that does not link to the record
 * before; then, given a `head`, whether the records were cut short of it or differ at it.
 *
 * @example
 * const result = await verifyLedger(await store.list('session-1'), { sessionId: 'session-1', key })
 * if (!result.valid) console.error(result.problem, 'at sequence', result.sequence)
 */
export async function verifyLedger(
  records: readonly LedgerRecord[],
  {
    sessionId = records[0]?.sessionId,
    startSequence = 0,
    startPreviousHash = null,
    key,
    head,
  }: VerifyLedgerOptions = {},
): Promise<LedgerVerification> {
  const cryptoKey = key === undefined ? undefined : await importLedgerKey(key, 'verifyLedger: option "key"')
  if (head !== undefined && sessionId === undefined)
    throw new FocalError({
      code: 'invalid-argument',
      message: 'verifyLedger: option "head" needs "sessionId"',
    })
  // Hash every record at once: Web Crypto digests run off the main thread, so this is concurrent.
  const computed = await Promise.all(records.map((record) => computeHashes(record, cryptoKey)))
  let previousHash = startPreviousHash
  for (const [index, record] of records.entries()) {
    const expected = {
      sessionId,
      sequence: startSequence + index,
      previousHash,
      keyed: cryptoKey !== undefined,
      computed: computed[index]!,
    }
    const found = findProblem(records, index, expected)
    if (found !== undefined) {
      const problem =
        found.problem === 'hash-mismatch' && index === 0 && cryptoKey !== undefined
          ? await judgeKey(records, computed, { sessionId, head, key: cryptoKey, found })
          : found
      return { valid: false, index, sequence: expected.sequence, recordId: record.id, ...problem }
    }
    previousHash = record.hash
  }
  if (head === undefined) return { valid: true }
  return (await findHeadProblem(records, head, sessionId!, startSequence, cryptoKey)) ?? { valid: true }
}

type Found = { problem: LedgerProblem; message: string }

/**
 * A first record that fails its HMAC is an edit or another key. It is told apart only where that
 * is honest: under the right key every record an attacker did not forge still verifies, and so
 * does the signed head. When none does (and the head does not, or there is no head and two or
 * more records), the answer is `wrong-key`; a lone record without a head says both.
 */
async function judgeKey(
  records: readonly LedgerRecord[],
  computed: ReadonlyArray<{ hash: string | undefined }>,
  context: { sessionId: string | undefined; head: LedgerHead | undefined; key: CryptoKey; found: Found },
): Promise<Found> {
  const { sessionId, head, key, found } = context
  const anyVerifies = records.some((record, index) => {
    const hash = computed[index]?.hash
    return hash !== undefined && typeof record.hash === 'string' && constantTimeEqual(hash, record.hash)
  })
  if (anyVerifies) return found
  if (head === undefined && records.length < 2) {
    return { problem: found.problem, message: `${found.message} (edited, or written with another key)` }
  }
  if (head !== undefined && sessionId !== undefined) {
    const signature = await signLedgerHead(key, sessionId, head)
    if (typeof head.signature === 'string' && constantTimeEqual(signature, head.signature)) return found
  }
  const what = head === undefined ? 'no record' : 'no record and not the anchored head'
  return {
    problem: 'wrong-key',
    message: `${what} verifies with this key: the ledger was not written with this key (a rotated or mistyped key), or all of it was rewritten by someone without the key`,
  }
}

/** The payload hash and, when the record's chain is the one being verified, its chain hash. */
async function computeHashes(
  record: LedgerRecord,
  key: CryptoKey | undefined,
): Promise<{ payloadHash: string; hash: string | undefined }> {
  const text = ledgerRecordHashText(record)
  const hash =
    key === undefined
      ? record.chain === undefined
        ? sha256Hex(text)
        : undefined
      : record.chain === 'hmac-sha256'
        ? hmacSha256Hex(key, text)
        : undefined
  const [payloadHash, chainHash] = await Promise.all([computeLedgerPayloadHash(record.payload), hash])
  return { payloadHash, hash: chainHash }
}

interface Expected {
  sessionId: string | undefined
  sequence: number
  previousHash: string | null
  /** Whether a key was given: every record must then be HMAC-chained. */
  keyed: boolean
  computed: { payloadHash: string; hash: string | undefined }
}

/** The fields of a ledger record (see `LedgerRecord`). */
const recordKeys: ReadonlySet<string> = new Set([
  'id',
  'sessionId',
  'sequence',
  'type',
  'actor',
  'timestamp',
  'payload',
  'payloadHash',
  'previousHash',
  'chain',
  'hash',
])

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
  // Every field is covered by `payloadHash` or `hash`: one that is neither was added later (a note
  // slipped into a stored record would read as the ledger's own).
  const unknown = Object.keys(record).find((key) => !recordKeys.has(key))
  if (unknown !== undefined)
    return {
      problem: 'unknown-field',
      message: `sequence ${record.sequence} holds a field no hash covers: "${unknown}"`,
    }
  const chainProblem = findChainProblem(record, expected.keyed)
  if (chainProblem !== undefined) return chainProblem
  if (expected.computed.payloadHash !== record.payloadHash) {
    return {
      problem: 'payload-edited',
      message: `payload of sequence ${record.sequence} does not match payloadHash`,
    }
  }
  if (
    expected.computed.hash === undefined ||
    typeof record.hash !== 'string' ||
    !constantTimeEqual(expected.computed.hash, record.hash)
  ) {
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

function findChainProblem(
  record: LedgerRecord,
  keyed: boolean,
): { problem: LedgerProblem; message: string } | undefined {
  if (keyed && record.chain !== 'hmac-sha256') {
    const chain = record.chain === undefined ? 'plain SHA-256' : `chain ${JSON.stringify(record.chain)}`
    return {
      problem: 'unkeyed-record',
      message: `sequence ${record.sequence} is chained with ${chain}, not HMAC-SHA-256 with the ledger's key`,
    }
  }
  if (!keyed && record.chain !== undefined) {
    return {
      problem: 'key-required',
      message: `sequence ${record.sequence} is chained with ${JSON.stringify(record.chain)}: verify it with the ledger's key`,
    }
  }
  return undefined
}

/** A forged head, records that end before the head, or a record that differs from it. */
async function findHeadProblem(
  records: readonly LedgerRecord[],
  head: LedgerHead,
  sessionId: string,
  startSequence: number,
  key: CryptoKey | undefined,
): Promise<LedgerFailure | undefined> {
  if (key !== undefined) {
    const signature = await signLedgerHead(key, sessionId, head)
    if (typeof head.signature !== 'string' || !constantTimeEqual(signature, head.signature)) {
      return {
        valid: false,
        index: records.length,
        sequence: head.sequence,
        problem: 'head-forged',
        message: `the anchored head (sequence ${head.sequence}) is not signed with the ledger's key`,
      }
    }
  }
  const end = startSequence + records.length
  if (head.sequence >= end) {
    return {
      valid: false,
      index: records.length,
      sequence: end,
      problem: 'truncated',
      message: `records end before sequence ${end} but the anchored head is sequence ${head.sequence}: ${head.sequence - end + 1} record(s) missing`,
    }
  }
  const index = head.sequence - startSequence
  const record = records[index]
  if (record === undefined || record.hash === head.hash) return undefined
  return {
    valid: false,
    index,
    sequence: head.sequence,
    recordId: record.id,
    problem: 'head-mismatch',
    message: `hash of sequence ${head.sequence} differs from the anchored head's`,
  }
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
