import { describe, expect, it } from 'vitest'
import { extractMoney, totalWithoutCurrency } from '../sensor/extract-money.ts'
import { amountScales } from './amount-vocabulary.ts'
import { checkExpression, compileExpression } from './compile-expression.ts'
import { extractMoneyMentions } from './extract-money-mentions.ts'
import { extractResponseVariables } from './extract-response-variables.ts'

const amounts = (text: string) => extractMoneyMentions(text).map((money) => [money.amount, money.currency])

describe('extractMoneyMentions', () => {
  it("never reads a user's amount short: part of a longer number is no amount, cents count", () => {
    const read = (text: string) => extractMoney(text).map((money) => money.value)
    // A thousands group, a European grouping or three decimals: asked about, never $1.20 or $200.
    for (const text of ['$1.200', '1 200 $', "1'200 $", '1\u202f200 €', '$49.999', '20-30 dollars'])
      expect(read(`the total was ${text}`), text).toEqual([])
    // A bound, an estimate or a total without its parts is no amount (session 45's attack review).
    for (const text of [
      'over $500',
      'a bit over $500',
      '$500+',
      '$500-something',
      'at least $500',
      '$499.99 + tax',
      '$499 excl. VAT',
      '$499.99 (tax not included)',
    ])
      expect(read(`the total was ${text}`), text).toEqual([])
    // Only the words themselves: "recover $20" is $20.
    expect(read('I want to recover $20')).toEqual([20])
    // A part added to an amount leaves no amount; a part said of the order leaves the order's.
    for (const text of [
      'it cost $450, with tax $510',
      'the total was $450 and tax was $60',
      '$40 plus $40 shipping',
    ])
      expect(read(text), text).toEqual([])
    expect(read('$20 shipping on a $620 order')).toEqual([20, 620])
    // Other currencies' names and codes are no US dollars.
    const currency = (text: string) => extractMoney(text).map((money) => money.currency)
    for (const [text, code] of [
      ['450 quid', 'GBP'],
      ['450 sterling', 'GBP'],
      ['480 Swiss francs', 'CHF'],
      ['200 KWD', 'KWD'],
      ['KWD 200', 'KWD'],
    ] as const)
      expect(currency(text), text).toEqual([code])
    // An id's digits before the space are no part of it: "NW-1001 20 bucks" is $20 for NW-1001.
    expect(read('NW-1001 20 bucks')).toEqual([20])
    expect(read('NW1001 20 dollars')).toEqual([20])
    expect(read('1 200 dollars')).toEqual([])
    expect(read('twenty dollars and fifty cents')).toEqual([20.5])
    expect(read('20 dollars and 5 cents')).toEqual([20.05])
    expect(read('twenty dollars and a few cents')).toEqual([])
    // Cents of something else after a comma are no part of the amount; 100 cents are no cents.
    expect(read('refund $20, 5 cents of tax')).toEqual([20])
    expect(read('$20 and 100 cents')).toEqual([])
    expect(read('$1,200.50 and 75 €')).toEqual([1200.5, 75])
    // A total without a currency: "1.2k" is 1,200 (it was 1.2); "1 200" and "1'200" are asked about.
    expect(totalWithoutCurrency('the total was 1.2k')).toBe(1200)
    expect(totalWithoutCurrency('the total was 1 200')).toBeUndefined()
    expect(totalWithoutCurrency("the total was 1'200")).toBeUndefined()
    expect(totalWithoutCurrency('I paid 45.50')).toBe(45.5)
  })

  it('reads a total without a currency with every scale of the amount vocabulary', () => {
    // The sensor's total had its own scales: "the total was 2 million" was 2, "2m" no total.
    for (const [word, scale] of Object.entries(amountScales)) {
      // A one-letter scale apart from the digits is a word of its own ("I paid 40 m ago").
      expect(totalWithoutCurrency(`the total was 2 ${word}`), word).toBe(word.length === 1 ? 2 : 2 * scale)
      expect(totalWithoutCurrency(`the total was 2${word}.`), word).toBe(2 * scale)
      // Each reads as the reply's parser reads the amount with a currency.
      expect(amounts(`$2 ${word}`), word).toEqual([[2 * scale, 'USD']])
    }
    // "Grand" ends the amount in both: the "2 grand opening" is 2.
    expect(totalWithoutCurrency('the total was 2 grand opening items')).toBe(2)
    expect(totalWithoutCurrency('the total was 2 grand for it')).toBe(2000)
    expect(totalWithoutCurrency('I paid 40 m ago')).toBe(40)
    expect(totalWithoutCurrency('it cost 5 m')).toBe(5)
    expect(totalWithoutCurrency('it cost 5m')).toBe(5_000_000)
  })

  it('reads symbols, codes, words, thousands separators and scales', () => {
    expect(amounts('US$5, $1,234.56, USD 200, 40 euros, £3, €2.5k')).toEqual([
      [5, 'USD'],
      [1234.56, 'USD'],
      [200, 'USD'],
      [40, 'EUR'],
      [3, 'GBP'],
      [2500, 'EUR'],
    ])
  })

  it('reads a scale only as a whole word: "$5 more" is five dollars, not five million', () => {
    expect(amounts('I refunded $5 more to you')).toEqual([[5, 'USD']])
    expect(amounts('$2 million and $3m')).toEqual([
      [2_000_000, 'USD'],
      [3_000_000, 'USD'],
    ])
  })

  it('applies scales after currency codes and before currency words', () => {
    expect(amounts('USD 5k, 5k dollars, 2 thousand euros')).toEqual([
      [5000, 'USD'],
      [5000, 'USD'],
      [2000, 'EUR'],
    ])
  })

  it('reads digits with "hundred" as the hundreds they say, never as the digits alone (rv52 F6-F8)', () => {
    // "6 hundred" was $6 (a cancellation under the approval threshold), "6 hundred and 20
    // dollars" $20, "1 hundred bucks" $1 (a refund under the cap).
    expect(totalWithoutCurrency('cancel NW-2002, total was 6 hundred')).toBe(600)
    expect(extractMoney('total 6 hundred and 20 dollars').map(({ value }) => value)).toEqual([620])
    expect(extractMoney('I paid 1 hundred bucks for NW-1001').map(({ value }) => value)).toEqual([100])
    expect(extractMoney('1 thousand 2 hundred dollars').map(({ value }) => value)).toEqual([1200])
    expect(amounts('$5 hundred, 3 hundred euros')).toEqual([
      [500, 'USD'],
      [300, 'EUR'],
    ])
    // Digits alone before a currency word stay the digit parser's, and words after them are read.
    expect(extractMoney('NW-1001 20 bucks').map(({ value }) => value)).toEqual([20])
    expect(amounts('$20\n- five dollars')).toEqual([
      [20, 'USD'],
      [5, 'USD'],
    ])
    // A run of words never reaches past a currency word to the next one.
    expect(amounts('twenty dollars and fifty cents refunded forty euros')).toEqual([
      [20.5, 'USD'],
      [40, 'EUR'],
    ])
    expect(extractMoney('20 dollars and 50 cents').map(({ value }) => value)).toEqual([20.5])
  })

  it('keeps the matched text and its offset', () => {
    const [mention] = extractMoneyMentions('Total: 1,200.50 EUR today')
    expect(mention).toMatchObject({ amount: 1200.5, currency: 'EUR', text: '1,200.50 EUR', index: 7 })
  })

  it('marks an amount named as a limit ("up to $50", "capped at $50", "more than fifty dollars")', () => {
    const limits = (text: string) =>
      extractMoneyMentions(text).map((mention) => [mention.amount, mention.limit ?? false])
    expect(limits("I can't refund $40 here: refunds are capped at $50 per order.")).toEqual([
      [40, false],
      [50, true],
    ])
    expect(limits('up to $50, no more than €60, under 70 dollars, a maximum of fifty dollars')).toEqual([
      [50, true],
      [60, true],
      [70, true],
      [50, true],
    ])
    // A lower bound is the least the reply commits to, an amount given ("at least $45 more"); it
    // names a limit only as the threshold of a class ("refunds of more than $50", "anything over $50").
    expect(limits("I've refunded $45 today and will refund at least $45 more once it arrives.")).toEqual([
      [45, false],
      [45, false],
    ])
    expect(limits('Your refund of $40 is done, and a second refund of over $40 follows.')).toEqual([
      [40, false],
      [40, false],
    ])
    expect(
      limits('refunds of more than $50 go to billing; orders over $100 ship free; anything above $20 waits'),
    ).toEqual([
      [50, true],
      [100, true],
      [20, true],
    ])
    expect(limits('I refunded $40 and another $40')).toEqual([
      [40, false],
      [40, false],
    ])
    // Named the limit after it (session 70's blind drafts: the $50 was added to the $35 refunded).
    expect(limits("$50 is the most I can refund in chat, so I've refunded $35 for NW-1001.")).toEqual([
      [50, true],
      [35, false],
    ])
    expect(limits('Fifty dollars was our cap; I refunded $30, which is the most today.')).toEqual([
      [50, true],
      [30, false],
    ])
  })

  it('is the parser the sensor uses, so user and reply amounts agree', () => {
    const text = 'refund $80 of the €3.5k order, or 12 dollars'
    expect(extractMoney(text).map((money) => [money.value, money.currency])).toEqual(amounts(text))
  })

  it('reads a dot-grouped amount in another currency than the dollar as thousands, user and reply alike', () => {
    const read = (text: string) => extractMoney(text).map((money) => [money.value, money.currency])
    for (const [text, value, currency] of [
      ['1.000 €', 1000, 'EUR'],
      ['€1.000', 1000, 'EUR'],
      ['2.500 EUR', 2500, 'EUR'],
      ['EUR 2.500', 2500, 'EUR'],
      ['2.500 euros', 2500, 'EUR'],
      ['1.234,56 €', 1234.56, 'EUR'],
      ['€1.000.000', 1_000_000, 'EUR'],
      ['it was 1.000€.', 1000, 'EUR'],
    ] as const) {
      expect(read(text), text).toEqual([[value, currency]])
      expect(amounts(text), text).toEqual([[value, currency]])
    }
    // In dollars a dot-grouped amount is still asked about in a user's message (never $1 or $1.20).
    for (const text of ['$1.200', '1.000 dollars', 'A$1.000', '$49.999']) expect(read(text), text).toEqual([])
    expect(read('$1.20')).toEqual([[1.2, 'USD']])
  })

  it('does not let "$5 more" trip a $50 refund cap', () => {
    const variables = extractResponseVariables("I've refunded $5 more to your card", [
      { name: 'refund_amount', kind: 'money', label: 'refund' },
    ])
    expect(variables.refund_amount).toBe(5)
    expect(checkExpression(compileExpression('refund_amount <= 50'), variables)).toEqual({ type: 'passed' })
  })
})

describe('other dollars', () => {
  it.each([
    ['refund A$30 on NW-1001', 'AUD'],
    ['C$ 12.50', 'CAD'],
    ['NZ$100', 'NZD'],
    ['it was S$20', 'SGD'],
    ['US$5', 'USD'],
    ['$40', 'USD'],
  ])('reads %s in its own currency (%s)', (text, currency) => {
    expect(extractMoneyMentions(text).map((mention) => mention.currency)).toEqual([currency])
  })
})
