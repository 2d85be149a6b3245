import { describe, expect, it } from 'vitest'
import { redact } from './redact.ts'
import { scanText } from './scan-text.ts'

describe('redact', () => {
  const text = 'Card 4111 1111 1111 1111 and a@b.io.'
  const findings = scanText(text)

  it('replaces findings with typed placeholders', () => {
    expect(redact(text, findings, 'placeholder')).toBe('Card [CREDIT_CARD] and [EMAIL_ADDRESS].')
  })

  it('masks findings keeping their length', () => {
    expect(redact(text, findings, 'mask')).toBe(`Card ${'*'.repeat(19)} and ${'*'.repeat(6)}.`)
  })

  it('hashes findings so equal values correlate without being shown', () => {
    const twice = 'a@b.io then a@b.io and c@d.io'
    const output = redact(twice, scanText(twice), 'hash')
    const hashes = output.match(/\[EMAIL_ADDRESS:([0-9a-f]{8})\]/g) ?? []
    expect(hashes).toHaveLength(3)
    expect(hashes[0]).toBe(hashes[1])
    expect(hashes[2]).not.toBe(hashes[0])
    expect(output).not.toContain('a@b.io')
  })

  it('merges overlapping findings into one replacement', () => {
    const overlapping = [
      { type: 'a', start: 0, end: 5, value: 'hello', confidence: 1, detector: 'pattern' },
      { type: 'b', start: 3, end: 8, value: 'lo wo', confidence: 1, detector: 'pattern' },
    ]
    expect(redact('hello world', overlapping, 'placeholder')).toBe('[A]rld')
  })
})

describe('redact with partial masks', () => {
  const masks = { 'credit-card': { mask: 'last4' as const, replacement: '{brand} ending {last4}' } }

  it('shows a card as its network and last four digits, other types as the style', () => {
    const text = 'Card 4111 1111 1111 1111 and a@b.io.'
    expect(redact(text, scanText(text), 'placeholder', masks)).toBe(
      'Card Visa ending 1111 and [EMAIL_ADDRESS].',
    )
  })

  it('names the network from the number prefix', () => {
    const text = '5555555555554444 378282246310005 6011111111111117 3530111333300000 6200000000000005'
    expect(redact(text, scanText(text), 'placeholder', masks)).toBe(
      'Mastercard ending 4444 American Express ending 0005 Discover ending 1117 JCB ending 0000 UnionPay ending 0005',
    )
  })

  it('keeps a default template and the type name, and drops an empty brand for other types', () => {
    const ssn = 'SSN 078-05-1123.'
    const ssnMasks = { 'us-ssn': { mask: 'last4' as const } }
    expect(redact(ssn, scanText(ssn, { detectors: ['us-ssn'] }), 'placeholder', ssnMasks)).toBe(
      'SSN ending 1123.',
    )
    const typed = { 'us-ssn': { mask: 'last4' as const, replacement: '[{type} …{last4}]' } }
    expect(redact(ssn, scanText(ssn, { detectors: ['us-ssn'] }), 'placeholder', typed)).toBe(
      'SSN [US_SSN …1123].',
    )
  })

  it('falls back to the style when the value is too short or findings of different spans merged', () => {
    const short = [{ type: 'credit-card', start: 0, end: 7, value: '1234567', confidence: 1, detector: 'x' }]
    expect(redact('1234567', short, 'placeholder', masks)).toBe('[CREDIT_CARD]')
    const merged = [
      { type: 'credit-card', start: 0, end: 9, value: '123456789', confidence: 1, detector: 'x' },
      { type: 'credit-card', start: 5, end: 14, value: '678901234', confidence: 1, detector: 'x' },
    ]
    expect(redact('12345678901234', merged, 'placeholder', masks)).toBe('[CREDIT_CARD]')
    // The same span found by two rules is still one card.
    const card = '4111111111111111'
    const twice = [...scanText(card), ...scanText(card)]
    expect(redact(card, twice, 'placeholder', masks)).toBe('Visa ending 1111')
  })
})
