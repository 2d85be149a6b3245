import type { LedgerAnchorStore, LedgerHead } from './types.ts'

/** Options of {@link createMemoryLedgerAnchorStore}. */
export interface MemoryLedgerAnchorStoreOptions {
  /**
   * Most sessions kept; the least recently written is dropped first, and its session is then
   * verified without a head (as after a restart), never reported as broken.
   * @default 10000
   */
  maxSessions?: number
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
}: MemoryLedgerAnchorStoreOptions = {}): LedgerAnchorStore {
  // Map order is write order: re-inserting on write keeps the least recently written first.
  const heads = new Map<string, LedgerHead>()
  return {
    async getHead(sessionId) {
      const head = heads.get(sessionId)
      return head === undefined ? undefined : { ...head }
    },
    async setHead(sessionId, head) {
      const current = heads.get(sessionId)
      if (current !== undefined && current.sequence >= head.sequence) return
      heads.delete(sessionId)
      heads.set(sessionId, { ...head })
      if (heads.size > maxSessions) heads.delete(heads.keys().next().value as string)
    },
  }
}
