import { describe, expect, it } from 'vitest'
import type { SessionStore } from '../ports/ports.ts'

/** Creates a fresh store (or a fresh view of a shared one) for one test. */
export type CreateSessionStore = () => SessionStore | Promise<SessionStore>

function uniqueSession(label: string): string {
  return `conformance-${label}-${crypto.randomUUID()}`
}

/** Reads, applies `update` and writes back, retrying on a version conflict; returns the attempts used. */
async function updateWithRetry(
  store: SessionStore,
  sessionId: string,
  update: (state: { count: number }) => { count: number },
): Promise<number> {
  for (let attempt = 1; attempt <= 1000; attempt++) {
    const stored = await store.get(sessionId)
    const state = (stored?.state as { count: number } | undefined) ?? { count: 0 }
    if ((await store.put(sessionId, update(state), stored?.version ?? 0)) !== false) return attempt
  }
  throw new Error(`update of ${sessionId} never won a version`)
}

/**
 * The {@link SessionStore} contract (optimistic versioning) as a Vitest suite. Every adapter calls
 * it with a factory; it uses only web-standard APIs so it also runs in workerd and Deno.
 *
 * @example
 * describeSessionStoreConformance('durable-objects', () => createDurableObjectSessionStore(env.SESSIONS))
 */
export function describeSessionStoreConformance(name: string, createStore: CreateSessionStore): void {
  // Remote stores resolve races over the network: allow time.
  describe(`SessionStore conformance: ${name}`, { timeout: 60_000 }, () => {
    it('returns undefined for an unknown session', async () => {
      const store = await createStore()
      expect(await store.get(uniqueSession('unknown'))).toBeUndefined()
    })

    it('creates with expected version 0 as version 1, and refuses a second create', async () => {
      const store = await createStore()
      const sessionId = uniqueSession('create')
      expect(await store.put(sessionId, { count: 1 }, 0)).toBe(1)
      expect(await store.put(sessionId, { count: 99 }, 0)).toBe(false)
      expect(await store.get(sessionId)).toEqual({ state: { count: 1 }, version: 1 })
    })

    it('refuses to create at a version other than 0', async () => {
      const store = await createStore()
      const sessionId = uniqueSession('create-wrong')
      expect(await store.put(sessionId, { count: 1 }, 3)).toBe(false)
      expect(await store.get(sessionId)).toBeUndefined()
    })

    it('writes only at the current version, +1 each time, leaving state untouched on a stale write', async () => {
      const store = await createStore()
      const sessionId = uniqueSession('versions')
      expect(await store.put(sessionId, { count: 1 }, 0)).toBe(1)
      expect(await store.put(sessionId, { count: 2 }, 1)).toBe(2)
      expect(await store.put(sessionId, { count: 3 }, 2)).toBe(3)
      expect(await store.put(sessionId, { count: -1 }, 2)).toBe(false)
      expect(await store.put(sessionId, { count: -1 }, 4)).toBe(false)
      expect(await store.get(sessionId)).toEqual({ state: { count: 3 }, version: 3 })
    })

    it('round-trips JSON state exactly', async () => {
      const store = await createStore()
      const sessionId = uniqueSession('json')
      const state = {
        text: 'café ☕ "q" \\ 𝔘',
        list: [1, 0.5, -3, true, null, { deep: ['x'] }],
        empty: {},
        none: null,
      }
      expect(await store.put(sessionId, state, 0)).toBe(1)
      expect((await store.get(sessionId))?.state).toEqual(state)
    })

    it('does not let a caller edit stored state through the objects it passed or got', async () => {
      const store = await createStore()
      const sessionId = uniqueSession('isolation')
      const state = { count: 1, nested: { value: 'stored' } }
      await store.put(sessionId, state, 0)
      state.nested.value = 'mutated after put'
      const got = await store.get(sessionId)
      ;(got!.state as { nested: { value: string } }).nested.value = 'mutated after get'
      expect((await store.get(sessionId))?.state).toEqual({ count: 1, nested: { value: 'stored' } })
    })

    it('deletes a session so it can be created again at version 1, and ignores unknown deletes', async () => {
      const store = await createStore()
      const sessionId = uniqueSession('delete')
      await store.delete(uniqueSession('never-created'))
      await store.put(sessionId, { count: 1 }, 0)
      await store.put(sessionId, { count: 2 }, 1)
      await store.delete(sessionId)
      expect(await store.get(sessionId)).toBeUndefined()
      expect(await store.put(sessionId, { count: 5 }, 0)).toBe(1)
    })

    it('keeps sessions apart', async () => {
      const store = await createStore()
      const one = uniqueSession('one')
      const two = uniqueSession('two')
      await store.put(one, { count: 1 }, 0)
      await store.put(two, { count: 2 }, 0)
      await store.put(two, { count: 3 }, 1)
      expect(await store.get(one)).toEqual({ state: { count: 1 }, version: 1 })
      expect(await store.get(two)).toEqual({ state: { count: 3 }, version: 2 })
    })

    it('lets exactly one of 20 concurrent creates win', async () => {
      const store = await createStore()
      const sessionId = uniqueSession('race-create')
      const outcomes = await Promise.all(
        Array.from({ length: 20 }, (_, index) => store.put(sessionId, { count: index }, 0)),
      )
      expect(outcomes.filter((outcome) => outcome === 1)).toHaveLength(1)
      expect(outcomes.filter((outcome) => outcome === false)).toHaveLength(19)
      const winner = outcomes.indexOf(1)
      expect(await store.get(sessionId)).toEqual({ state: { count: winner }, version: 1 })
    })

    it('lets exactly one of 20 concurrent writers win each version', async () => {
      const store = await createStore()
      const sessionId = uniqueSession('race-version')
      await store.put(sessionId, { count: 0 }, 0)
      for (let version = 1; version <= 3; version++) {
        const outcomes = await Promise.all(
          Array.from({ length: 20 }, (_, index) =>
            store.put(sessionId, { count: version * 100 + index }, version),
          ),
        )
        expect(outcomes.filter((outcome) => outcome === version + 1)).toHaveLength(1)
        expect(outcomes.filter((outcome) => outcome === false)).toHaveLength(19)
        const winner = outcomes.indexOf(version + 1)
        expect(await store.get(sessionId)).toEqual({
          state: { count: version * 100 + winner },
          version: version + 1,
        })
      }
    })

    it('loses no update when 30 writers read-modify-write concurrently with retries', async () => {
      const store = await createStore()
      const sessionId = uniqueSession('counter')
      await Promise.all(
        Array.from({ length: 30 }, () =>
          updateWithRetry(store, sessionId, (state) => ({ count: state.count + 1 })),
        ),
      )
      expect(await store.get(sessionId)).toEqual({ state: { count: 30 }, version: 30 })
    })
  })
}
