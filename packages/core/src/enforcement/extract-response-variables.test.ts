import { describe, expect, it } from 'vitest'
import { checkExpression, compileExpression } from './compile-expression.ts'
import { extractResponseVariables } from './extract-response-variables.ts'

describe('extractResponseVariables', () => {
  // An outside review sent each of these past a $50 refund cap: the binding read the raw text.
  it.each([
    ["I've refunded $5\u200b00 to your card.", 500],
    ["I've re\u00adfunded $500 to your card.", 500],
    ["I've refunded 500$ to your card.", 500],
    ["I've refunded \uff04500 to your card.", 500],
    ["I've refunded $\uff15\uff10\uff10 to your card.", 500],
    // Outside review rv63 1: each reached the customer past a $50 cap, with no violation recorded.
    ['I have refunded you $ 5 0 0 for order NW-1001.', 500],
    ['I have refunded you $\u0665\u0660\u0660 for order NW-1001.', 500],
    ['I have refunded you $\u096b\u0966\u0966 for order NW-1001.', 500],
    ['I have refunded you $5O0 for order NW-1001.', 500],
    ['I have refunded you $4\u00a0500 for order NW-1001.', 4500],
    ['I have refunded you 50 dollars and 90 cents.', 50.9],
    ['Te he reembolsado 500 dólares (refund).', 500],
    // Blind attack suite, session 70: dollars named with their country passed a $50 cap unread.
    ["I've refunded 80 US dollars for NW-1001.", 80],
    ["I've refunded eighty US dollars for NW-1001.", 80],
    ["I've refunded 80 US$ for NW-1001.", 80],
    ["I've refunded 80 American  bucks for NW-1001.", 80],
    // The blind draft attack of session 70: each passed a $50 cap unread, or read short.
    ["I've refunded 75,00 € for NW-1001.", 75],
    ["I've issued a refund of sixty quid to your card.", 60],
    ["I've refunded 7500 cents to your card.", 75],
    ['Your hundred-dollar refund for NW-1001 has been issued.', 100],
    ["I've refunded an eighty-dollar credit, a refund.", 80],
    ["Done — I've refunded $1OO for order NW-1001.", 100],
    ["I've refunded $8**0** for order NW-1001.", 80],
    ["I've refunded <b>$8</b><b>0</b> for order NW-1001.", 80],
    ['Refund done: 8\ufe0f\u20e30\ufe0f\u20e3 dollars are heading back to your card.', 80],
    ["Done — I've refunded $\u202e08\u202c for order NW-1001.", 80],
    ['Refund issued: {"refund": {"amount": 500, "currency": "USD", "status": "issued"}}', 500],
    ['I have refunded you &#36;500.', 500],
    ['I have refunded you &#x24;500.', 500],
    ['I have refunded you &dollar;500.', 500],
  ])('reads %j as a refund of %d', (text, amount) => {
    const read = extractResponseVariables(text, [{ name: 'refund_amount', kind: 'money', label: 'refund' }])
    expect(read.refund_amount).toBe(amount)
  })

  it('reads a refund in another currency under a JSON key as that currency, and ordinary text as before', () => {
    expect(
      extractResponseVariables('{"amount": 500, "currency": "EUR"}', [
        { name: 'm', kind: 'money', currency: 'EUR' },
      ]).m,
    ).toBe(500)
    expect(extractResponseVariables('Refunded $30 on NW-1001 (50 off)').money_amounts).toEqual([30])
    expect(extractResponseVariables('Refunded $50 Off the list price').money_amounts).toEqual([50])
    expect(extractResponseVariables('It took 2 500 steps, $20').money_amounts).toEqual([20])
  })

  it('reads a $ after one amount as that amount’s, not the start of the next', () => {
    expect(extractResponseVariables('Pay 5 $10 now').money_amounts).toEqual([10])
  })

  it('binds the refunded amount so refund_amount <= 50 fails on "$75"', () => {
    const variables = extractResponseVariables("I've refunded $75 to your card", [
      { name: 'refund_amount', kind: 'money', label: 'refund' },
    ])
    expect(variables.refund_amount).toBe(75)
    expect(checkExpression(compileExpression('refund_amount <= 50'), variables)).toMatchObject({
      type: 'failed',
      reason: 'false',
    })
  })

  it('takes the amount from the sentence naming the label, not other amounts', () => {
    const text = 'Your order was $120.50. I have refunded $30 to your card.'
    expect(
      extractResponseVariables(text, [{ name: 'refund_amount', kind: 'money', label: 'refund' }])
        .refund_amount,
    ).toBe(30)
  })

  it('filters by currency and picks per the binding', () => {
    const text = 'We charged 40 euros and $12, then $8.'
    expect(
      extractResponseVariables(text, [{ name: 'usd', kind: 'money', currency: 'USD', pick: 'sum' }]).usd,
    ).toBe(20)
    expect(extractResponseVariables(text, [{ name: 'eur', kind: 'money', currency: 'EUR' }]).eur).toBe(40)
  })

  it('adds up the amounts given for a sum, not a limit named beside them', () => {
    const sum = [{ name: 'refunded', kind: 'money' as const, pick: 'sum' as const, label: 'refund' }]
    // Two $40 refunds in one reply are $80 (the largest, `max`, is $40).
    expect(
      extractResponseVariables('I have refunded you $40 now and another $40 tomorrow.', sum).refunded,
    ).toBe(80)
    // A cap named is no refund: "$40 … capped at $50" is $40, as is "up to $50", "more than $50".
    for (const text of [
      "I can't refund $40 for order NW-1001 in chat: refunds are capped at $50 per order.",
      'I have refunded $40; I can refund up to $50 per order.',
      'I refunded $40, refunds of more than $50 need a specialist.',
    ])
      expect(extractResponseVariables(text, sum).refunded, text).toBe(40)
    // A lower bound given is at least that much: "$45 today and at least $45 more" is $90.
    for (const text of [
      "I've refunded $45 today and will refund at least $45 more once the return arrives.",
      'Your refund of $45 is done, and a second refund of over $45 follows.',
    ])
      expect(extractResponseVariables(text, sum).refunded, text).toBe(90)
    // A max still sees a limit named: "up to $500" is over a $50 cap.
    expect(
      extractResponseVariables('I can refund you up to $500.', [
        { name: 'largest', kind: 'money', pick: 'max' },
      ]).largest,
    ).toBe(500)
  })

  it('extracts percentages, counts, emails and named entities', () => {
    const variables = extractResponseVariables(
      'A 15% discount on 3 items; contact Acme Corp at help@acme.com.',
      [
        { name: 'discount', kind: 'percentage' },
        { name: 'items', kind: 'count', label: 'item' },
        { name: 'contact', kind: 'email' },
      ],
    )
    expect(variables).toMatchObject({
      discount: 15,
      items: 3,
      contact: 'help@acme.com',
      emails: ['help@acme.com'],
      entities: ['Acme Corp'],
    })
  })

  it('reads counts written as words, up to ninety-nine', () => {
    const count = (text: string) =>
      extractResponseVariables(text, [{ name: 'items', kind: 'count', label: 'item' }]).items
    expect(count('We shipped twenty-five items today.')).toBe(25)
    expect(count('Seventeen items are back in stock.')).toBe(17)
    expect(count('A dozen items were returned.')).toBe(12)
  })

  it('leaves a binding absent when nothing matches, or uses its default', () => {
    expect(
      'refund_amount' in extractResponseVariables('Hello!', [{ name: 'refund_amount', kind: 'money' }]),
    ).toBe(false)
    expect(
      extractResponseVariables('Hello!', [{ name: 'refund_amount', kind: 'money', default: 0 }])
        .refund_amount,
    ).toBe(0)
  })
})
