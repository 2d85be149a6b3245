import {
  createLedger,
  createMemoryLedgerStore,
  createMemoryPersonalValueKeyStore,
  sealPersonalValue,
} from '@focal/core'
import { describe, expect, it } from 'vitest'
import { createInputRail } from './create-input-rail.ts'
import { createValueRestorer, maxHeldPlaceholderLength } from './create-value-restorer.ts'

async function setup(restorable: string[] = ['email']) {
  const ledgerStore = createMemoryLedgerStore()
  const ledger = createLedger({ store: ledgerStore, anchorStore: false })
  const keyStore = createMemoryPersonalValueKeyStore()
  const rail = createInputRail({ detectors: ['email', 'credit-card'], ledger, keyStore })
  const typed = await rail('s1', 'Mail jane.doe@example.com or ops@walmart.com, card 4111 1111 1111 1111')
  expect(typed).toBe('Mail [EMAIL_ADDRESS_1] or [EMAIL_ADDRESS_2], card [CREDIT_CARD_1]')
  const restorer = (sessionId = 's1') =>
    createValueRestorer({
      sessionId,
      ledgerStore,
      keyStore,
      restorable,
      // Stands in for the reply checks: a competitor's name is blocked.
      isReleasable: (value) => !/walmart/iu.test(value),
    })
  return { ledger, ledgerStore, keyStore, rail, restorer }
}

const reply =
  'Sent to [EMAIL_ADDRESS_1], not [EMAIL_ADDRESS_2]; card [CREDIT_CARD_1] stays; [EMAIL_ADDRESS_9] is unknown.'
const restored =
  'Sent to jane.doe@example.com, not [EMAIL_ADDRESS_2]; card [CREDIT_CARD_1] stays; [EMAIL_ADDRESS_9] is unknown.'

describe('createValueRestorer', () => {
  it('restores only allowed, releasable placeholders of this session', async () => {
    const { restorer } = await setup()
    expect(await restorer().restore(reply)).toBe(restored)
    // Another session has no [EMAIL_ADDRESS_1]: its placeholder stays.
    expect(await restorer('s2').restore(reply)).toBe(reply)
  })

  it('restores nothing once the key is erased, or when the type is not allowed', async () => {
    const { restorer, keyStore } = await setup()
    expect(await (await setup([])).restorer().restore(reply)).toBe(reply)
    await keyStore.delete('s1')
    expect(await restorer().restore(reply)).toBe(reply)
  })

  it('restores a placeholder split at every position across deltas', async () => {
    const { restorer } = await setup()
    for (let first = 0; first <= reply.length; first++) {
      for (const second of [first, first + 1, first + 3, first + 9]) {
        const stream = restorer().createStream()
        const pieces = [reply.slice(0, first), reply.slice(first, second), reply.slice(second)]
        let out = ''
        for (const piece of pieces) out += await stream.push(piece)
        out += await stream.flush()
        expect({ first, second, out }).toEqual({ first, second, out: restored })
      }
    }
  })

  it('holds back at most a placeholder-sized tail', async () => {
    const { restorer } = await setup()
    const stream = restorer().createStream()
    expect(await stream.push('See [EMAIL_ADDRESS_')).toBe('See ')
    expect(await stream.push('1')).toBe('')
    expect(await stream.push('] ok')).toBe('jane.doe@example.com ok')
    const long = `[${'A'.repeat(maxHeldPlaceholderLength)}`
    expect(await stream.push(long)).toBe(long)
    expect(await stream.push('[not a placeholder')).toBe('[not a placeholder')
    expect(await stream.flush()).toBe('')
  })

  it('leaves a placeholder sealed twice (racing writers) as it is', async () => {
    const { ledger, keyStore, restorer } = await setup()
    const payload = await sealPersonalValue({
      key: await keyStore.getOrCreate('s1'),
      sessionId: 's1',
      placeholder: '[EMAIL_ADDRESS_1]',
      detector: 'email',
      value: 'someone.else@example.com',
    })
    await ledger.append('s1', { type: 'personal-value-sealed', payload })
    expect(await restorer().restore('to [EMAIL_ADDRESS_1]')).toBe('to [EMAIL_ADDRESS_1]')
  })
})
