import { createBoundedMap } from './create-bounded-map.ts'
import type { LedgerKey } from './import-ledger-key.ts'
import type { LedgerHead, LedgerRecord, LedgerStore } from './types.ts'
import { type LedgerVerification, verifyLedger } from './verify-ledger.ts'

/** Options of {@link createLedgerVerifier}. */
export interface LedgerVerifierOptions {
  /** Where the sessions' records are read. */
  store: LedgerStore
  /**
   * Milliseconds a session's verified point is remembered after its last use.
   * @default Number.POSITIVE_INFINITY
   */
  ttlMs?: number
  /**
   * Most sessions whose verified point is remembered; the least recently used is forgotten first
   * (its next read verifies its whole chain again).
   * @default Number.POSITIVE_INFINITY
   */
  maxSessions?: number
  /** Current time in ms. @default Date.now */
  now?: () => number
}

/** One page of a session's records to verify (see {@link LedgerVerifier}). */
export interface VerifyLedgerPageOptions {
  /** The sequence of the page's first record. */
  from: number
  /** The page, as listed from the store. */
  records: readonly LedgerRecord[]
  /** The ledger's key, as for {@link verifyLedger}. */
  key?: LedgerKey | undefined
  /** The session's anchored head, read before the records. */
  head?: LedgerHead | undefined
}

/** Verifies pages of sessions' ledgers at a cost in proportion to the page and the new records. */
export interface LedgerVerifier {
  /**
   * Verifies the records written since the session was last verified (its whole chain the first
   * time), the anchored head, and every record of the page; the failure's `index` is a position in
   * the session's records.
   */
  verifyPage(sessionId: string, page: VerifyLedgerPageOptions): Promise<LedgerVerification>
}

interface VerifiedPoint {
  /** How many records, from the first, were verified. */
  count: number
  /** The `hash` of the last of them. */
  hash: string
}

/**
 * A ledger verifier that remembers, per session, how far the chain was verified (the count and the
 * last record's hash), so a read verifies only the records after it and the page it returns: a
 * page of a 1,000-turn session no longer re-hashes the whole chain. The point is dropped when the
 * stored record there no longer has that hash (the ledger was rewritten or the id started again),
 * and every record of a page is verified on each read, so an edited record still fails when read.
 *
 * @example
 * const verifier = createLedgerVerifier({ store, maxSessions: 10_000 })
 * const page = await store.list(id, { fromSequence: 0, limit: 100 })
 * const verification = await verifier.verifyPage(id, { from: 0, records: page, key, head })
 */
export function createLedgerVerifier({ store, ...bounds }: LedgerVerifierOptions): LedgerVerifier {
  const verified = createBoundedMap<VerifiedPoint>({
    ...(bounds.ttlMs === undefined ? {} : { ttlMs: bounds.ttlMs }),
    ...(bounds.maxSessions === undefined ? {} : { maxEntries: bounds.maxSessions }),
    ...(bounds.now === undefined ? {} : { now: bounds.now }),
  })
  // Concurrent reads of one session share one verification of its new records.
  const running = new Map<string, Promise<LedgerVerification>>()

  const recordAt = async (sessionId: string, sequence: number) => {
    const [record] = await store.list(sessionId, { fromSequence: sequence, limit: 1 })
    return record?.sequence === sequence ? record : undefined
  }

  async function verifyNewRecords(
    sessionId: string,
    key: LedgerKey | undefined,
    head: LedgerHead | undefined,
  ): Promise<LedgerVerification> {
    let known = verified.get(sessionId)
    if (known !== undefined && (await recordAt(sessionId, known.count - 1))?.hash !== known.hash) {
      verified.delete(sessionId)
      known = undefined
    }
    const start = known?.count ?? 0
    const records = await store.list(sessionId, { fromSequence: start })
    const result = await verifyLedger(records, {
      sessionId,
      startSequence: start,
      startPreviousHash: known?.hash ?? null,
      key,
      head,
    })
    if (!result.valid) return { ...result, index: start + result.index }
    // A head at a record verified before: it must still be that record.
    if (head !== undefined && head.sequence < start) {
      const record = await recordAt(sessionId, head.sequence)
      if (record?.hash !== head.hash)
        return {
          valid: false,
          index: head.sequence,
          sequence: head.sequence,
          ...(record === undefined ? {} : { recordId: record.id }),
          problem: 'head-mismatch',
          message: `hash of sequence ${head.sequence} differs from the anchored head's`,
        }
    }
    const last = records.at(-1)
    if (last !== undefined) verified.set(sessionId, { count: start + records.length, hash: last.hash })
    return { valid: true }
  }

  return {
    async verifyPage(sessionId, { from, records, key, head }) {
      // Concurrent reads share one verification only when they hold the same head: a read that
      // came with a newer (or another) head has that head checked itself.
      const runKey = `${sessionId}\u0000${head?.sequence ?? ''}\u0000${head?.hash ?? ''}`
      let shared = running.get(runKey)
      if (shared === undefined) {
        shared = verifyNewRecords(sessionId, key, head).finally(() => running.delete(runKey))
        running.set(runKey, shared)
      }
      const chain = await shared
      if (!chain.valid || records.length === 0) return chain
      // The page itself, linked to the record before it: a record edited after it was verified
      // fails here, whatever the remembered point says.
      const before = from === 0 ? null : ((await recordAt(sessionId, from - 1))?.hash ?? null)
      const page = await verifyLedger(records, {
        sessionId,
        startSequence: from,
        startPreviousHash: before,
        key,
      })
      return page.valid ? page : { ...page, index: from + page.index }
    },
  }
}
