import {
  createLedger,
  createMemoryLedgerStore,
  createMemoryPersonalValueKeyStore,
  openPersonalValue,
  verifyLedger,
} from '@focal/core'
import { describe, expect, it } from 'vitest'
import { createInputRail, sealedValuesOf } from './create-input-rail.ts'

function setup() {
  const store = createMemoryLedgerStore()
  const ledger = createLedger({ store, anchorStore: false })
  const keyStore = createMemoryPersonalValueKeyStore()
  const rail = createInputRail({ detectors: ['credit-card', 'us-ssn'], ledger, keyStore })
  /** Placeholder → value, opened with the session's current key. */
  const open = async (sessionId: string) => {
    const key = await keyStore.get(sessionId)
    const entries = await Promise.all(
      sealedValuesOf(await store.list(sessionId)).map(
        async (sealed) => [sealed.placeholder, await openPersonalValue({ key, sessionId, sealed })] as const,
      ),
    )
    return Object.fromEntries(entries)
  }
  return { store, ledger, keyStore, rail, open }
}

describe('createInputRail', () => {
  it('replaces each detected value by a numbered typed placeholder sealed into the session ledger', async () => {
    const { store, rail, open } = setup()
    const text = 'Card 4111 1111 1111 1111, SSN 536-22-1987, and 5500 0000 0000 0004.'
    expect(await rail('s1', text)).toBe('Card [CREDIT_CARD_1], SSN [US_SSN_1], and [CREDIT_CARD_2].')
    expect(await rail('s1', 'again 4111 1111 1111 1111')).toBe('again [CREDIT_CARD_3]')
    expect(await open('s1')).toEqual({
      '[CREDIT_CARD_1]': '4111 1111 1111 1111',
      '[US_SSN_1]': '536-22-1987',
      '[CREDIT_CARD_2]': '5500 0000 0000 0004',
      '[CREDIT_CARD_3]': '4111 1111 1111 1111',
    })
    const records = await store.list('s1')
    expect(records.map((record) => [record.type, record.actor])).toEqual(
      Array(4).fill(['personal-value-sealed', 'user']),
    )
    // The values in any grouping; a bare "4111" can occur inside random ciphertext.
    expect(JSON.stringify(records)).not.toMatch(/4111[\s-]?1111|5500[\s-]?0000|536-?22-?1987/u)
    // Another session numbers its own placeholders and has its own key.
    expect(await rail('s2', 'SSN 536-22-1987')).toBe('SSN [US_SSN_1]')
    expect(await open('s2')).toEqual({ '[US_SSN_1]': '536-22-1987' })
  })

  it('seals a card and an SSN typed with tabs between their groups, as one typed with spaces', async () => {
    const { store, rail, open } = setup()
    expect(await rail('s1', 'card 4539\t1488\t0343\t6467 and ssn 536\t22\t8741')).toBe(
      'card [CREDIT_CARD_1] and ssn [US_SSN_1]',
    )
    expect(await open('s1')).toEqual({
      '[CREDIT_CARD_1]': '4539\t1488\t0343\t6467',
      '[US_SSN_1]': '536\t22\t8741',
    })
    // JSON writes a tab as `\t`.
    expect(JSON.stringify(await store.list('s1'))).not.toMatch(/4539\\t1488|536\\t22/u)
  })

  it('continues numbering from the ledger, so a new rail (a restart) never reuses a placeholder', async () => {
    const { ledger, keyStore, rail } = setup()
    await rail('s1', 'SSN 536-22-1987')
    const restarted = createInputRail({ detectors: ['us-ssn'], ledger, keyStore })
    expect(await restarted('s1', 'and 536-22-1988')).toBe('and [US_SSN_2]')
  })

  it('shreds on key deletion: the chain verifies, the ciphertexts stay, nothing opens', async () => {
    const { store, keyStore, rail, open } = setup()
    await rail('s1', 'Card 4111 1111 1111 1111, SSN 536-22-1987')
    const before = await store.list('s1')
    await keyStore.delete('s1')
    const after = await store.list('s1')
    expect(after).toEqual(before)
    expect(await verifyLedger(after, { sessionId: 's1' })).toEqual({ valid: true })
    expect(await open('s1')).toEqual({ '[CREDIT_CARD_1]': undefined, '[US_SSN_1]': undefined })
    // The id reused later gets a new key, which opens only what is sealed from then on.
    expect(await rail('s1', 'SSN 536-22-1988')).toBe('SSN [US_SSN_2]')
    expect(await open('s1')).toEqual({
      '[CREDIT_CARD_1]': undefined,
      '[US_SSN_1]': undefined,
      '[US_SSN_2]': '536-22-1988',
    })
  })

  it('passes text with nothing to replace through unchanged, writing nothing', async () => {
    const { store, rail, keyStore } = setup()
    expect(await rail('s', 'where is my order NW-1001')).toBe('where is my order NW-1001')
    expect(await store.list('s')).toEqual([])
    expect(await keyStore.get('s')).toBeUndefined()
  })
})
