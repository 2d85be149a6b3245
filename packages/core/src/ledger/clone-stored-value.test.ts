import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { cloneStoredValue } from './clone-stored-value.ts'

describe('cloneStoredValue', () => {
  it('returns an equal, fully independent copy of JSON data', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const copy = cloneStoredValue(value)
        expect(copy).toEqual(structuredClone(value))
        const snapshot = JSON.stringify(value)
        if (copy !== null && typeof copy === 'object') {
          for (const key of Object.keys(copy)) (copy as Record<string, unknown>)[key] = 'edited'
          expect(JSON.stringify(value)).toBe(snapshot)
        }
      }),
    )
  })

  it('copies what structuredClone copies beyond plain data: dates, maps, cycles, undefined, bigint', () => {
    const cyclic: Record<string, unknown> = {
      when: new Date(0),
      map: new Map([['k', 1]]),
      gone: undefined,
      n: 2n,
    }
    cyclic.self = cyclic
    const copy = cloneStoredValue(cyclic)
    expect(copy).not.toBe(cyclic)
    expect(copy.self).toBe(copy)
    expect(copy.when).toEqual(new Date(0))
    expect(copy.when).not.toBe(cyclic.when)
    expect(copy.map).toEqual(new Map([['k', 1]]))
    expect('gone' in copy && copy.n === 2n).toBe(true)
  })

  it('keeps a __proto__ member as data and refuses functions like structuredClone does', () => {
    const value = JSON.parse('{"__proto__":{"polluted":true}}') as Record<string, unknown>
    const copy = cloneStoredValue(value)
    expect(Object.keys(copy)).toEqual(['__proto__'])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(() => cloneStoredValue({ run: () => 1 })).toThrow()
  })
})
