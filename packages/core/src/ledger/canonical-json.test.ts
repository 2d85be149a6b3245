import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { canonicalJson } from './canonical-json.ts'

describe('canonicalJson', () => {
  it('sorts keys at every depth and writes no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: true, y: null }], c: 'x' } })).toBe(
      '{"a":{"c":"x","d":[3,{"y":null,"z":true}]},"b":1}',
    )
  })

  it('writes strings and numbers as JSON.stringify does, drops undefined members and nulls undefined items', () => {
    expect(canonicalJson({ text: 'é "q" \\ \n', n: 1e21, small: 0.1, negative: -0, gone: undefined })).toBe(
      '{"n":1e+21,"negative":0,"small":0.1,"text":"é \\"q\\" \\\\ \\n"}',
    )
    expect(canonicalJson([undefined, Number.NaN, Number.POSITIVE_INFINITY])).toBe('[null,null,null]')
    expect(canonicalJson(new Date(Date.UTC(2026, 0, 1)))).toBe('"2026-01-01T00:00:00.000Z"')
  })

  it('orders integer-like and __proto__ keys by code units too, not as the engine stores them', () => {
    const object = JSON.parse('{"b":1,"10":2,"2":3,"__proto__":4,"a":5}') as unknown
    expect(canonicalJson(object)).toBe('{"10":2,"2":3,"__proto__":4,"a":5,"b":1}')
    expect(canonicalJson({ nested: [{ 1: 'x', 0: 'y', z: 1n }] })).toBe(
      '{"nested":[{"0":"y","1":"x","z":"1"}]}',
    )
  })

  it('is the same for equal values whatever their key order, and survives a JSON round trip', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const roundTripped = JSON.parse(JSON.stringify(value)) as unknown
        expect(canonicalJson(roundTripped)).toBe(canonicalJson(value))
        expect(JSON.parse(canonicalJson(value))).toEqual(roundTripped)
      }),
    )
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.integer()), (object) => {
        const reversed = Object.fromEntries(Object.entries(object).reverse())
        expect(canonicalJson(reversed)).toBe(canonicalJson(object))
      }),
    )
  })

  it('equals a naive recursive sort-and-write for any JSON value, sorted or not, at any depth', () => {
    const naive = (value: unknown): string => {
      if (Array.isArray(value)) return `[${value.map(naive).join(',')}]`
      if (typeof value !== 'object' || value === null) return JSON.stringify(value)
      const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      return `{${entries.map(([key, member]) => `${JSON.stringify(key)}:${naive(member)}`).join(',')}}`
    }
    const sortedAtTop = fc
      .dictionary(fc.string(), fc.jsonValue())
      .map((object) => Object.fromEntries(Object.entries(object).sort(([a], [b]) => (a < b ? -1 : 1))))
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), sortedAtTop), (value) => {
        expect(canonicalJson(value)).toBe(naive(value))
      }),
      { numRuns: 500 },
    )
  })
})
