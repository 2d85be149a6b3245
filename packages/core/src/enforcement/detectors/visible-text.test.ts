import { describe, expect, it } from 'vitest'
import { contextStart, foldLookalikes, hasInvisible, visibleIndex, visibleText } from './visible-text.ts'

const tag = (char: string) => String.fromCodePoint(0xe0000 + (char.codePointAt(0) as number))

describe('visibleText', () => {
  it('leaves out what renders as nothing and maps every character back', () => {
    const text = 'a\u200bb\u00adc\u202ed\ufe0fe'
    const visible = visibleText(text)
    expect(visible.text).toBe('abcde')
    expect([...visible.start]).toEqual([0, 2, 4, 6, 8])
    expect([...visible.end]).toEqual([1, 3, 5, 7, 9])
    expect(hasInvisible(text)).toBe(true)
    expect(hasInvisible('plain text, é and 😀')).toBe(false)
  })

  it('reads tag characters as the ASCII they copy, each two code units of the original', () => {
    const text = `x${tag('k')}${tag('y')}\u{E0001}z`
    const visible = visibleText(text)
    expect(visible.text).toBe('xkyz')
    expect([...visible.start]).toEqual([0, 1, 3, 7])
    expect([...visible.end]).toEqual([1, 3, 5, 8])
  })

  it("reads every other script's decimal digit as the ASCII digit of its value", () => {
    // Digits as ICU writes numbers in each numbering system (an oracle apart from Unicode's rows).
    const systems = Intl.supportedValuesOf('numberingSystem').filter((system) => {
      const written = new Intl.NumberFormat(`en-u-nu-${system}`, { useGrouping: false }).format(4_111_908_765)
      return (
        /^\p{Nd}{10}$/u.test(written) &&
        !/[0-9\uff10-\uff19\u0660-\u0669\u06f0-\u06f9\u0966-\u096f]/u.test(written)
      )
    })
    expect(systems).toEqual(
      expect.arrayContaining(['beng', 'thai', 'mymr', 'khmr', 'laoo', 'tibt', 'segment', 'adlm']),
    )
    for (const system of systems) {
      const written = new Intl.NumberFormat(`en-u-nu-${system}`, { useGrouping: false }).format(4_111_908_765)
      const visible = visibleText(`x${written}y`)
      expect(visible.text, system).toBe('x4111908765y')
      expect(visible.end.at(-2), system).toBe(1 + written.length)
      expect(hasInvisible(written), system).toBe(true)
    }
    // Those the scanner reads itself are left as written: full-width, Arabic-Indic, Devanagari.
    expect(visibleText('٤١ ۴۱ ४१').text).toBe('٤١ ۴۱ ४१')
    expect(hasInvisible('plain text, é — ✅ and 😀 12 ٤١ ४१')).toBe(false)
    // Each counts once in a stream's context, as any visible character does.
    expect(contextStart('ab ৪১১১', 7, 4)).toBe(3)
  })

  it('reads full-width forms of ASCII as that ASCII', () => {
    const visible = visibleText('ｋｅｙ＝ＡＢ１')
    expect(visible.text).toBe('key=AB1')
    expect([...visible.start]).toEqual([0, 1, 2, 3, 4, 5, 6])
    expect(hasInvisible('ｋ')).toBe(true)
  })

  it('keeps a lone surrogate (a stream chunk ending inside a pair) as it is', () => {
    const pair = tag('k')
    const visible = visibleText(`a${pair.charAt(0)}`)
    expect(visible.text).toBe(`a${pair.charAt(0)}`)
  })

  it('finds where an index of the original falls in the visible text', () => {
    const visible = visibleText('ab\u200b\u200bcd')
    expect([0, 1, 2, 3, 4, 5, 6].map((index) => visibleIndex(visible, index))).toEqual([0, 1, 2, 2, 2, 3, 4])
  })
})

describe('contextStart', () => {
  it('keeps as many visible characters as asked, reaching back over invisible ones', () => {
    expect(contextStart('abcdefgh', 8, 4)).toBe(4)
    expect(contextStart('abcd\u200b\u200b\u200bgh', 9, 4)).toBe(2)
    const tagged = [...'secret'].map(tag).join('')
    // Six tag characters (twelve code units) count as six visible characters.
    expect(contextStart(`ab${tagged}`, 14, 6)).toBe(2)
  })

  it('never starts inside a surrogate pair', () => {
    const text = `abc${tag('k')}def`
    expect(contextStart(text, text.length, 4)).toBe(3)
    expect(contextStart('ab😀cd', 6, 3)).toBe(2)
  })
})

describe('foldLookalikes', () => {
  it('reads Cyrillic and Greek letters drawn like ASCII as that ASCII in a token with ASCII, one for one', () => {
    // Cyrillic А К І А and Greek Α Κ Ι Α before an AWS key body; Cyrillic р inside `ghр_`.
    expect(foldLookalikes('id \u0410\u041a\u0406\u0410C3B5MKO9P8QFXHHA.')).toBe('id AKIAC3B5MKO9P8QFXHHA.')
    expect(foldLookalikes('\u0391\u039a\u0399\u0391C3B5')).toBe('AKIAC3B5')
    expect(foldLookalikes('gh\u0440_c3B5MKO9')).toBe('ghp_c3B5MKO9')
  })

  it('leaves words all in Cyrillic or Greek, and texts without them, as they are', () => {
    const russian = 'Привет, Аня! Вот ваш заказ: 4111 1111 1111 1111.'
    expect(foldLookalikes(russian)).toBe(russian)
    expect(foldLookalikes('Καλημέρα κόσμε')).toBe('Καλημέρα κόσμε')
    const plain = 'plain ASCII text'
    expect(foldLookalikes(plain)).toBe(plain)
  })
})
