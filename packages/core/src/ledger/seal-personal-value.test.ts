import { describe, expect, it } from 'vitest'
import { createLedger } from './create-ledger.ts'
import { createMemoryLedgerStore } from './create-memory-ledger-store.ts'
import { createMemoryPersonalValueKeyStore } from './create-memory-personal-value-key-store.ts'
import { ledgerEventSchema } from './ledger-event-schema.ts'
import { openPersonalValue } from './open-personal-value.ts'
import { type SealedPersonalValue, sealPersonalValue } from './seal-personal-value.ts'
import { verifyLedger } from './verify-ledger.ts'

const card = '4111 1111 1111 1111'

describe('sealPersonalValue', () => {
  it('seals a value the ledger accepts, with no byte of it in the record, and opens it with the same key', async () => {
    const keys = createMemoryPersonalValueKeyStore()
    const key = await keys.getOrCreate('s1')
    const payload = await sealPersonalValue({
      key,
      sessionId: 's1',
      placeholder: '[CREDIT_CARD_1]',
      detector: 'credit-card',
      value: card,
    })
    const store = createMemoryLedgerStore()
    const record = await createLedger({ store }).append('s1', { type: 'personal-value-sealed', payload })
    const stored = JSON.stringify(await store.list('s1'))
    expect(stored).toContain(payload.ciphertext)
    expect(stored).not.toContain(card)
    expect(stored).not.toContain(card.replaceAll(' ', ''))
    expect(record.payload).toEqual(payload)
    expect(await openPersonalValue({ key, sessionId: 's1', sealed: payload })).toBe(card)
  })

  it('uses a fresh nonce per value, so the same value seals to different ciphertexts', async () => {
    const key = await createMemoryPersonalValueKeyStore().getOrCreate('s')
    const options = {
      key,
      sessionId: 's',
      placeholder: '[US_SSN_1]',
      detector: 'us-ssn',
      value: '536-22-1987',
    }
    const [one, two] = await Promise.all([sealPersonalValue(options), sealPersonalValue(options)])
    expect(one.iv).not.toBe(two.iv)
    expect(one.ciphertext).not.toBe(two.ciphertext)
  })
})

describe('openPersonalValue', () => {
  async function sealed(): Promise<{ key: CryptoKey; payload: SealedPersonalValue }> {
    const key = await createMemoryPersonalValueKeyStore().getOrCreate('s1')
    const payload = await sealPersonalValue({
      key,
      sessionId: 's1',
      placeholder: '[EMAIL_1]',
      detector: 'email',
      value: 'jane@example.com',
    })
    return { key, payload }
  }

  it('reads nothing without the key, with another key, or for another session or placeholder', async () => {
    const { key, payload } = await sealed()
    const other = await createMemoryPersonalValueKeyStore().getOrCreate('s1')
    expect(await openPersonalValue({ key: undefined, sessionId: 's1', sealed: payload })).toBeUndefined()
    expect(await openPersonalValue({ key: other, sessionId: 's1', sealed: payload })).toBeUndefined()
    expect(await openPersonalValue({ key, sessionId: 's2', sealed: payload })).toBeUndefined()
    const moved = { ...payload, placeholder: '[EMAIL_2]' }
    expect(await openPersonalValue({ key, sessionId: 's1', sealed: moved })).toBeUndefined()
    expect(await openPersonalValue({ key, sessionId: 's1', sealed: payload })).toBe('jane@example.com')
  })

  it('reads nothing from edited or malformed bytes', async () => {
    const { key, payload } = await sealed()
    const flipped = `${payload.ciphertext.slice(0, -2)}${payload.ciphertext.endsWith('AA') ? 'BB' : 'AA'}`
    for (const edited of [
      { ...payload, ciphertext: flipped },
      { ...payload, iv: '!!!!' },
    ])
      expect(await openPersonalValue({ key, sessionId: 's1', sealed: edited })).toBeUndefined()
  })
})

describe('createMemoryPersonalValueKeyStore', () => {
  it('keeps one non-extractable key per session until deleted: the ledger still verifies, the value is shredded', async () => {
    const keys = createMemoryPersonalValueKeyStore()
    const [first, again] = await Promise.all([keys.getOrCreate('s1'), keys.getOrCreate('s1')])
    expect(first).toBe(again)
    expect(first.extractable).toBe(false)
    expect(first.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 })
    await expect(crypto.subtle.exportKey('raw', first)).rejects.toThrow()
    const ledger = createLedger()
    const payload = await sealPersonalValue({
      key: first,
      sessionId: 's1',
      placeholder: '[US_SSN_1]',
      detector: 'us-ssn',
      value: '536-22-1987',
    })
    await ledger.append('s1', { type: 'personal-value-sealed', payload })
    await keys.delete('s1')
    expect(await keys.get('s1')).toBeUndefined()
    const records = await ledger.records('s1')
    expect(await verifyLedger(records, { sessionId: 's1' })).toEqual({ valid: true })
    const stored = records[0]!.payload as SealedPersonalValue
    expect(stored.ciphertext).toBe(payload.ciphertext)
    expect(
      await openPersonalValue({ key: await keys.get('s1'), sessionId: 's1', sealed: stored }),
    ).toBeUndefined()
    // A new key for the same id (a session claimed again) opens nothing sealed before.
    const fresh = await keys.getOrCreate('s1')
    expect(await openPersonalValue({ key: fresh, sessionId: 's1', sealed: stored })).toBeUndefined()
  })

  it('forgets keys past their TTL and beyond its size, least recently used first', async () => {
    let now = 0
    const keys = createMemoryPersonalValueKeyStore({ ttlMs: 1000, maxSessions: 2, now: () => now })
    await keys.getOrCreate('a')
    await keys.getOrCreate('b')
    await keys.get('a')
    await keys.getOrCreate('c')
    expect(await keys.get('b')).toBeUndefined()
    expect(await keys.get('a')).toBeDefined()
    now = 5000
    expect(await keys.get('a')).toBeUndefined()
    expect(await keys.get('c')).toBeUndefined()
  })
})

describe('personal-value-sealed ledger event', () => {
  it('drops a stray plain value and rejects a malformed placeholder, algorithm or ciphertext', () => {
    const base = {
      placeholder: '[CREDIT_CARD_1]',
      detector: 'credit-card',
      algorithm: 'AES-GCM-256',
      iv: 'AAAAAAAAAAAAAAAA',
      ciphertext: 'abc_-',
    }
    const parse = (payload: object) =>
      ledgerEventSchema.safeParse({ type: 'personal-value-sealed', payload }).success
    expect(parse(base)).toBe(true)
    expect(parse({ ...base, value: card })).toBe(true)
    expect(
      ledgerEventSchema.parse({ type: 'personal-value-sealed', payload: { ...base, value: card } }).payload,
    ).not.toHaveProperty('value')
    expect(parse({ ...base, placeholder: 'CREDIT_CARD_1' })).toBe(false)
    expect(parse({ ...base, ciphertext: card })).toBe(false)
    expect(parse({ ...base, algorithm: 'none' })).toBe(false)
  })
})
