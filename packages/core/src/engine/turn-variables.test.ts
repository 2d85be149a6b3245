import { describe, expect, it } from 'vitest'
import { sensitiveIn } from './turn-variables.ts'

describe('sensitiveIn', () => {
  it('names what a message should not have shared, validated as a reply is', () => {
    expect(sensitiveIn('my card is 4111 1111 1111 1111 exp 12/27')).toEqual(['credit-card'])
    expect(sensitiveIn('SSN 536-90-4399 and IBAN GB82 WEST 1234 5698 7654 32')).toEqual(
      expect.arrayContaining(['us-ssn', 'iban']),
    )
    expect(sensitiveIn('my key is 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')).toEqual(['secret'])
  })

  it('names nothing in an ordinary message, an order number or a Luhn-invalid number', () => {
    expect(sensitiveIn('where is my order NW-1001? my email is ann@example.com')).toEqual([])
    expect(sensitiveIn('my card is 4111 1111 1111 1112')).toEqual([])
  })
})
