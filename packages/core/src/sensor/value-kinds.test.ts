import { describe, expect, it } from 'vitest'
import { valueKinds } from './value-kinds.ts'

describe('valueKinds', () => {
  it('reads a time of day in the ways people write one', () => {
    for (const text of [
      'at 10:15 am',
      'leaving 07:15',
      '5pm please',
      'around half past 1 in the afternoon',
      'at morning 8',
      "seven o'clock",
      'at noon',
      'a quarter to six',
    ])
      expect(valueKinds(text), text).toContain('~time')
  })

  it('reads a count in digits or words, but not a date, a time or the pronoun "one"', () => {
    for (const text of [
      'I need 4.',
      'Two.',
      'for three people',
      'a table for 2',
      'twenty-five tickets',
      'a dozen roses',
    ])
      expect(valueKinds(text), text).toEqual(['~quantity'])
    for (const text of ['on the 4th', 'March 2nd', 'at 4:30', 'that one sounds good', 'Find me a bus', ''])
      expect(valueKinds(text), text).not.toContain('~quantity')
    expect(valueKinds('2 tickets at 9:30 am')).toEqual(['~time', '~quantity'])
  })
})
