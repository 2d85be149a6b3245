import { describe, expect, it } from 'vitest'
import { describeSessionStoreConformance } from '../testing/describe-session-store-conformance.ts'
import { createMemorySessionStore } from './create-memory-session-store.ts'

describeSessionStoreConformance('memory', () => createMemorySessionStore())

describe('createMemorySessionStore', () => {
  it('keeps separate stores separate', async () => {
    const one = createMemorySessionStore()
    const two = createMemorySessionStore()
    await one.put('s', { count: 1 }, 0)
    expect(await two.get('s')).toBeUndefined()
  })
})

describe('createMemorySessionStore bytesOf', () => {
  it("tells the UTF-8 bytes of the JSON of the session's state as it was stored, and 0 for none", async () => {
    const store = createMemorySessionStore<{ note: string; items: number[] }>()
    expect(store.bytesOf('s')).toBe(0)
    const state = { note: 'café ☕ 😀', items: [1, 2, 3] }
    await store.put('s', state, 0)
    expect(store.bytesOf('s')).toBe(new TextEncoder().encode(JSON.stringify(state)).length)
    // A change made to the caller's object after the put is not the store's.
    state.note = 'a much longer note than before'
    expect(store.bytesOf('s')).toBe(new TextEncoder().encode('{"note":"café ☕ 😀","items":[1,2,3]}').length)
    await store.put('s', { note: '', items: [] }, 1)
    expect(store.bytesOf('s')).toBe('{"note":"","items":[]}'.length)
    await store.delete('s')
    expect(store.bytesOf('s')).toBe(0)
  })
})
