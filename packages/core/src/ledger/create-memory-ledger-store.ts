import { cloneStoredValue } from './clone-stored-value.ts'
import type { LedgerRecord, LedgerStore } from './types.ts'

/**
 * An in-memory {@link LedgerStore}: the default for `createLedger`, tests and single-process hosts.
 * Appends are atomic because each runs synchronously between awaits; records are cloned in and
 * out so callers cannot edit what is stored.
 *
 * @example
 * const ledger = createLedger({ store: createMemoryLedgerStore() })
 */
export function createMemoryLedgerStore(): LedgerStore {
  const sessions = new Map<string, LedgerRecord[]>()
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
