import { describe, expect, it } from 'vitest'
import { numberTens, numberUnits } from '../text/index.ts'
import {
  amountScales,
  amountWords,
  centWords,
  currencySignClass,
  currencyWords,
  longestFirst,
  percentWords,
  spelledAmountCurrencies,
} from './amount-vocabulary.ts'

describe('amount vocabulary', () => {
  it('holds back every word the amount readers read as part of an amount', () => {
    // Derived from the readers' own lists, not a copy of them: a scale or currency word added to
    // the vocabulary is held back by the streamed draft judge with no test to edit.
    const read = [
      ...numberUnits,
      ...numberTens,
      ...Object.keys(amountScales),
      ...centWords,
      ...spelledAmountCurrencies,
      ...percentWords.flatMap((words) => words.split(' ')),
      ...Object.keys(currencyWords).flatMap((word) => word.split(' ')),
    ]
    expect(read.filter((word) => !amountWords.has(word))).toEqual([])
    // And the words that join a number's words ("a hundred", "seventy and").
    for (const word of ['hundred', 'billion', 'a', 'an', 'and'])
      expect(amountWords.has(word), word).toBe(true)
  })

  it('reads the six currency signs, and alternatives longest first', () => {
    expect(currencySignClass).toBe('$€£¥₹₩')
    expect(longestFirst(['euro', 'euros', 'dollar'])).toBe('dollar|euros|euro')
  })
})
