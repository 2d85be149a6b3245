import { describe, expect, it } from 'vitest'
import { createMemorySessionStore } from '../engine/create-memory-session-store.ts'
import { createBoundedMap } from './create-bounded-map.ts'
import { createLedger } from './create-ledger.ts'
import { createMemoryBudget } from './create-memory-budget.ts'
import { createMemoryLedgerAnchorStore } from './create-memory-ledger-anchor-store.ts'
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

describe('createMemoryBudget', () => {
  it('forgets the least recently written sessions from every store at once, keeping the bytes under the bound', async () => {
    const budget = createMemoryBudget({ maxBytes: 20_000 })
    const states = createMemorySessionStore<{ text: string }>({ budget })
    const records = createMemoryLedgerStore({ budget })
    const heads = createMemoryLedgerAnchorStore({ budget })
    const ledger = createLedger({ store: records, anchorStore: heads })
    for (let index = 0; index < 10; index++) {
      const sessionId = `s${index}`
      await states.put(sessionId, { text: 'x'.repeat(2_000) }, 0)
      await ledger.append(sessionId, {
        type: 'GOAL_RESTORED',
        payload: { original: 'y'.repeat(2_000), discarded: 'z' },
      })
      expect(budget.bytes).toBeLessThanOrEqual(20_000)
    }
    // The first sessions are gone from all three stores; the last ones are whole and verify.
    expect(await states.get('s0')).toBeUndefined()
    expect(await records.last('s0')).toBeUndefined()
    expect(await heads.getHead('s0')).toBeUndefined()
    expect(await states.get('s9')).toBeDefined()
    expect(await ledger.verify('s9')).toMatchObject({ valid: true })
    // A deleted state is no longer charged.
    const before = budget.bytes
    await states.delete('s9')
    expect(budget.bytes).toBeLessThan(before)
  })

  it('keeps a session a turn has read: reads make it recent', async () => {
    const budget = createMemoryBudget({ maxBytes: 2_000 })
    const states = createMemorySessionStore<{ text: string }>({ budget })
    const state = { text: 'x'.repeat(800) }
    await states.put('L', state, 0)
    await states.put('P', state, 0)
    // L is read (a turn starts on it): the write past the bound forgets P, not L.
    expect(await states.get('L')).toBeDefined()
    await states.put('Q', state, 0)
    expect(await states.get('L')).toBeDefined()
    expect(await states.get('P')).toBeUndefined()
  })

  it('stops charging what a store dropped on its own (its count bound or TTL)', async () => {
    let time = 0
    const budget = createMemoryBudget({ maxBytes: 100_000 })
    const states = createMemorySessionStore<{ text: string }>({
      budget,
      maxSessions: 2,
      ttlMs: 100,
      now: () => time,
    })
    const state = { text: 'x'.repeat(800) }
    for (const id of ['A', 'B', 'C']) await states.put(id, state, 0)
    expect(await states.get('A')).toBeUndefined()
    expect(budget.bytes).toBe(2 * JSON.stringify(state).length)
    time = 1_000
    expect(await states.get('C')).toBeUndefined()
    expect(budget.bytes).toBe(0)
  })

  it('keeps a session larger than the bound alone rather than dropping it while it is written', async () => {
    const budget = createMemoryBudget({ maxBytes: 1_000 })
    const states = createMemorySessionStore<{ text: string }>({ budget })
    await states.put('small', { text: 'a' }, 0)
    await states.put('big', { text: 'b'.repeat(5_000) }, 0)
    expect(await states.get('big')).toBeDefined()
    expect(await states.get('small')).toBeUndefined()
  })
})
