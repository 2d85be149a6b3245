import { describe, expect, it } from 'vitest'
import { mergeRecordFields, sensitiveIn } from './turn-variables.ts'

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

describe('mergeRecordFields', () => {
  it('drops the amount said for one order when another order is named without one', () => {
    const fields: Record<string, unknown> = {
      email: 'ann@example.com',
      order_id: 'NW-1001',
      amount: 30,
      currency: 'USD',
    }
    expect(mergeRecordFields(fields, { order_id: 'NW-1005' }, ['order_id'])).toBe(true)
    expect(fields).toEqual({ email: 'ann@example.com', order_id: 'NW-1005' })
  })

  it('keeps the amount the message gives with the other order, and facts of the same order', () => {
    const fields: Record<string, unknown> = { order_id: 'NW-1001', amount: 30, currency: 'USD' }
    mergeRecordFields(fields, { order_id: 'NW-1005', amount: 20, currency: 'USD' }, ['order_id'])
    expect(fields).toEqual({ order_id: 'NW-1005', amount: 20, currency: 'USD' })
    expect(mergeRecordFields(fields, { order_id: 'NW-1005' }, ['order_id'])).toBe(false)
    expect(fields.amount).toBe(20)
  })

  it('keeps the facts when the message corrects the order of the request at hand', () => {
    const fields: Record<string, unknown> = { order_id: 'NW-1001', amount: 20 }
    expect(mergeRecordFields(fields, { order_id: 'NW-2002' }, ['order_id'], true)).toBe(true)
    expect(fields).toEqual({ order_id: 'NW-2002', amount: 20 })
  })
})
