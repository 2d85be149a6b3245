import { describe, expect, it } from 'vitest'
import { createMemorySessionStore } from '../engine/create-memory-session-store.ts'
import { createBoundedMap } from './create-bounded-map.ts'
import { createMemoryLedgerStore } from './create-memory-ledger-store.ts'

describe('createBoundedMap', () => {
  it('forgets an entry ttlMs after its last use, and a read renews it', () => {
    let time = 0
    const map = createBoundedMap<string>({ ttlMs: 100, now: () => time })
    map.set('a', 'A')
    map.set('b', 'B')
    time = 90
    expect(map.get('a')).toBe('A') // renewed until 190
    time = 150
    expect(map.get('b')).toBeUndefined()
    expect(map.get('a')).toBe('A')
    time = 1000
    expect(map.size).toBe(0)
  })

  it('keeps at most maxEntries, dropping the least recently used first', () => {
    const map = createBoundedMap<number>({ maxEntries: 3 })
    for (const key of ['a', 'b', 'c']) map.set(key, 1)
    map.get('a')
    map.set('d', 1)
    expect(['a', 'b', 'c', 'd'].map((key) => map.get(key) !== undefined)).toEqual([true, false, true, true])
  })

  it('releases every expired entry on the first use after an idle period', () => {
    let time = 0
    const map = createBoundedMap<object>({ ttlMs: 10, now: () => time })
    for (let index = 0; index < 10_000; index++) map.set(`s${index}`, { index })
    time = 11
    map.set('fresh', {})
    expect(map.size).toBe(1)
  })
})

describe('bounded memory stores', () => {
  it('createMemorySessionStore forgets idle sessions and caps how many it keeps', async () => {
    let time = 0
    const store = createMemorySessionStore({ ttlMs: 1000, maxSessions: 2, now: () => time })
    await store.put('one', { n: 1 }, 0)
    await store.put('two', { n: 2 }, 0)
    await store.put('three', { n: 3 }, 0)
    expect(await store.get('one')).toBeUndefined()
    expect((await store.get('three'))?.state).toEqual({ n: 3 })
    time = 2000
    expect(await store.get('two')).toBeUndefined()
    expect(await store.get('three')).toBeUndefined()
  })

  it('createMemoryLedgerStore forgets a whole idle session, never part of one', async () => {
    let time = 0
    const store = createMemoryLedgerStore({ ttlMs: 1000, now: () => time })
    const record = (sequence: number) =>
      ({ id: `r${sequence}`, sessionId: 's', sequence }) as unknown as Parameters<
        typeof store.appendIfNext
      >[0]
    expect(await store.appendIfNext(record(0))).toBe(true)
    time = 900
    expect(await store.appendIfNext(record(1))).toBe(true)
    time = 1500
    expect((await store.list('s')).map((stored) => stored.sequence)).toEqual([0, 1])
    time = 5000
    expect(await store.list('s')).toEqual([])
  })
})
