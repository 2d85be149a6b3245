import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createDefinitionStreamGuard } from './create-definition-stream-guard.ts'
import { createDefinitionTextGuard, guardWholeText } from './create-definition-text-guard.ts'

const definition = readFileSync(
  new URL('../../../../examples/definitions/refund-support.yaml', import.meta.url),
  'utf8',
)
const createGuard = createDefinitionStreamGuard(definition)
const guardText = createDefinitionTextGuard(definition, createGuard)
const viaStream = (text: string) => guardWholeText(createGuard(), text)

describe('createDefinitionTextGuard', () => {
  it('releases exactly what one fresh stream guard releases: clean, redacted and blocked texts', () => {
    const texts = [
      'Your order NW-1001 shipped on 2026-05-02 and arrives Friday.',
      'The card on file is your Visa card 4111 1111 1111 1111, expiring 09/29.',
      'Your SSN 123-45-6789 is not needed here.',
      'We beat Amazon on price.',
      'key AKIAIOSFODNN7EXAMPLE and card 4111111111111111',
      '',
    ]
    for (const text of texts) expect(guardText(text)).toBe(viaStream(text))
    expect(guardText(texts[0]!)).toBe(texts[0])
    expect(guardText(texts[1]!)).not.toMatch(/4111/)
    expect(guardText(texts[3]!)).toBe('')
  })

  it('agrees with the stream guard on random mixes of clean words, card numbers and blocked names', () => {
    const piece = fc.constantFrom(
      'refund',
      'order NW-1001',
      '4111 1111 1111 1111',
      '4111-1111-1111-1112',
      'Walmart',
      '078-05-1120',
      '$49.99',
      'ghp_0123456789abcdefghijABCDEFGHIJ012345',
      '—',
      ' ',
    )
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const text = pieces.join(' ')
        expect(guardText(text)).toBe(viaStream(text))
      }),
      { numRuns: 300 },
    )
  })
})
