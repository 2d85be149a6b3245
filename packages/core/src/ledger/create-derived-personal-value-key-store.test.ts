import { describe, expect, it } from 'vitest'
import { createMemorySessionStore } from '../engine/create-memory-session-store.ts'
import type { SessionStore } from '../ports/ports.ts'
import {
  createDerivedPersonalValueKeyStore,
  personalValueSaltId,
} from './create-derived-personal-value-key-store.ts'
import { openPersonalValue } from './open-personal-value.ts'
import { sealPersonalValue } from './seal-personal-value.ts'

const secret = 'derived-key-test-secret-0123456789-abcdef'
const card = '4111 1111 1111 1111'

function seal(key: CryptoKey, sessionId: string) {
  return sealPersonalValue({
    key,
    sessionId,
    placeholder: '[CREDIT_CARD_1]',
    detector: 'credit-card',
    value: card,
  })
}

describe('createDerivedPersonalValueKeyStore', () => {
  it('gives two instances over one session store the same key: a value sealed by one opens in the other', async () => {
    const sessionStore = createMemorySessionStore()
    const first = createDerivedPersonalValueKeyStore({ secret, sessionStore })
    const second = createDerivedPersonalValueKeyStore({ secret, sessionStore })
    const sealed = await seal(await first.getOrCreate('s1'), 's1')
    expect(await openPersonalValue({ key: await second.get('s1'), sessionId: 's1', sealed })).toBe(card)
    expect(await openPersonalValue({ key: await second.getOrCreate('s1'), sessionId: 's1', sealed })).toBe(
      card,
    )
  })

  it('stores only a 32-byte salt, and derives non-extractable keys', async () => {
    const sessionStore = createMemorySessionStore()
    const keys = createDerivedPersonalValueKeyStore({ secret, sessionStore })
    const key = await keys.getOrCreate('s1')
    expect(key.extractable).toBe(false)
    expect(key.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 })
    const stored = await sessionStore.get(personalValueSaltId('s1'))
    expect(stored?.state).toEqual({ personalValueSalt: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) })
    expect(await sessionStore.get('s1')).toBeUndefined()
  })

  it('opens nothing with another secret, another session id or another salt', async () => {
    const sessionStore = createMemorySessionStore()
    const keys = createDerivedPersonalValueKeyStore({ secret, sessionStore })
    const sealed = await seal(await keys.getOrCreate('s1'), 's1')
    const rotated = createDerivedPersonalValueKeyStore({ secret: `${secret}-rotated`, sessionStore })
    expect(await openPersonalValue({ key: await rotated.get('s1'), sessionId: 's1', sealed })).toBeUndefined()
    // The salt copied onto another session id derives another key (the id is in HKDF's info).
    const salt = await sessionStore.get(personalValueSaltId('s1'))
    await sessionStore.put(personalValueSaltId('s2'), salt?.state, 0)
    const other = await keys.get('s2')
    expect(other).toBeDefined()
    const moved = await seal(other!, 's1')
    expect(
      await openPersonalValue({ key: await keys.get('s1'), sessionId: 's1', sealed: moved }),
    ).toBeUndefined()
  })

  it('shreds on delete: the salt is gone, and a new key for the same id opens nothing sealed before', async () => {
    const sessionStore = createMemorySessionStore()
    const keys = createDerivedPersonalValueKeyStore({ secret, sessionStore })
    const sealed = await seal(await keys.getOrCreate('s1'), 's1')
    await createDerivedPersonalValueKeyStore({ secret, sessionStore }).delete('s1')
    expect(await sessionStore.get(personalValueSaltId('s1'))).toBeUndefined()
    expect(await keys.get('s1')).toBeUndefined()
    const fresh = await keys.getOrCreate('s1')
    expect(await openPersonalValue({ key: fresh, sessionId: 's1', sealed })).toBeUndefined()
  })

  it('agrees on one salt when 20 first uses race on two instances', async () => {
    const sessionStore = createMemorySessionStore()
    const stores = [
      createDerivedPersonalValueKeyStore({ secret, sessionStore }),
      createDerivedPersonalValueKeyStore({ secret, sessionStore }),
    ]
    const keys = await Promise.all(
      Array.from({ length: 20 }, (_, index) => stores[index % 2]!.getOrCreate('race')),
    )
    const sealed = await seal(keys[0]!, 'race')
    const opened = await Promise.all(keys.map((key) => openPersonalValue({ key, sessionId: 'race', sealed })))
    expect(opened).toEqual(Array(20).fill(card))
  })

  it('renews the salt record on use, and never writes it back after a delete that raced the read', async () => {
    const memory = createMemorySessionStore()
    let deleteBetweenReadAndWrite = false
    const sessionStore: SessionStore = {
      async get(id) {
        const stored = await memory.get(id)
        if (deleteBetweenReadAndWrite) await memory.delete(id)
        return stored
      },
      put: (id, state, version) => memory.put(id, state, version),
      delete: (id) => memory.delete(id),
    }
    const keys = createDerivedPersonalValueKeyStore({ secret, sessionStore })
    await keys.getOrCreate('s1')
    const before = await memory.get(personalValueSaltId('s1'))
    await keys.get('s1')
    const after = await memory.get(personalValueSaltId('s1'))
    expect(after?.state).toEqual(before?.state)
    expect(after?.version).toBe((before?.version ?? 0) + 1)
    deleteBetweenReadAndWrite = true
    await keys.get('s1')
    expect(await memory.get(personalValueSaltId('s1'))).toBeUndefined()
  })

  it('refuses a short secret and a malformed salt record with stable codes', async () => {
    const sessionStore = createMemorySessionStore()
    expect(() => createDerivedPersonalValueKeyStore({ secret: 'short', sessionStore })).toThrowError(
      expect.objectContaining({ code: 'invalid-argument' }),
    )
    await sessionStore.put(personalValueSaltId('s1'), { personalValueSalt: 'not a salt' }, 0)
    const keys = createDerivedPersonalValueKeyStore({ secret, sessionStore })
    await expect(keys.get('s1')).rejects.toMatchObject({ code: 'invalid-stored-value' })
    await expect(keys.getOrCreate('s1')).rejects.toMatchObject({ code: 'invalid-stored-value' })
  })
})
