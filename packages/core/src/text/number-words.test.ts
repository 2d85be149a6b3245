import { describe, expect, it } from 'vitest'
import { numberWordPattern, parseNumberWord } from './number-words.ts'

describe('parseNumberWord', () => {
  it.each([
    ['zero', 0],
    ['seven', 7],
    ['Seventeen', 17],
    ['twenty', 20],
    ['twenty-five', 25],
    ['ninety nine', 99],
    ['dozen', 12],
    ['hundred', 100],
    ['24', 24],
    ['1,500', 1500],
  ])('reads %s as %d', (word, value) => {
    expect(parseNumberWord(word)).toBe(value)
  })

  it.each(['a', 'few', 'twenty-ten', 'twenty-five-six', 'seventy zero', '1,50', 'constructor', ''])(
    'is not a number: %j',
    (word) => {
      expect(parseNumberWord(word)).toBeUndefined()
    },
  )

  it('matches whole number words, the longest first', () => {
    const pattern = new RegExp(`\\b(?:${numberWordPattern})\\b`, 'giu')
    expect('seventeen items, twenty-five days and ninety nine problems'.match(pattern)).toEqual([
      'seventeen',
      'twenty-five',
      'ninety nine',
    ])
    for (const match of 'one two twelve forty-two dozen'.match(pattern) ?? [])
      expect(parseNumberWord(match)).toBeTypeOf('number')
  })
})
