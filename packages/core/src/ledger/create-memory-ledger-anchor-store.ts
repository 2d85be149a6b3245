import { createBoundedMap } from './create-bounded-map.ts'
import type { LedgerAnchorStore, LedgerHead } from './types.ts'

/** Options of {@link createMemoryLedgerAnchorStore}. */
export interface MemoryLedgerAnchorStoreOptions {
  /**
   * Most sessions kept; the least recently written is dropped first, and its session is then
   * verified without a head (as after a restart), never reported as broken.
   * @default 10000
   */
  maxSessions?: number
  /**
   * Milliseconds a head is kept after it was last read or written (match the ledger store's TTL:
   * a session whose records expired is then verified without a head, like a dropped one).
   * @default Number.POSITIVE_INFINITY
   */
  ttlMs?: number
}

/**
 * An in-memory {@link LedgerAnchorStore}: the default of `createLedger`. Process memory is out of
 * reach of whoever can write the record store, so while the process lives, cutting off a session's
 * tail in the store (or re-chaining records up to its head) fails verification.
 *
 * @example
 * const ledger = createLedger({ store, key, anchorStore: createMemoryLedgerAnchorStore() })
 */
export function createMemoryLedgerAnchorStore({
  maxSessions = 10_000,
  ttlMs,
}: MemoryLedgerAnchorStoreOptions = {}): LedgerAnchorStore {
  // Use-ordered: the least recently used head is dropped first, an idle one after `ttlMs`.
  const heads = createBoundedMap<LedgerHead>({
    maxEntries: maxSessions,
    ...(ttlMs === undefined ? {} : { ttlMs }),
  })
  return {
    async getHead(sessionId) {
      const head = heads.get(sessionId)
      return head === undefined ? undefined : { ...head }
    },
    async setHead(sessionId, head) {
      const current = heads.get(sessionId)
      if (current !== undefined && current.sequence >= head.sequence) return
      heads.set(sessionId, { ...head })
    },
  }
}
