import { describe, expect, it } from 'vitest'
import { base64UrlToBytes, bytesToBase64Url } from './index.ts'

// One base64url for the packages, exported from `@focal/core/ledger`: the widget's claim keys and
// the edge's claim epochs used copies of their own.
describe('bytesToBase64Url', () => {
  it('writes unpadded base64url that reads back to the same bytes', () => {
    const bytes = new Uint8Array([251, 255, 191, 0, 62, 63, 1])
    const text = bytesToBase64Url(bytes)
    expect(text).toBe('-_-_AD4_AQ')
    expect(base64UrlToBytes(text)).toEqual(bytes)
  })

  it('writes 32 random bytes as the 43 characters a claim key is', () => {
    expect(bytesToBase64Url(crypto.getRandomValues(new Uint8Array(32)))).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })
})
