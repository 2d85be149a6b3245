import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { measureJsonBytes, utf8Length } from './measure-json-bytes.ts'

describe('utf8Length', () => {
  it('counts what TextEncoder writes, lone surrogates (U+FFFD) included', () => {
    const encoder = new TextEncoder()
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        expect(utf8Length(text)).toBe(encoder.encode(text).length)
      }),
    )
    for (const text of ['', 'a', 'é', '€', '😀', '\ud800', '\udc00x', '\ud83d\ud83d\ude00'])
      expect(utf8Length(text), JSON.stringify(text)).toBe(encoder.encode(text).length)
  })
})

describe('measureJsonBytes', () => {
  it("is the UTF-8 length of the value's JSON, and 0 for what JSON cannot write", () => {
    expect(measureJsonBytes({ a: 'é' })).toBe(new TextEncoder().encode('{"a":"é"}').length)
    expect(measureJsonBytes(undefined)).toBe(0)
    const cycle: Record<string, unknown> = {}
    cycle.self = cycle
    expect(measureJsonBytes(cycle)).toBe(0)
  })
})
