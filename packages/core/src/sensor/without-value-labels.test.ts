import { describe, expect, it } from 'vitest'
import { withoutValueLabels } from './without-value-labels.ts'

describe('withoutValueLabels', () => {
  it('drops the words that only label a card number or an email the message gives', () => {
    expect(withoutValueLabels('my card is 4111 1111 1111 1111, email ann@example.com')).toBe(
      '4111 1111 1111 1111, email ann@example.com',
    )
    expect(withoutValueLabels('I want a refund. card number: 4111-1111-1111-1111')).toBe(
      'I want a refund. 4111-1111-1111-1111',
    )
    expect(withoutValueLabels('ok, and my email is ann@example.com')).toBe('ok, and ann@example.com')
    expect(withoutValueLabels('my account number was 12345678')).toBe('12345678')
    // With no "is" or ":" before the value, and with an apostrophe in the label (rv49 3).
    expect(withoutValueLabels('my card 4111 1111 1111 1111, email ann@example.com')).toBe(
      '4111 1111 1111 1111, email ann@example.com',
    )
    expect(withoutValueLabels('here is my card 4111-1111-1111-1111, email ann@example.com')).toBe(
      '4111-1111-1111-1111, email ann@example.com',
    )
    expect(withoutValueLabels("here's my card: 4111 1111 1111 1111, email ann@example.com")).toBe(
      '4111 1111 1111 1111, email ann@example.com',
    )
    // An input rail's placeholder for a card it hid is the card.
    expect(withoutValueLabels('my card is [CREDIT_CARD_1], email ann@example.com')).toBe(
      '[CREDIT_CARD_1], email ann@example.com',
    )
  })

  it('keeps a label with a request in its clause, and a short number or an id', () => {
    for (const text of [
      'which card is on file? 4111 1111 1111 1111',
      'refund it to my card 4111 1111 1111 1111',
      'refund my card 4111 1111 1111 1111',
      'please refund to my card 4111 1111 1111 1111',
      'can you tell me if the card ending 1111 is on file',
      'my order is NW-1001',
      'the total was $40',
      'I want a refund for my order, the one I paid with my card 4111111111111111',
      'my card is 4111 1111 1111 1111 exp 12/27 can you update it',
    ])
      expect(withoutValueLabels(text), text).toBe(text)
  })
})
