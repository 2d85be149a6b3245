import { cloneStoredValue } from './clone-stored-value.ts'
import { createBoundedMap } from './create-bounded-map.ts'
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
  /** Current time in ms. @default Date.now */
  now?: () => number
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
export function createMemoryLedgerStore(options: MemoryLedgerStoreOptions = {}): LedgerStore {
  const sessions = createBoundedMap<LedgerRecord[]>({
    ...(options.ttlMs === undefined ? {} : { ttlMs: options.ttlMs }),
    ...(options.maxSessions === undefined ? {} : { maxEntries: options.maxSessions }),
    ...(options.now === undefined ? {} : { now: options.now }),
  })
  return {
    async appendIfNext(record) {
      const records = sessions.get(record.sessionId) ?? []
      const expected = records.length === 0 ? 0 : records[records.length - 1]!.sequence + 1
      if (record.sequence !== expected) return false
      records.push(cloneStoredValue(record))
      sessions.set(record.sessionId, records)
      return true
    },
    async list(sessionId, { fromSequence = 0, limit = Number.POSITIVE_INFINITY } = {}) {
      const records = sessions.get(sessionId) ?? []
      const selected = records.filter((record) => record.sequence >= fromSequence).slice(0, limit)
      return cloneStoredValue(selected)
    },
    async last(sessionId) {
      const records = sessions.get(sessionId)
      const last = records?.[records.length - 1]
      return last === undefined ? undefined : cloneStoredValue(last)
    },
  }
}
