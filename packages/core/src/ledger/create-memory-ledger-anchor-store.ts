import { createBoundedMap } from './create-bounded-map.ts'
import type { MemoryBudget } from './create-memory-budget.ts'
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
  /**
   * The byte bound the ledger store shares (`createMemoryBudget`): a session it forgets loses its
   * head here too, so it is verified without one rather than as a cut-off tail.
   * @default undefined
   */
  budget?: MemoryBudget
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
  budget,
}: MemoryLedgerAnchorStoreOptions = {}): LedgerAnchorStore {
  // Use-ordered: the least recently used head is dropped first, an idle one after `ttlMs`.
  const heads = createBoundedMap<LedgerHead>({
    maxEntries: maxSessions,
    ...(ttlMs === undefined ? {} : { ttlMs }),
  })
  budget?.register((sessionId) => heads.delete(sessionId))
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
