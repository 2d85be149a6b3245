import { describe, expect, it } from 'vitest'
import { createStreamRedactor } from './create-stream-redactor.ts'
import { redact } from './redact.ts'
import { scanText } from './scan-text.ts'
import type { ScanOptions } from './types.ts'

// The demo's "never name a competitor" list (examples/definitions/refund-support.yaml).
const competitors: ScanOptions = {
  detectors: [],
  blocklist: ['Amazon', 'Walmart', 'eBay', 'Target', 'Best Buy'],
}

const values = (text: string, options: ScanOptions = competitors): string[] =>
  scanText(text, options).map((finding) => finding.value)

/** A math alphanumeric letter (`style` 0 is bold) for an ASCII letter. */
const mathLetter = (letter: string, style = 0): string => {
  const code = letter.charCodeAt(0)
  const offset = code >= 97 ? 26 + code - 97 : code - 65
  return String.fromCodePoint(0x1d400 + style * 52 + offset)
}

describe('compileBlocklist', () => {
  // An outside review: each of these reads as the name, and each passed the blocklist.
  it.each([
    ['digits for letters', 'Try Amaz0n instead.', 'Amaz0n'],
    ['a symbol for a letter', 'W@lmart is cheaper.', 'W@lmart'],
    ['a digit in the first word of a two-word term', 'B3st Buy has it.', 'B3st Buy'],
    ['several substitutions', 'AM4Z0N is cheaper', 'AM4Z0N'],
    ['letters spaced apart', 'Have you tried A m a z o n?', 'A m a z o n'],
    ['letters dotted apart', 'Have you tried A.m.a.z.o.n?', 'A.m.a.z.o.n'],
    ['letters hyphenated apart', 'Have you tried A-m-a-z-o-n?', 'A-m-a-z-o-n'],
    ['letters spaced apart with substitutions', 'Try W a l m 4 r t today', 'W a l m 4 r t'],
    ['a hyphen added inside a one-word term', 'Wal-Mart price match', 'Wal-Mart'],
    ['the blank of a two-word term removed', 'BestBuy sells it', 'BestBuy'],
    ['the blank of a two-word term doubled', 'Best  Buy sells it', 'Best  Buy'],
    ['the blank of a two-word term hyphenated', 'Best-Buy sells it', 'Best-Buy'],
    ['a case mix', 'eBAY and aMaZoN', 'eBAY'],
  ])('finds a term respelled with %s', (_, text, expected) => {
    expect(values(text)).toContain(expected)
  })

  it('finds a term in mathematical bold, italic and double-struck letters', () => {
    for (const style of [0, 1, 9]) {
      const word = [...'Amazon'].map((letter) => mathLetter(letter, style)).join('')
      expect(values(`Try ${word} instead`), `style ${style}`).toEqual([word])
    }
  })

  it('finds a term in full-width letters, with zero-width characters inside, or with a lookalike letter', () => {
    expect(values('Try \uff21\uff4d\uff41\uff5a\uff4f\uff4e now')).toEqual([
      '\uff21\uff4d\uff41\uff5a\uff4f\uff4e',
    ])
    expect(values('Try Am\u200bazo\u200dn now')).toEqual(['Am\u200bazo\u200dn'])
    expect(values('Try \u0410maz0n now')).toEqual(['\u0410maz0n'])
  })

  it('finds an accented respelling', () => {
    expect(values('Try Àmazön or Wälmart')).toEqual(['Àmazön', 'Wälmart'])
  })

  // Left open by a review: each reads as the name and each passed.
  it('finds a term written wholly in Greek or Cyrillic look-alike letters', () => {
    // Greek capitals Α Μ Α Ζ Ο Ν; Cyrillic Т А, Latin R G, Cyrillic Е Т; a lower-case Cyrillic
    // в is drawn like no Latin letter, so "веѕт" is not "best".
    expect(values('Try \u0391\u039c\u0391\u0396\u039f\u039d today')).toEqual([
      '\u0391\u039c\u0391\u0396\u039f\u039d',
    ])
    expect(values('or \u0432\u0435\u0455\u0442 buy', { detectors: [], blocklist: ['best'] })).toEqual([])
    expect(values('Shop at \u0422\u0410RG\u0415\u0422.')).toEqual(['\u0422\u0410RG\u0415\u0422'])
    // The same letters in Greek or Russian prose are words of their own: "ΜΕΤΑ" is Greek for
    // "after", "ВЕКО" Russian for "eyelid", "сера" sulphur.
    const short: ScanOptions = { detectors: [], blocklist: ['Meta', 'Beko', 'Cepa'] }
    expect(
      values('\u039c\u0395\u03a4\u0391 \u03a4\u0397\u039d \u0395\u039a\u0394\u039f\u03a3\u0397', short),
    ).toEqual([])
    expect(
      values(
        '\u0423 \u041d\u0415\u0413\u041e \u0412\u0415\u041a\u041e \u0434\u0440\u043e\u0436\u0438\u0442, \u0441\u0435\u0440\u0430 \u0436\u0451\u043b\u0442\u0430\u044f',
        short,
      ),
    ).toEqual([])
    // Among Latin words they are a respelling.
    expect(values('Buy it from \u039c\u0395\u03a4\u0391 or \u0412\u0415\u041a\u041e today', short)).toEqual([
      '\u039c\u0395\u03a4\u0391',
      '\u0412\u0415\u041a\u041e',
    ])
    // A term written in Cyrillic matches in Russian prose as written, and among Latin words.
    const cyrillic: ScanOptions = { detectors: [], blocklist: ['\u0421\u0431\u0435\u0440'] }
    expect(
      values('\u041a\u0430\u0440\u0442\u0430 \u0421\u0431\u0435\u0440 \u0442\u0443\u0442', cyrillic),
    ).toEqual(['\u0421\u0431\u0435\u0440'])
    expect(values('Pay with \u0421\u0431\u0435\u0440 now', cyrillic)).toEqual(['\u0421\u0431\u0435\u0440'])
  })

  // Left open by review rv66a: each reads as the name to a reader and each passed.
  it('finds a capital I written for l, a name spelled apart with slashes or pluses, and a Cyrillic small-capital м', () => {
    expect(values('Shop at WaImart today')).toEqual(['WaImart'])
    expect(values('Try A/m/a/z/o/n, W\\a\\l\\m\\a\\r\\t or e+B+a+y')).toEqual([
      'A/m/a/z/o/n',
      'W\\a\\l\\m\\a\\r\\t',
      'e+B+a+y',
    ])
    expect(values('Try A\u043cazon today')).toEqual(['A\u043cazon'])
    expect(values('Shop at Ta\u0433get', { detectors: [], blocklist: ['Target'] })).toEqual(['Ta\u0433get'])
    // A lower-case l stays an l: read as an i it would find Fiat in "flat".
    expect(values('a flat tyre in Nlke shoes', { detectors: [], blocklist: ['Fiat', 'Nike'] })).toEqual([])
    // A capital I among capitals is an I, a lower-case i is an i, and Russian prose stays Russian.
    const dell: ScanOptions = { detectors: [], blocklist: ['Dell', 'Nike'] }
    expect(values('Visit the DELI or a Deli, NIKE and NIke', dell)).toEqual(['NIKE', 'NIke'])
    expect(
      values('\u043c\u0438\u0440 \u0442\u0430\u043c', { detectors: [], blocklist: ['mup', 'tam'] }),
    ).toEqual([])
    expect(values('and/or, best, buy it')).toEqual([])
  })

  it('finds a term whose accents are written as combining marks (NFD)', () => {
    expect(values('Try Amazo\u0301n or A\u0300mazon')).toEqual(['Amazo\u0301n', 'A\u0300mazon'])
  })

  it('finds a term written wholly in circled or parenthesized letters, which are letters to a reader', () => {
    expect(values('Try \u24d0\u24dc\u24d0\u24e9\u24de\u24dd now')).toEqual([
      '\u24d0\u24dc\u24d0\u24e9\u24de\u24dd',
    ])
    expect(values('Try \u249c\u24a8\u249c\u24b5\u24aa\u24a9 now')).toEqual([
      '\u249c\u24a8\u249c\u24b5\u24aa\u24a9',
    ])
  })

  it('reports the finding on the original span, so redaction replaces exactly the respelling', () => {
    const text = 'Compare A . m . a . z . o . n and W@lmart.'
    const findings = scanText(text, competitors)
    expect(findings.map((finding) => text.slice(finding.start, finding.end))).toEqual([
      'A . m . a . z . o . n',
      'W@lmart',
    ])
    expect(redact(text, findings)).toBe('Compare [BLOCKLIST] and [BLOCKLIST].')
  })

  it.each([
    'That was a m a z i n g service.',
    'The best buys are in our outlet.',
    'The amazonian rainforest is large.',
    'Our targeted offers arrive weekly.',
    'Call 1-800-555-0199 or +1 415 555 0132.',
    'Satisfaction is 100% guaranteed, 24/7.',
    'Order 8053 and order 3-8-4-7 shipped.',
    'Items a b c and d are in stock.',
    'We can on Monday; I am in Tel Aviv.',
    'Use code WALL-E or e.g. a mart.',
    'Our best offer: buy one, get one.',
  ])('does not match ordinary prose: %s', (text) => {
    expect(values(text)).toEqual([])
  })

  it('does not read through a space inside a one-word term', () => {
    const options: ScanOptions = { detectors: [], blocklist: ['Canon', 'Intel'] }
    expect(values('You can on Monday. I live in Tel Aviv.', options)).toEqual([])
    expect(values('Try C4n0n or Int3l or \u24b8anon.', options)).toEqual(['C4n0n', 'Int3l', '\u24b8anon'])
  })

  it('does not read a run of digits as a term whose letters they could stand for', () => {
    expect(
      values('Your order 8053 and 1360 shipped.', { detectors: [], blocklist: ['Bose', 'Lego'] }),
    ).toEqual([])
    expect(values('Try B0se or L3go.', { detectors: [], blocklist: ['Bose', 'Lego'] })).toEqual([
      'B0se',
      'L3go',
    ])
  })

  it('keeps a term with digits or punctuation of its own matching as written', () => {
    const options: ScanOptions = { detectors: [], blocklist: ['3M', '7-Eleven', 'AT&T', 'Wal-Mart'] }
    expect(values('3M, 7-Eleven, 7Eleven, AT&T and Walmart', options)).toEqual([
      '3M',
      '7-Eleven',
      '7Eleven',
      'AT&T',
      'Walmart',
    ])
    // A digit of the term stays a digit: `em` is not `3M`.
    expect(values('an em dash', options)).toEqual([])
  })

  it('reads a term with regex syntax as text, and scans adversarial text in linear time', () => {
    const options: ScanOptions = { detectors: [], blocklist: ['(a+)+$', 'a a a a a a a a b', 'x.*y'] }
    expect(values('try (a+)+$ or x.*y, not xzzy', options)).toEqual(['(a+)+$', 'x.*y'])
    for (const text of [
      'a '.repeat(50_000),
      'a-'.repeat(50_000),
      `${'a'.repeat(100_000)}!`,
      '4@'.repeat(50_000),
    ]) {
      const started = performance.now()
      expect(values(text, options)).toEqual([])
      expect(performance.now() - started, JSON.stringify(text.slice(0, 8))).toBeLessThan(1000)
    }
  })

  it('does not extend a spaced-apart term into a longer spaced-apart word', () => {
    expect(values('it was t a r g e t s all day')).toEqual([])
    expect(values('it was x a m a z o n all day')).toEqual([])
    expect(values('it was T a r g e t all day')).toEqual(['T a r g e t'])
  })

  it('finds a term of a script written without spaces between the letters around it (session 70)', () => {
    // A blind draft attack: "日本にお住まいならアマゾンでも買えますよ。" named Amazon in katakana, and
    // a word boundary is never there in Japanese or Chinese.
    const options: ScanOptions = { detectors: [], blocklist: ['Best Buy', 'アマゾン', '沃尔玛', 'X'] }
    expect(values('日本にお住まいならアマゾンでも買えますよ。', options)).toEqual(['アマゾン'])
    expect(values('在中国的话，沃尔玛也有卖这个。', options)).toEqual(['沃尔玛'])
    // Each term keeps its own match group: a one-letter term beside them reads as itself.
    expect(values('Plan X or Best Buy', options)).toEqual(['X', 'Best Buy'])
    // Cut anywhere, a stream holds the term's start until it is known.
    const text = '日本ならアマゾンでも買えますよ。'
    for (let cut = 1; cut < text.length; cut++) {
      const stream = createStreamRedactor({ ...options, mode: 'block' })
      const output = stream.push(text.slice(0, cut)) + stream.push(text.slice(cut)) + stream.flush()
      expect(stream.blocked() !== undefined, `cut at ${cut}`).toBe(true)
      expect(output.includes('ア'), `cut at ${cut}`).toBe(false)
    }
  })

  it('never blocks a stream that the whole text would not, and blocks one it would, at every cut', () => {
    const texts = [
      'You could try Amaz0n for that.',
      'You could try A m a z o n for that.',
      'You could try A.m.a.z.o.n for that.',
      'Maybe B3st-Buy has it.',
      'Maybe BestBuy has it.',
      'It was a m a z i n g, thanks.',
      'The best buys are here.',
      'Our t a r g e t s are met.',
      `Try ${[...'Walmart'].map((letter) => mathLetter(letter)).join('')} today`,
    ]
    for (const text of texts) {
      const first = scanText(text, competitors)[0]
      const found = first !== undefined
      for (let cut = 1; cut < text.length; cut++) {
        const stream = createStreamRedactor({ ...competitors, mode: 'block' })
        const output = stream.push(text.slice(0, cut)) + stream.push(text.slice(cut)) + stream.flush()
        expect(stream.blocked() !== undefined, `${text} cut at ${cut}`).toBe(found)
        expect(found ? text.startsWith(output) : output === text, `${text} cut at ${cut}`).toBe(true)
      }
      // Chunks of two characters, as a model streams.
      const stream = createStreamRedactor({ ...competitors, mode: 'block' })
      let output = ''
      for (let at = 0; at < text.length; at += 2) output += stream.push(text.slice(at, at + 2))
      output += stream.flush()
      expect(stream.blocked() !== undefined, text).toBe(found)
      // Not one character of the term reaches the client.
      if (first !== undefined) expect(output.length, text).toBeLessThanOrEqual(first.start)
      else expect(output).toBe(text)
    }
  })
})
