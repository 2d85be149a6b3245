import { defineSuite } from '../../../../bench/harness.ts'
import { canonicalJson } from './canonical-json.ts'
import { createLedger } from './create-ledger.ts'
import { createMemoryLedgerStore } from './create-memory-ledger-store.ts'
import type { LedgerEvent } from './ledger-event-schema.ts'
import type { LedgerRecord } from './types.ts'
import { verifyLedger } from './verify-ledger.ts'

const event: LedgerEvent = {
  type: 'GOAL_REFORMULATION',
  payload: {
    original: 'What happened in crypto markets today?',
    reformulated: 'What happened in top 5 cryptocurrency markets in the past 24 hours?',
    confidence: 0.92,
    evidence_ids: ['market-feeds'],
    type: 'scope-narrowing',
  },
}
const ledger = createLedger()
let session = 0
let thousand: LedgerRecord[] = []

export default defineSuite({
  name: 'ledger',
  async setup() {
    const source = createLedger()
    for (let index = 0; index < 1000; index++) await source.append('bench', event)
    thousand = await source.records('bench')
  },
  cases: [
    {
      name: 'append one event (memory store, 100 per session)',
      fn: () => ledger.append(`s${Math.floor(session++ / 100)}`, event),
      targetMedianMicros: 100,
    },
    { name: 'verifyLedger over 1000 records', fn: () => verifyLedger(thousand) },
    { name: 'canonicalJson of a reformulation event', fn: () => canonicalJson(event) },
    {
      name: '50 concurrent appends from 50 ledgers to one session',
      fn: async () => {
        const store = createMemoryLedgerStore()
        await Promise.all(Array.from({ length: 50 }, () => createLedger({ store }).append('race', event)))
      },
    },
  ],
})
