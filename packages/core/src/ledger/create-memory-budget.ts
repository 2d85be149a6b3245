import { FocalError } from '../errors/focal-error.ts'
/** Options of {@link createMemoryBudget}. */
export interface MemoryBudgetOptions {
  /** Most bytes the stores sharing the budget hold for all sessions together. */
  maxBytes: number
}

/**
 * A byte bound shared by several in-memory stores (session state, ledger records, their heads,
 * claims) that forgets whole sessions: each store charges what it holds for a session, and past
 * `maxBytes` in all the least recently charged sessions are forgotten by every store at once, so
 * no store keeps a part of a session another dropped (a ledger head without its records would read
 * as a cut-off tail).
 */
export interface MemoryBudget {
  /**
   * Adds a store; `forget` drops a session from it (without charging the budget again). Returns
   * the store's index for {@link MemoryBudget.charge}.
   */
  register(forget: (sessionId: string) => void): number
  /**
   * Store `store` now holds `bytes` for the session: the session becomes
   * the most recently used, and past the bound the least recently used others are forgotten.
   */
  charge(store: number, sessionId: string, bytes: number): void
  /**
   * A store read the session: it becomes the most recently used (a session a turn is reading is
   * not the one forgotten while the turn runs).
   */
  touch(sessionId: string): void
  /**
   * Store `store` dropped the session on its own (its TTL or count bound): its charge goes,
   * without making the session recently used.
   */
  discharge(store: number, sessionId: string): void
  /** The bytes charged in all. */
  readonly bytes: number
}

/**
 * Creates a {@link MemoryBudget}. Map order is charge order, so the least recently charged
 * session is the first key: eviction is amortised O(1) per session.
 *
 * @example
 * const budget = createMemoryBudget({ maxBytes: 64 * 1024 * 1024 })
 * const sessions = createMemorySessionStore({ budget })
 * const records = createMemoryLedgerStore({ budget })
 */
export function createMemoryBudget({ maxBytes }: MemoryBudgetOptions): MemoryBudget {
  if (!(maxBytes > 0))
    throw new FocalError({
      code: 'invalid-argument',
      message: `createMemoryBudget: maxBytes must be a positive number, got ${String(maxBytes)}`,
    })
  const forgetters: Array<(sessionId: string) => void> = []
  const charges = new Map<string, { byStore: number[]; total: number }>()
  let total = 0
  return {
    register(forget) {
      forgetters.push(forget)
      return forgetters.length - 1
    },
    charge(store, sessionId, bytes) {
      const charged = charges.get(sessionId) ?? { byStore: [], total: 0 }
      const delta = bytes - (charged.byStore[store] ?? 0)
      charged.byStore[store] = bytes
      charged.total += delta
      total += delta
      // Most recently used last.
      charges.delete(sessionId)
      charges.set(sessionId, charged)
      while (total > maxBytes && charges.size > 1) {
        const [oldest, dropped] = charges.entries().next().value as [string, { total: number }]
        total -= dropped.total
        charges.delete(oldest)
        for (const forget of forgetters) forget(oldest)
      }
    },
    touch(sessionId) {
      const charged = charges.get(sessionId)
      if (charged === undefined) return
      charges.delete(sessionId)
      charges.set(sessionId, charged)
    },
    discharge(store, sessionId) {
      const charged = charges.get(sessionId)
      const bytes = charged?.byStore[store]
      if (charged === undefined || bytes === undefined) return
      charged.byStore[store] = 0
      charged.total -= bytes
      total -= bytes
      if (charged.total === 0) charges.delete(sessionId)
    },
    get bytes() {
      return total
    },
  }
}
