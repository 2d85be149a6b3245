import { describe, expect, it } from 'vitest'
import { computeLedgerPayloadHash, computeLedgerRecordHash } from './compute-ledger-record-hash.ts'
import { createLedger } from './create-ledger.ts'
import { createLedgerVerifier } from './create-ledger-verifier.ts'
import { createMemoryLedgerAnchorStore } from './create-memory-ledger-anchor-store.ts'
import type { LedgerRecord, LedgerStore } from './types.ts'

const key = 'k'.repeat(32)

/** A store that hands out its own records (so a test can edit them) and counts what it lists. */
function createOpenStore() {
  const records: LedgerRecord[] = []
  let listed = 0
  const store: LedgerStore = {
    async appendIfNext(record) {
      if (record.sequence !== records.length) return false
      records.push(structuredClone(record))
      return true
    },
    async list(_sessionId, { fromSequence = 0, limit = Number.POSITIVE_INFINITY } = {}) {
      const selected = records.filter((record) => record.sequence >= fromSequence).slice(0, limit)
      listed += selected.length
      return selected
    },
    async last() {
      return records.at(-1)
    },
  }
  return { store, records, listed: () => listed }
}

async function writeSession(count: number) {
  const open = createOpenStore()
  const anchorStore = createMemoryLedgerAnchorStore()
  const ledger = createLedger({ store: open.store, key, anchorStore })
  const append = async (index: number) =>
    ledger.append('s-1', { type: 'tool-called', payload: { toolId: `tool-${index}`, status: 'ran' } })
  for (let index = 0; index < count; index++) await append(index)
  const verifier = createLedgerVerifier({ store: open.store })
  const read = async (from: number, limit: number) =>
    verifier.verifyPage('s-1', {
      from,
      records: await open.store.list('s-1', { fromSequence: from, limit }),
      key,
      head: await anchorStore.getHead('s-1'),
    })
  return { ...open, append, read, anchorStore }
}

describe('createLedgerVerifier', () => {
  it('verifies the whole chain once, then only the new records and the page', async () => {
    const session = await writeSession(200)
    expect(await session.read(0, 1)).toEqual({ valid: true })
    const first = session.listed()
    expect(first).toBeGreaterThanOrEqual(200)
    expect(await session.read(150, 1)).toEqual({ valid: true })
    await session.append(200)
    expect(await session.read(199, 2)).toEqual({ valid: true })
    // Each later read lists its page, the record before it, the remembered point and the new records.
    expect(session.listed() - first).toBeLessThan(12)
  })

  it('fails on a record edited after it was verified, when its page is read', async () => {
    const session = await writeSession(50)
    expect(await session.read(0, 1)).toEqual({ valid: true })
    const edited = session.records[20]!
    edited.payload = { toolId: 'forged', status: 'ran' }
    edited.payloadHash = await computeLedgerPayloadHash(edited.payload)
    expect(await session.read(20, 5)).toMatchObject({
      valid: false,
      index: 20,
      recordId: edited.id,
      problem: 'hash-mismatch',
    })
  })

  it('verifies the whole chain again when the record at the remembered point changed', async () => {
    const session = await writeSession(30)
    expect(await session.read(0, 1)).toEqual({ valid: true })
    // Records rewritten as a plain SHA-256 chain from sequence 10 on (no key needed to do that).
    for (const record of session.records.slice(10)) {
      record.previousHash = session.records[record.sequence - 1]!.hash
      delete (record as { chain?: string }).chain
      record.hash = await computeLedgerRecordHash(record)
    }
    expect(await session.read(0, 1)).toMatchObject({ valid: false, index: 10, problem: 'unkeyed-record' })
  })

  it('fails as truncated when the tail is cut after it was verified', async () => {
    const session = await writeSession(30)
    expect(await session.read(0, 1)).toEqual({ valid: true })
    session.records.splice(25)
    expect(await session.read(0, 1)).toMatchObject({ valid: false, sequence: 25, problem: 'truncated' })
  })
})
