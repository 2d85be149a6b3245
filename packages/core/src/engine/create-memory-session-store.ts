import { cloneStoredValue } from '../ledger/clone-stored-value.ts'
import { type BoundedMapOptions, createBoundedMap } from '../ledger/create-bounded-map.ts'
import type { MemoryBudget } from '../ledger/create-memory-budget.ts'
import { measureJsonBytes } from '../ledger/measure-json-bytes.ts'
import type { SessionStore, StoredSession } from '../ports/ports.ts'

/** Options of {@link createMemorySessionStore}: a sliding TTL and an LRU bound. */
export interface MemorySessionStoreOptions {
  /**
   * Milliseconds a session lives after it was last read or written.
   * @default Number.POSITIVE_INFINITY
   */
  ttlMs?: number
  /**
   * Most sessions kept; the least recently used is dropped first.
   * @default Number.POSITIVE_INFINITY
   */
  maxSessions?: number
  /**
   * A byte bound shared with other in-memory stores (`createMemoryBudget`): each write charges the
   * UTF-8 bytes of the state's JSON, and sessions the budget forgets are dropped here too.
   * @default undefined (no byte bound)
   */
  budget?: MemoryBudget
  /** Current time in ms. @default Date.now */
  now?: () => number
}

/** The in-memory session store, which also tells how much it holds for a session. */
export interface MemorySessionStore<State = unknown> extends SessionStore<State> {
  /** The UTF-8 bytes of the JSON of the session's state (0 for none). */
  bytesOf(sessionId: string): number
}

/**
 * An in-memory {@link SessionStore} with optimistic versioning: the engine's default and the
 * reference the session store conformance suite is written against. State is cloned in and out.
 * With `ttlMs` / `maxSessions` it forgets idle and least recently used sessions, so memory stays
 * bounded however many sessions come; with a `budget`, however large they grow.
 *
 * @example
 * const store = createMemorySessionStore<{ turns: number }>({ ttlMs: 3_600_000, maxSessions: 10_000 })
 * const version = await store.put('s1', { turns: 0 }, 0) // 1, or false if 's1' already exists
 */
export function createMemorySessionStore<State = unknown>(
  options: MemorySessionStoreOptions = {},
): MemorySessionStore<State> {
  // `bytes` is counted when first asked for (the stored clone never changes): an engine that
  // never asks pays nothing per turn.
  // With a budget: what it forgets is dropped here, and what this store drops on its own is no
  // longer charged.
  const { budget } = options
  const store = budget?.register((sessionId) => sessions.delete(sessionId))
  const sessions = createBoundedMap<{ stored: StoredSession<State>; bytes?: number }>({
    ...toBoundedMapOptions(options),
    ...(budget === undefined ? {} : { onEvict: (sessionId: string) => budget.discharge(store!, sessionId) }),
  })
  return {
    async get(sessionId) {
      const stored = sessions.get(sessionId)?.stored
      if (stored === undefined) return undefined
      budget?.touch(sessionId)
      return cloneStoredValue(stored)
    },
    async put(sessionId, state, expectedVersion) {
      const current = sessions.get(sessionId)?.stored.version ?? 0
      if (current !== expectedVersion) return false
      const version = current + 1
      const stored = { state: cloneStoredValue(state), version }
      if (budget === undefined) sessions.set(sessionId, { stored })
      else {
        const bytes = measureJsonBytes(stored.state)
        sessions.set(sessionId, { stored, bytes })
        budget.charge(store!, sessionId, bytes)
      }
      return version
    },
    async delete(sessionId) {
      sessions.delete(sessionId)
      if (budget !== undefined) budget.discharge(store!, sessionId)
    },
    bytesOf(sessionId) {
      const entry = sessions.get(sessionId)
      if (entry === undefined) return 0
      entry.bytes ??= measureJsonBytes(entry.stored.state)
      return entry.bytes
    },
  }
}

/** `{ ttlMs, maxSessions, now }` → the bounded map's options (absent fields stay absent). */
function toBoundedMapOptions({ ttlMs, maxSessions, now }: MemorySessionStoreOptions): BoundedMapOptions {
  return {
    ...(ttlMs === undefined ? {} : { ttlMs }),
    ...(maxSessions === undefined ? {} : { maxEntries: maxSessions }),
    ...(now === undefined ? {} : { now }),
  }
}
