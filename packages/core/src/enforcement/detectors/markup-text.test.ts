import { describe, expect, it } from 'vitest'
import { markupStretches, readMarkup } from './markup-text.ts'

describe('markupStretches', () => {
  it('finds no stretch in ordinary markup, so such a text is read once', () => {
    const text = '**Note:** run `npm test`, *not* `npm t`; 50% off, R&#38;D, a * b and 2 ** 10.'
    expect(markupStretches(text).stretches).toEqual([])
  })

  it('reaches around markup touching a digit within its line, and holds the markup at the end open', () => {
    const text = 'intro\ncard 4539 **1488** 0343\nnext'
    expect(markupStretches(text).stretches).toEqual([6, 29])
    expect(markupStretches('card 4539 1488 `').stretches).toEqual([0, 16])
    expect(markupStretches('card &#52;&#5').sites).toEqual([5, 10, 10, 13])
  })
})

describe('readMarkup', () => {
  it('reads markup as it renders, each character mapped back to the characters it came from', () => {
    const text = 'a `4`**5** &#54;&#x37; %38 b'
    const reading = readMarkup(text, 0, text.length)
    expect(reading.text).toBe('a 45 67 8 b')
    expect([...reading.start]).toEqual([0, 1, 3, 7, 10, 11, 16, 22, 23, 26, 27])
    expect([...reading.end]).toEqual([1, 2, 4, 8, 11, 16, 22, 23, 26, 27, 28])
  })
})
