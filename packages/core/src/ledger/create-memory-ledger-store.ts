import { cloneStoredValue } from './clone-stored-value.ts'
import { createBoundedMap } from './create-bounded-map.ts'
import type { MemoryBudget } from './create-memory-budget.ts'
import { measureJsonBytes } from './measure-json-bytes.ts'
import type { LedgerRecord, LedgerStore } from './types.ts'

/** Options of {@link createMemoryLedgerStore}: a sliding TTL and an LRU bound, per session. */
export interface MemoryLedgerStoreOptions {
  /**
   * Milliseconds a session's records live after they were last read or appended to.
   * @default Number.POSITIVE_INFINITY
   */
  ttlMs?: number
  /**
   * Most sessions whose records are kept; the least recently used session's go first.
   * @default Number.POSITIVE_INFINITY
   */
  maxSessions?: number
  /**
   * A byte bound shared with other in-memory stores (`createMemoryBudget`): each append charges
   * the session's records' bytes, and a session the budget forgets loses its records here too.
   * @default undefined (no byte bound)
   */
  budget?: MemoryBudget
  /** Current time in ms. @default Date.now */
  now?: () => number
}

/** The in-memory ledger store, which also tells how much it holds for a session. */
export interface MemoryLedgerStore extends LedgerStore {
  /** The UTF-8 bytes of the JSON of the session's records (0 for none). */
  bytesOf(sessionId: string): number
}

/**
 * An in-memory {@link LedgerStore}: the default for `createLedger`, tests and single-process hosts.
 * Appends are atomic because each runs synchronously between awaits; records are cloned in and
 * out so callers cannot edit what is stored. With `ttlMs` / `maxSessions` whole sessions' records
 * are forgotten when idle or least recently used, so memory stays bounded.
 *
 * @example
 * const ledger = createLedger({ store: createMemoryLedgerStore() })
 */
export function createMemoryLedgerStore(options: MemoryLedgerStoreOptions = {}): MemoryLedgerStore {
  const { budget } = options
  const store = budget?.register((sessionId) => sessions.delete(sessionId))
  const sessions = createBoundedMap<{ records: LedgerRecord[]; bytes: number }>({
    ...(budget === undefined ? {} : { onEvict: (sessionId: string) => budget.discharge(store!, sessionId) }),
    ...(options.ttlMs === undefined ? {} : { ttlMs: options.ttlMs }),
    ...(options.maxSessions === undefined ? {} : { maxEntries: options.maxSessions }),
    ...(options.now === undefined ? {} : { now: options.now }),
  })
  return {
    async appendIfNext(record) {
      const session = sessions.get(record.sessionId) ?? { records: [], bytes: 0 }
      const { records } = session
      const expected = records.length === 0 ? 0 : records[records.length - 1]!.sequence + 1
      if (record.sequence !== expected) return false
      records.push(cloneStoredValue(record))
      session.bytes += measureJsonBytes(record)
      sessions.set(record.sessionId, session)
      budget?.charge(store!, record.sessionId, session.bytes)
      return true
    },
    async list(sessionId, { fromSequence = 0, limit = Number.POSITIVE_INFINITY } = {}) {
      const records = sessions.get(sessionId)?.records ?? []
      const selected = records.filter((record) => record.sequence >= fromSequence).slice(0, limit)
      return cloneStoredValue(selected)
    },
    async last(sessionId) {
      const last = sessions.get(sessionId)?.records.at(-1)
      if (last === undefined) return undefined
      // A turn reads its ledger's last record before it appends: recently used.
      budget?.touch(sessionId)
      return cloneStoredValue(last)
    },
    bytesOf(sessionId) {
      return sessions.get(sessionId)?.bytes ?? 0
    },
  }
}
