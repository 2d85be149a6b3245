import { describe, expect, it } from 'vitest'
import { markupStretches, readMarkup } from './markup-text.ts'

describe('markupStretches', () => {
  it('finds no stretch in ordinary markup, so such a text is read once', () => {
    const text = '**Note:** run `npm test`, *not* `npm t`; 50% off, R&#38;D, a * b and 2 ** 10.'
    expect(markupStretches(text).stretches).toEqual([])
  })

  it('reaches around markup touching a digit within its line, and holds the markup at the end open', () => {
    const text = 'intro\ncard 4539 **1488** 0343\nnext, a line too long to be the start of a list item'
    expect(markupStretches(text).stretches).toEqual([6, 29])
    // The start of a next line at the end may become a list's next group: held open with it.
    expect(markupStretches('card **4539**\n2. ').stretches).toEqual([0, 17])
    expect(markupStretches('card 4539 1488 `').stretches).toEqual([0, 16])
    expect([...markupStretches('card &#52;&#5').sites]).toEqual([5, 10, 10, 13])
  })

  it('gives the stretches of walking the line of each place both ways, on random texts with many places and lines', () => {
    // The definition, read slowly: each place sorted, its line up to 256 characters either way.
    const walked = (text: string): number[] => {
      const places: Array<[number, number]> = []
      for (const marker of ['*', '`']) {
        for (let at = text.indexOf(marker); at >= 0; ) {
          let end = at
          while (text[end] === marker) end++
          const before = at > 0 ? text.charCodeAt(at - 1) : 32
          const after = end < text.length ? text.charCodeAt(end) : -1
          const digit = (code: number) => code >= 48 && code <= 57
          const alphanumeric = (code: number) => digit(code) || /[A-Za-z]/.test(String.fromCharCode(code))
          if (
            end - at <= 3 &&
            (after < 0 || digit(before) || digit(after) || (alphanumeric(before) && alphanumeric(after)))
          )
            places.push([at, end])
          at = text.indexOf(marker, end)
        }
      }
      for (let at = text.indexOf('%'); at >= 0; at = text.indexOf('%', at + 1)) {
        const written = text.slice(at, at + 3)
        if (/^%[0-9A-Fa-f]?$/.test(written)) places.push([at, text.length])
        else if (
          /^%[0-9A-Fa-f]{2}$/.test(written) &&
          /[A-Za-z0-9]/.test(String.fromCharCode(Number.parseInt(written.slice(1), 16)))
        )
          places.push([at, at + 3])
      }
      // Blank lines or a list marker between a digit (two spaces from it at most) and the next line's.
      for (const match of text.matchAll(/(?<=[0-9][ \t]{0,2})\r?\n/g)) {
        const start = match.index
        const at = start + match[0].length - 1
        const rest = text.slice(at + 1)
        // What the text's end leaves open (blanks, a marker, up to three digits) may still become one.
        if (rest.length < 32 && /^[ \t\r\n]*(?:[-*+\u2022][ \t]*|[0-9]{1,3}[.)]?[ \t]*)?$/.test(rest)) {
          places.push([start, text.length])
          continue
        }
        const join = /^([ \t\r\n]*)((?:[-*+\u2022]|[0-9]{1,3}[.)])[ \t]+)?[ \t]*(?=[0-9])/.exec(rest)
        if (join !== null && join[0].length < 32 && (join[1]!.includes('\n') || join[2] !== undefined))
          places.push([start, at + 1 + join[0].length])
      }
      // A table border (only blanks between it and its line's start, or its end) next to a digit.
      for (let at = text.indexOf('|'); at >= 0; at = text.indexOf('|', at + 1)) {
        const lineBefore = text
          .slice(0, at)
          .split(/[\r\n]/)
          .at(-1) as string
        const lineAfter = text.slice(at + 1).split(/[\r\n]/)[0] as string
        const opens = /^[ \t]*$/.test(lineBefore)
        const closes = !opens && /^[ \t]*$/.test(lineAfter)
        if ((opens && /^[ \t]{0,2}[0-9]/.test(lineAfter)) || (closes && /[0-9][ \t]{0,2}$/.test(lineBefore)))
          places.push([at, at + 1])
      }
      places.sort((left, right) => left[0] - right[0])
      const stretches: number[] = []
      for (const [start, end] of places) {
        let from = start
        while (from > Math.max(0, start - 256) && !/[\n\r]/.test(text[from - 1] as string)) from--
        let to = end
        while (to < Math.min(text.length, end + 256) && !/[\n\r]/.test(text[to] as string)) to++
        const last = stretches.length - 1
        // Stretches with only line breaks between (at most four characters of them) are one.
        const gap = last > 0 ? text.slice(stretches[last] as number, from) : 'x'
        if (last > 0 && (from <= (stretches[last] as number) || /^[\r\n]{1,4}$/.test(gap)))
          stretches[last] = Math.max(stretches[last] as number, to)
        else stretches.push(from, to)
      }
      // The last one reaches the end when only the start of a next line (32 characters at most) follows.
      const end = stretches.at(-1)
      if (
        end !== undefined &&
        end < text.length &&
        text.length - end <= 32 &&
        /[\r\n]/.test(text[end] as string)
      )
        stretches[stretches.length - 1] = text.length
      return stretches
    }
    let seed = 7
    const random = (limit: number): number => {
      seed = (Math.imul(seed, 1_664_525) + 1_013_904_223) >>> 0
      return (seed >>> 8) % limit
    }
    const pieces = [
      '**',
      '`',
      '*',
      '%73',
      '%2',
      'a',
      '1',
      ' ',
      '\n',
      '\r',
      '\r\n',
      'x'.repeat(300),
      '4539 ',
      '****',
      '- ',
      '2. ',
      '\t',
      '| ',
      ' |',
    ]
    for (let round = 0; round < 2_000; round++) {
      let text = ''
      for (let part = random(40); part > 0; part--) text += pieces[random(pieces.length)]
      expect(markupStretches(text).stretches, JSON.stringify(text)).toEqual(walked(text))
    }
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

describe('markup that renders as nothing, or as a space, around a digit', () => {
  it('reads strikethrough, underline, highlight, HTML tags and named references as a reader sees them', () => {
    for (const [written, seen] of [
      ['4539 ~~1488~~ 0343', '4539 1488 0343'],
      ['4539 _1488_ 0343', '4539 1488 0343'],
      ['4539 ==1488== 0343', '4539 1488 0343'],
      ['4539 <b>1488</b> 0343', '4539 1488 0343'],
      ['<span>4539</span><span class="n">1488</span>', '45391488'],
      ['4539 <!-- note --> 1488', '4539  1488'],
      ['4539&nbsp;1488&ndash;0343&shy;6467', '4539 1488-03436467'],
      ['4539&#32;1488', '4539 1488'],
      ['4539 [1488](https://x.io/a "t") 0343', '4539 1488 0343'],
      ['[4539](a)[1488][b] [0343][]', '45391488 0343'],
      ['4539\r\n\r\n1488 0343', '4539\n1488 0343'],
      ['- 4539\n-  1488\n\n* 0343\n2) 6467', '4539\n1488\n0343\n6467'],
      ['Card:\n1. 4539\n2. 1488\n3. 0343', 'Card:\n4539\n1488\n0343'],
      ['1) 4539\r\n2) 1488', '4539\n1488'],
      ['1. **4539**\n  2. **1488**\n\n3. `0343`', '4539\n1488\n0343'],
      ['<li>4539</li>\r\n<li>1488</li>', '4539\r\n1488'],
      ['| 4539 |\n| 1488 |\n|0343|', ' 4539 \n 1488 \n0343'],
    ]) {
      expect(markupStretches(written!).stretches, written).not.toEqual([])
      expect(readMarkup(written!, 0, written!.length).text, written).toBe(seen)
    }
  })

  it('reads markup on adjacent lines, or with blank lines between, as one stretch', () => {
    expect(markupStretches('**4539**\n**1488**\r\n\r\n**0343**').stretches).toEqual([0, 29])
    expect(markupStretches('**4539**\n\n\n\n\n**1488**').stretches).toEqual([0, 8, 13, 21])
    expect(markupStretches('**4539**\nplain\n**1488**').stretches).toEqual([0, 8, 15, 23])
  })

  it('leaves an underscore inside a word, `x=1`, `a < b` and other ampersands as they are', () => {
    const text =
      'Set x=1 and y == 2 in file_2024.txt; sk_live_4eC3; 3 < 4; a<b>c</b>; R&D and Q&A; see [the docs](x) [1] ok; Total 45\nItems 3\n- a'
    expect(markupStretches(text).stretches).toEqual([])
  })

  it('reads markup the text’s end cuts short as nothing yet, so a stream holds the digits before it', () => {
    for (const written of [
      '4539 <',
      '4539 <b',
      '4539 </sp',
      '4539&nb',
      '4539&#3',
      '4539 ~',
      '4539 =',
      '4539 [',
    ]) {
      expect(markupStretches(written).stretches, written).toEqual([0, written.length])
      expect(readMarkup(written, 0, written.length).text.trimEnd(), written).toBe('4539')
    }
    // Blank lines or a list marker the text's end cuts short (or the line break before them) read
    // as one line break: the digits before wait for the next line.
    for (const written of ['4539\n', '4539\n\n- ', '4539\n2', '4539\n12.']) {
      expect(markupStretches(written).stretches, written).toEqual([0, written.length])
      expect(readMarkup(written, 0, written.length).text, written).toBe('4539\n')
    }
    // A link cut short reads its text so far, so the digits in it are held too.
    for (const written of ['4539 [1488', '4539 [1488]', '4539 [1488](htt']) {
      expect(markupStretches(written).stretches, written).toEqual([0, written.length])
      expect(readMarkup(written, 0, written.length).text, written).toBe('4539 1488')
    }
  })
})
