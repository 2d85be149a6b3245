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
