import { describe, expect, it } from 'vitest'
import { createLedger } from '../ledger/create-ledger.ts'
import { createMemoryLedgerAnchorStore } from '../ledger/create-memory-ledger-anchor-store.ts'
import type { LedgerEvent } from '../ledger/ledger-event-schema.ts'
import type { LedgerRecord, LedgerStore } from '../ledger/types.ts'
import { verifyLedger } from '../ledger/verify-ledger.ts'

/** Creates a fresh store (or a fresh view of a shared one) for one test. */
export type CreateLedgerStore = () => LedgerStore | Promise<LedgerStore>

const restored = (index: number): LedgerEvent => ({
  type: 'GOAL_RESTORED',
  payload: { original: 'What happened in crypto markets today?', discarded: `candidate ${index}` },
})

function uniqueSession(label: string): string {
  return `conformance-${label}-${crypto.randomUUID()}`
}

function fakeRecord(sessionId: string, sequence: number, previousHash: string | null): LedgerRecord {
  return {
    id: `${sessionId}-${sequence}-${crypto.randomUUID()}`,
    sessionId,
    sequence,
    type: 'GOAL_RESTORED',
    actor: 'conformance',
    timestamp: '2026-01-01T00:00:00.000Z',
    payload: { original: 'a', discarded: 'b', sequence },
    payloadHash: 'p'.repeat(64),
    previousHash,
    hash: `${sequence}`.padStart(64, '0'),
  }
}

/**
 * The {@link LedgerStore} contract as a Vitest suite. Every adapter (memory, Durable Objects,
 * Redis, Deno KV) calls it with a factory; it uses only web-standard APIs so it also runs in
 * workerd and Deno. Session ids are random, so a shared backing database is fine.
 *
 * @example
 * describeLedgerStoreConformance('redis', () => createRedisLedgerStore({ client }))
 */
export function describeLedgerStoreConformance(name: string, createStore: CreateLedgerStore): void {
  // Remote stores (Redis, Durable Objects, Deno KV) resolve races over the network: allow time.
  describe(`LedgerStore conformance: ${name}`, { timeout: 60_000 }, () => {
    it('returns nothing for an unknown session', async () => {
      const store = await createStore()
      const sessionId = uniqueSession('empty')
      expect(await store.last(sessionId)).toBeUndefined()
      expect(await store.list(sessionId)).toEqual([])
    })

    it('appends sequence 0 to an empty session and rejects any other first sequence', async () => {
      const store = await createStore()
      const sessionId = uniqueSession('first')
      expect(await store.appendIfNext(fakeRecord(sessionId, 1, null))).toBe(false)
      expect(await store.list(sessionId)).toEqual([])
      const first = fakeRecord(sessionId, 0, null)
      expect(await store.appendIfNext(first)).toBe(true)
      expect(await store.last(sessionId)).toEqual(first)
    })

    it('accepts only last.sequence + 1 and writes nothing on a refused append', async () => {
      const store = await createStore()
      const sessionId = uniqueSession('next')
      const first = fakeRecord(sessionId, 0, null)
      const second = fakeRecord(sessionId, 1, first.hash)
      expect(await store.appendIfNext(first)).toBe(true)
      expect(await store.appendIfNext(fakeRecord(sessionId, 0, null))).toBe(false)
      expect(await store.appendIfNext(fakeRecord(sessionId, 2, first.hash))).toBe(false)
      expect(await store.appendIfNext(second)).toBe(true)
      expect(await store.list(sessionId)).toEqual([first, second])
    })

    it('lets exactly one of many racing appends of the same sequence win', async () => {
      const store = await createStore()
      const sessionId = uniqueSession('race')
      const racers = Array.from({ length: 20 }, () => fakeRecord(sessionId, 0, null))
      const outcomes = await Promise.all(racers.map((record) => store.appendIfNext(record)))
      expect(outcomes.filter(Boolean)).toHaveLength(1)
      const winner = racers[outcomes.indexOf(true)]
      expect(await store.list(sessionId)).toEqual([winner])
    })

    it('keeps sessions apart', async () => {
      const store = await createStore()
      const one = uniqueSession('one')
      const two = uniqueSession('two')
      const recordOne = fakeRecord(one, 0, null)
      expect(await store.appendIfNext(recordOne)).toBe(true)
      expect(await store.appendIfNext(fakeRecord(two, 0, null))).toBe(true)
      expect(await store.list(one)).toEqual([recordOne])
      expect((await store.last(two))?.sessionId).toBe(two)
    })

    it('lists in sequence order from fromSequence, at most limit records', async () => {
      const store = await createStore()
      const sessionId = uniqueSession('list')
      let previousHash: string | null = null
      for (let sequence = 0; sequence < 6; sequence++) {
        const record: LedgerRecord = fakeRecord(sessionId, sequence, previousHash)
        expect(await store.appendIfNext(record)).toBe(true)
        previousHash = record.hash
      }
      const sequences = (records: LedgerRecord[]) => records.map((record) => record.sequence)
      expect(sequences(await store.list(sessionId))).toEqual([0, 1, 2, 3, 4, 5])
      expect(sequences(await store.list(sessionId, { fromSequence: 2 }))).toEqual([2, 3, 4, 5])
      expect(sequences(await store.list(sessionId, { fromSequence: 1, limit: 2 }))).toEqual([1, 2])
      expect(sequences(await store.list(sessionId, { fromSequence: 9 }))).toEqual([])
      expect((await store.last(sessionId))?.sequence).toBe(5)
    })

    it('does not let a caller edit stored records through returned objects', async () => {
      const store = await createStore()
      const sessionId = uniqueSession('isolation')
      const record = fakeRecord(sessionId, 0, null)
      expect(await store.appendIfNext(record)).toBe(true)
      record.actor = 'mutated after append'
      const [listed] = await store.list(sessionId)
      ;(listed as LedgerRecord).payload = 'mutated after list'
      const stored = await store.last(sessionId)
      expect(stored?.actor).toBe('conformance')
      expect(stored?.payload).toEqual({ original: 'a', discarded: 'b', sequence: 0 })
    })

    it('round-trips payloads exactly, so a ledger written through it verifies', async () => {
      const store = await createStore()
      const ledger = createLedger({ store })
      const sessionId = uniqueSession('roundtrip')
      await ledger.append(sessionId, {
        type: 'tool-called',
        payload: {
          toolId: 'search',
          status: 'ran',
          args: { query: 'café ☕ "quoted" \\ 𝔘', nested: { z: 1, a: [0.1, -2, true, null] } },
        },
      })
      await ledger.append(sessionId, restored(1), { actor: 'user' })
      const records = await store.list(sessionId)
      expect(records.map((record) => record.actor)).toEqual(['system', 'user'])
      expect(await verifyLedger(records)).toEqual({ valid: true })
    })

    it('round-trips the keyed chain marker, so a keyed ledger written through it verifies with its key and head', async () => {
      const store = await createStore()
      const key = 'conformance secret: thirty-two bytes or more'
      const anchorStore = createMemoryLedgerAnchorStore()
      const sessionId = uniqueSession('keyed')
      const ledgers = [createLedger({ store, key, anchorStore }), createLedger({ store, key, anchorStore })]
      await Promise.all(
        Array.from({ length: 6 }, (_, index) => ledgers[index % 2]!.append(sessionId, restored(index))),
      )
      const records = await store.list(sessionId)
      expect(records.map((record) => record.chain)).toEqual(Array(6).fill('hmac-sha256'))
      const head = await anchorStore.getHead(sessionId)
      expect(head?.sequence).toBe(5)
      expect(await verifyLedger(records, { sessionId, key, head })).toEqual({ valid: true })
      expect(await verifyLedger(records.slice(0, 5), { sessionId, key, head })).toMatchObject({
        problem: 'truncated',
      })
    })

    it('gives 50 concurrent appends through one ledger a gap-free verifiable sequence in call order', async () => {
      const store = await createStore()
      const ledger = createLedger({ store })
      const sessionId = uniqueSession('one-ledger')
      const appended = await Promise.all(
        Array.from({ length: 50 }, (_, index) => ledger.append(sessionId, restored(index))),
      )
      expect(appended.map((record) => record.sequence)).toEqual(
        Array.from({ length: 50 }, (_, index) => index),
      )
      const records = await store.list(sessionId)
      expect(records.map((record) => record.sequence)).toEqual(appended.map((record) => record.sequence))
      expect(await verifyLedger(records)).toEqual({ valid: true })
    })

    it('gives 50 concurrent appends from 50 independent ledgers a gap-free verifiable sequence', async () => {
      const store = await createStore()
      const sessionId = uniqueSession('many-ledgers')
      const ledgers = Array.from({ length: 50 }, () => createLedger({ store }))
      await Promise.all(ledgers.map((ledger, index) => ledger.append(sessionId, restored(index))))
      const records = await store.list(sessionId)
      expect(records.map((record) => record.sequence)).toEqual(
        Array.from({ length: 50 }, (_, index) => index),
      )
      const discarded = records.map((record) => (record.payload as { discarded: string }).discarded)
      expect(new Set(discarded).size).toBe(50)
      expect(await verifyLedger(records)).toEqual({ valid: true })
    })
  })
}
