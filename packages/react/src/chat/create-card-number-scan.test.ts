import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createCardNumberScan } from './create-card-number-scan.ts'

const luhnComplete = (body: number[]) => {
  const digits = [...body, 0]
  let sum = 0
  for (let index = 0; index < digits.length; index++) {
    let digit = digits[digits.length - 1 - index]!
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2
    sum += digit
  }
  digits[digits.length - 1] = (10 - (sum % 10)) % 10
  return digits.join('')
}

const card = fc
  .tuple(
    fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 12, maxLength: 18 }),
    fc.constantFrom('', ' ', '-'),
  )
  .map(([body, separator]) => (luhnComplete(body).match(/.{1,4}/g) ?? []).join(separator))
const words = fc.stringMatching(/^[a-z .,]{0,20}$/)

describe('createCardNumberScan', () => {
  it('never lets a digit of a card number through, for any streamed prefix', () => {
    const scan = createCardNumberScan()
    fc.assert(
      fc.property(words, card, words, (before, number, after) => {
        const text = `${before} ${number} ${after}`
        for (let end = 0; end <= text.length; end++) {
          expect(scan(text.slice(0, end), { final: false })).not.toMatch(/\d/)
        }
        expect(scan(text, { final: true })).toBe(`${before} [redacted card number] ${after}`)
      }),
    )
  })

  it('leaves numbers that are not card numbers once the reply is final', () => {
    const scan = createCardNumberScan()
    expect(scan('Order A-1001 costs $60 and ships in 2 days', { final: true })).toBe(
      'Order A-1001 costs $60 and ships in 2 days',
    )
    expect(scan('Ref 1234567890123', { final: true })).toBe('Ref 1234567890123')
  })
})
