import { describe, expect, it } from 'vitest'
import { spellsOutCard, toolCards } from './spelled-card-echo.ts'

describe('toolCards', () => {
  it('finds the cards a tool returned, nested, grouped, in other digits or as a JSON number', () => {
    const cyclic: Record<string, unknown> = { note: 'Amex 3782 822463 10005' }
    cyclic.self = cyclic
    const cards = toolCards({
      tool: {
        lookup: { methods: [{ pan: '4111 1111 1111 1111' }, { pan: '５５５５５５５５５５５５４４４４' }] },
        raw: 4012888888881881,
        cyclic,
      },
    })
    expect(cards.sort()).toEqual([
      '378282246310005',
      '4012888888881881',
      '4111111111111111',
      '5555555555554444',
    ])
  })

  it('finds no card in a long id no card brand starts with, though it passes the Luhn check', () => {
    // A tracking number the reply may repeat: the card check must not refuse it.
    expect(toolCards({ tool: { shipment: { tracking: '9400111899223343' } } })).toEqual([])
    expect(toolCards({ tool: undefined })).toEqual([])
    expect(toolCards(undefined)).toEqual([])
  })
})

describe('spellsOutCard', () => {
  const card = ['4111111111111111']
  it('reads a card spelled in words, split by other words, or in other digits', () => {
    expect(
      spellsOutCard('It is four one one one, one one one one, one one one one, one one one one.', card),
    ).toBe(true)
    expect(spellsOutCard('The digits are 4111 1111 and then 1111 1111.', card)).toBe(true)
    expect(spellsOutCard('４１１１ then １１１１ then １１１１ then １１１１', card)).toBe(true)
    expect(spellsOutCard('Oh: 5105 1051 0510 5100', ['5105105105105100'])).toBe(true)
  })

  it('reads no card from its last four, from digits far apart, or from another number', () => {
    expect(spellsOutCard('Your Visa ending 1111 is on file.', card)).toBe(false)
    const apart = '4111 1111 1111'.concat(' and a long stretch of other words in between here', ' 1111')
    expect(spellsOutCard(apart, card)).toBe(false)
    expect(spellsOutCard('Tracking 9400 1118 9922 3343.', card)).toBe(false)
    expect(spellsOutCard('four one one one', [])).toBe(false)
  })
})
