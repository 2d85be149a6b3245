import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { toJsonData } from './to-json-data.ts'

const jsonish = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.jsonValue({ maxDepth: 2 }),
    fc.constantFrom(undefined, Number.NaN, Number.POSITIVE_INFINITY, -0),
    fc.date({ noInvalidDate: true }),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string(), tie('value'), { maxKeys: 4 }),
  ),
})).value

describe('toJsonData', () => {
  it('returns what a JSON.stringify / JSON.parse round trip returns', () => {
    fc.assert(
      fc.property(jsonish, (value) => {
        const text = JSON.stringify(value)
        expect(toJsonData(value)).toEqual(text === undefined ? undefined : JSON.parse(text))
      }),
    )
  })

  it('applies toJSON with the member key, unwraps boxed primitives and keeps a __proto__ member as data', () => {
    const withKey = { toJSON: (key: string) => `key:${key}` }
    const value = JSON.parse('{"__proto__":{"x":1}}') as Record<string, unknown>
    value.list = [withKey, Object(2), undefined, () => 1]
    value.named = withKey
    const converted = toJsonData(value) as Record<string, unknown>
    expect(converted).toEqual(JSON.parse(JSON.stringify(value)))
    expect(Object.getPrototypeOf(converted)).toBe(Object.prototype)
    expect(Object.keys(converted)).toEqual(['__proto__', 'list', 'named'])
  })

  it('refuses cycles and bigints, as JSON.stringify does, with an invalid-argument FocalError', () => {
    const cyclic: Record<string, unknown> = { a: 1 }
    cyclic.self = { again: cyclic }
    expect(() => toJsonData(cyclic)).toThrow(expect.objectContaining({ code: 'invalid-argument' }))
    expect(() => toJsonData({ big: 1n })).toThrow(expect.objectContaining({ code: 'invalid-argument' }))
    const shared = { x: 1 }
    expect(toJsonData({ a: shared, b: [shared] })).toEqual({ a: { x: 1 }, b: [{ x: 1 }] })
  })
})
