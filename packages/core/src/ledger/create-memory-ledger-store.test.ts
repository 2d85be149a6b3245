import { describe, expect, it } from 'vitest'
import { describeLedgerStoreConformance } from '../testing/describe-ledger-store-conformance.ts'
import { createLedger } from './create-ledger.ts'
import { createMemoryLedgerStore } from './create-memory-ledger-store.ts'

describeLedgerStoreConformance('memory', () => createMemoryLedgerStore())

describe('createMemoryLedgerStore', () => {
  it('keeps separate stores separate', async () => {
    const one = createMemoryLedgerStore()
    const two = createMemoryLedgerStore()
    await createLedger({ store: one }).append('s', {
      type: 'GOAL_RESTORED',
      payload: { original: 'a', discarded: 'b' },
    })
    expect(await two.list('s')).toEqual([])
  })
})
