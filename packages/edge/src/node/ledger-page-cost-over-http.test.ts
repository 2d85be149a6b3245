/**
 * `GET /v1/sessions/:id/ledger?limit=1` over a real socket reads (and hashes) in proportion to the
 * page and the records written since the last read, not the whole chain each time; an edited record
 * still fails verification when its page is read. Found by an outside review (rv47 F5): every page
 * read verified the whole chain, 0.3–0.4 s of CPU on a 1,000-turn session, and 40 concurrent reads
 * stalled /health for about 20 s.
 */
import { createMemoryLedgerStore, type LedgerRecord, type LedgerStore } from '@focal/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { keepSessionTokens } from '../testing/keep-session-tokens.ts'
import { readRefundSupport } from '../testing/read-refund-support.ts'
import { type LoopbackFocal, serveOnLoopback } from '../testing/serve-on-loopback.ts'

/** The memory store, counting the records each read hands out, with edits an attacker made to it. */
const inner = createMemoryLedgerStore()
let recordsRead = 0
const edits = new Map<number, (record: LedgerRecord) => void>()
const edited = (records: LedgerRecord[]) => {
  recordsRead += records.length
  for (const record of records) edits.get(record.sequence)?.(record)
  return records
}
const ledgerStore: LedgerStore = {
  appendIfNext: (record) => inner.appendIfNext(record),
  list: async (sessionId, options) => edited(await inner.list(sessionId, options)),
  last: async (sessionId) => {
    const last = await inner.last(sessionId)
    return last === undefined ? undefined : edited([last])[0]
  },
}

let served: LoopbackFocal
beforeAll(async () => {
  served = await serveOnLoopback({
    definition: readRefundSupport(),
    ledgerStore,
    ledgerKey: 'ledger-page-cost test secret, 32+ bytes',
  })
})
afterAll(() => served.close())

const http = keepSessionTokens()
const readPage = async (query: string) => {
  const response = await http(`${served.origin}/v1/sessions/long/ledger?${query}`)
  expect(response.status).toBe(200)
  return (await response.json()) as {
    records: LedgerRecord[]
    total: number
    next?: number
    verification: { valid: boolean; problem?: string; sequence?: number }
  }
}

describe('GET /v1/sessions/:id/ledger on a long session', () => {
  it('reads a page at a cost in proportion to the page, and still fails an edited record', async () => {
    for (let turn = 0; turn < 150; turn++) {
      const response = await http(`${served.origin}/v1/turn`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ sessionId: 'long', text: `Hello, question ${turn}` }),
      })
      expect(response.status).toBe(200)
    }
    const first = await readPage('limit=1')
    expect(first.verification).toEqual({ valid: true })
    expect(first.records).toHaveLength(1)
    const total = first.total
    expect(total).toBeGreaterThanOrEqual(200)
    expect(first.next).toBe(1)

    // Forty more reads of one record: before, each read every record of the session.
    recordsRead = 0
    const reads = await Promise.all(
      Array.from({ length: 40 }, (_, index) => readPage(`from=${index * 7}&limit=1`)),
    )
    expect(reads.every((read) => read.verification.valid && read.total === total)).toBe(true)
    expect(recordsRead).toBeLessThan(40 * 10)

    // A record edited in the store after its chain was verified fails when its page is read.
    edits.set(42, (record) => {
      record.actor = 'attacker'
    })
    const tampered = await readPage('from=40&limit=5')
    expect(tampered.records[2]).toMatchObject({ sequence: 42, actor: 'attacker' })
    expect(tampered.verification).toMatchObject({ valid: false, sequence: 42, problem: 'hash-mismatch' })
  })
})
