import { describe, expect, it } from 'vitest'
import { quoteRequest, withLongNumbersHidden } from './quote-request.ts'

describe('quoteRequest', () => {
  it.each([
    ['where is NW-3003, my ssn is 123-45-6789', 'where is NW-3003'],
    ['cancel NW-2002 ($40) - paid with card 4111111111111111 exp 08/29 cvv 123', 'cancel NW-2002 ($40)'],
    ['refund $20 on NW-1001, my phone is 555-123-4567', 'refund $20 on NW-1001'],
    ['where is NW-3003; social security number 536-22-1234, thanks', 'where is NW-3003, thanks'],
    ['where is NW-3003, my social is 536/22/1234', 'where is NW-3003'],
    // A card stated with its expiry and CVV, in a clause of its own (outside review rv58 3).
    ['where is NW-3003, my card is 4111 1111 1111 1111 exp 08/29 cvv 123', 'where is NW-3003'],
    ['refund $20 on NW-1001, expiry 08/29', 'refund $20 on NW-1001'],
  ])('leaves the personal details out of %j', (request, quoted) => {
    expect(quoteRequest(request)).toBe(quoted)
  })

  it.each([
    'refund $20 on NW-1001, ann@example.com',
    'refund my phone case order NW-1001',
    'cancel NW-2002, it was $40',
    // Nothing but details: quoted as is rather than as an empty request.
    'my phone number is 555-123-4567',
  ])('quotes %j as it is', (request) => {
    expect(quoteRequest(request)).toBe(request)
  })

  it.each([
    [
      'where is NW-3003 I paid with card 4111/1111/1111/1111',
      'where is NW-3003 I paid with card \u2022\u2022\u2022\u2022 1111',
    ],
    ['where is NW-3003, visa4111111111111111', 'where is NW-3003, visa\u2022\u2022\u2022\u2022 1111'],
    ['where is NW-3003 on 4111.1111.1111.1111?', 'where is NW-3003 on \u2022\u2022\u2022\u2022 1111?'],
    [
      'where is NW-3003 I paid with card 4111:1111:1111:1111',
      'where is NW-3003 I paid with card \u2022\u2022\u2022\u2022 1111',
    ],
    [
      'where is NW-3003 I paid with card 4111+1111+1111+1111',
      'where is NW-3003 I paid with card \u2022\u2022\u2022\u2022 1111',
    ],
    ['where is NW-3003, ref 536_22_1234', 'where is NW-3003, ref \u2022\u2022\u2022-\u2022\u2022-1234'],
  ])('shows a long number in %j by its last four digits only (rv56 L1)', (request, quoted) => {
    expect(quoteRequest(request)).toBe(quoted)
  })
})

describe('withLongNumbersHidden', () => {
  it.each([
    'call me at +1 415 555 0132',
    'order NW-1001 on 2026/11/28',
    'refund $1,200,000.00 please',
    'reference 12345678901',
  ])('leaves %j as it is: fewer than 12 digits in a run', (text) => {
    expect(withLongNumbersHidden(text)).toBe(text)
  })
})
