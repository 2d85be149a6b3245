import { describe, expect, it } from 'vitest'
import { withPlainIdDashes } from './plain-id-dashes.ts'

describe('withPlainIdDashes', () => {
  it("writes a typographic dash inside an id as a hyphen: phones' autocorrect types an en dash", () => {
    expect(withPlainIdDashes('cancel NW\u20132002 total $40')).toBe('cancel NW-2002 total $40')
    expect(withPlainIdDashes('ticket T\u20142024 and ORD\u221277')).toBe('ticket T-2024 and ORD-77')
  })

  it('leaves prose dashes, ranges before a currency sign and dash-free text as they are', () => {
    for (const text of ['refund \u2014 actually no', '$20\u2013$30', 'where is NW-1001?', 'pages 3 \u2013 4'])
      expect(withPlainIdDashes(text)).toBe(text)
  })

  it('keeps the length of the text, so positions found in it hold in the original', () => {
    const text = 'NW\u20131001, NW\u20142002'
    expect(withPlainIdDashes(text)).toHaveLength(text.length)
  })
})
