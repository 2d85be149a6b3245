import { describe, expect, it } from 'vitest'
import { FocalError } from '../errors/focal-error.ts'
import { createLedger } from './create-ledger.ts'
import { importLedgerKey } from './import-ledger-key.ts'

function thrown(run: () => unknown): FocalError {
  try {
    run()
  } catch (error) {
    if (FocalError.isInstance(error)) return error
    throw error
  }
  throw new Error('expected a FocalError')
}

describe('importLedgerKey', () => {
  it('rejects a secret shorter than 32 bytes with an invalid-argument error naming the option', () => {
    const error = thrown(() => createLedger({ key: 'x'.repeat(31) }))
    expect(error.code).toBe('invalid-argument')
    expect(error.message).toBe('createLedger: option "key" needs at least 32 bytes (got 31)')
    expect(thrown(() => createLedger({ key: new Uint8Array(16) })).message).toContain('(got 16)')
  })

  it('counts a string secret in UTF-8 bytes', async () => {
    // '€' is 3 bytes in UTF-8: 10 of them are 30 bytes, 11 are 33.
    expect(thrown(() => importLedgerKey('€'.repeat(10), 'option "k"')).message).toContain('(got 30)')
    expect((await importLedgerKey('€'.repeat(11), 'option "k"')).algorithm.name).toBe('HMAC')
  })

  it('imports a secret as a non-extractable HMAC SHA-256 signing key', async () => {
    const key = await importLedgerKey(new Uint8Array(32).fill(7), 'option "k"')
    expect(key.extractable).toBe(false)
    expect(key.usages).toEqual(['sign'])
    expect(key.algorithm).toMatchObject({ name: 'HMAC', hash: { name: 'SHA-256' }, length: 256 })
  })

  it('takes an HMAC SHA-256 CryptoKey as it is and rejects a short, foreign or verify-only one', async () => {
    const good = await crypto.subtle.generateKey({ name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
    expect(await importLedgerKey(good, 'option "k"')).toBe(good)
    const hmac = (bytes: number, usages: KeyUsage[], hash = 'SHA-256') =>
      crypto.subtle.importKey('raw', new Uint8Array(bytes).fill(1), { name: 'HMAC', hash }, false, usages)
    const aes = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt'])
    expect(thrown(() => importLedgerKey(aes, 'option "k"')).message).toBe(
      'option "k" must be an HMAC SHA-256 CryptoKey, not AES-GCM',
    )
    const [sha512, short, verifyOnly] = await Promise.all([
      hmac(32, ['sign'], 'SHA-512'),
      hmac(16, ['sign']),
      hmac(32, ['verify']),
    ])
    expect(thrown(() => importLedgerKey(sha512, 'option "k"')).message).toBe(
      'option "k" must be an HMAC SHA-256 CryptoKey, not HMAC SHA-512',
    )
    expect(thrown(() => importLedgerKey(short, 'option "k"')).message).toBe(
      'option "k" needs at least 32 bytes (got 16)',
    )
    expect(thrown(() => importLedgerKey(verifyOnly, 'option "k"')).message).toBe(
      'option "k" must be a CryptoKey with the "sign" usage',
    )
  })
})
