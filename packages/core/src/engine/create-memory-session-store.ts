import { cloneStoredValue } from '../ledger/clone-stored-value.ts'
import type { SessionStore, StoredSession } from '../ports/ports.ts'

/**
 * An in-memory {@link SessionStore} with optimistic versioning: the engine's default and the
 * reference the session store conformance suite is written against. State is cloned in and out.
 *
 * @example
 * const store = createMemorySessionStore<{ turns: number }>()
 * const version = await store.put('s1', { turns: 0 }, 0) // 1, or false if 's1' already exists
 */
export function createMemorySessionStore<State = unknown>(): SessionStore<State> {
  const sessions = new Map<string, StoredSession<State>>()
  return {
    async get(sessionId) {
      const stored = sessions.get(sessionId)
      return stored === undefined ? undefined : cloneStoredValue(stored)
    },
    async put(sessionId, state, expectedVersion) {
      const current = sessions.get(sessionId)?.version ?? 0
      if (current !== expectedVersion) return false
      const version = current + 1
      sessions.set(sessionId, { state: cloneStoredValue(state), version })
      return version
    },
    async delete(sessionId) {
      sessions.delete(sessionId)
    },
  }
}
