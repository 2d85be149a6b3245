import { describe, expect, it } from 'vitest'
import { amountWords, currencySignClass, currencyWords, longestFirst } from './amount-vocabulary.ts'

describe('amount vocabulary', () => {
  it('holds the words the streamed draft judge held back before it was one definition', () => {
    const before = [
      ...(
        'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen ' +
        'sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety ' +
        'hundred thousand million billion grand k m a an and cent cents dollar dollars buck bucks euro ' +
        'euros pound pounds percent per'
      ).split(' '),
      ...Object.keys(currencyWords).flatMap((word) => word.split(' ')),
    ]
    expect([...amountWords].sort()).toEqual([...new Set(before)].sort())
  })

  it('reads the six currency signs, and alternatives longest first', () => {
    expect(currencySignClass).toBe('$€£¥₹₩')
    expect(longestFirst(['euro', 'euros', 'dollar'])).toBe('dollar|euros|euro')
  })
})
