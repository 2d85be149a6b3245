import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { matchEvery } from './match-every.ts'

const patterns = [/\d+/g, /a*/g, /(?:)/gu, /\b\w/giu, /x?/g]

describe('matchEvery', () => {
  it('finds exactly what String.prototype.matchAll finds, empty matches and surrogate pairs included', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 20 }),
        fc.constantFrom(...patterns),
        (text, regex) => {
          const expected = [...text.matchAll(regex)].map((match) => [match.index, match[0]])
          expect(matchEvery(regex, text).map((match) => [match.index, match[0]])).toEqual(expected)
        },
      ),
    )
  })

  it('leaves a shared regex reusable: lastIndex is back at 0', () => {
    const shared = /o/g
    expect(matchEvery(shared, 'foo')).toHaveLength(2)
    expect(shared.lastIndex).toBe(0)
    expect(matchEvery(shared, 'o')).toHaveLength(1)
  })
})
