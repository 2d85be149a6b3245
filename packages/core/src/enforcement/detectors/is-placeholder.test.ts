import { describe, expect, it } from 'vitest'
import { isEncodedPlaceholder, isMostlyMarked, isPlaceholder } from './is-placeholder.ts'
import { shannonEntropy } from './shannon-entropy.ts'

const body = (value: string, minimumEntropy?: number): boolean =>
  isPlaceholder(value, 0, value.length, minimumEntropy)

describe('isPlaceholder', () => {
  it.each([
    'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
    'XXXXXXXXXXXXXXXX',
    'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    '000000000000000000000000000000000000',
    'your_api_key_here',
    'IOSFODNN7EXAMPLE',
    'abcdefghijklmnopqrstuvwxyz1234567',
    '<your-token>',
    '${API_KEY}',
    'sk-...',
    'changeme',
    'abababababababababab',
    'aBcDeFgHiJkLmNoPqRsT1234',
    'cf_aAbBcCdDeEfFgGhHiIjJ03fa',
  ])('takes %s for a placeholder', (value) => {
    expect(body(value)).toBe(true)
  })

  it.each([
    'wWPw5k4aXcaT4fNP0UcnZwJUVFk6LO0pINUx',
    'LALEMEL33243OLIB',
    'JMN4Q~Nwr~cPITojMJHsXI.n_utg8NlKdqjf4MMT',
    '12345678-ABCD-ABCD-ABCD-1234567890AB',
    'Nsv9U8zvZrkyp3V5',
  ])('takes %s for a random body', (value) => {
    expect(body(value)).toBe(false)
  })

  it('reads characters outside ASCII as themselves, not by their low bits', () => {
    expect(body('Summer2024\u013cx7Qp', 0)).toBe(false)
    expect(body('Q7pLm\u00f8xxx2Zr9', 0)).toBe(false)
    expect(body('ab<cd', 0)).toBe(true)
    expect(body('xxxx', 0)).toBe(true)
    expect(body('\u00f8xxx', 0)).toBe(false)
  })

  it('takes a body for a placeholder only when its marks are what it is made of', () => {
    // A live token with a fill-in word or run glued to it, or splitting it, is still a secret:
    // what a model told to get a secret past a filter writes.
    for (const value of [
      'wWPw5k4aXcaT4fNP0UcnZwJUVFk6LO0pINUxxxxx',
      'xxxxwWPw5k4aXcaT4fNP0UcnZwJUVFk6LO0pINUx',
      'wWPw5k4axxxxXcaT4fNPxxxx0UcnZwJUxxxxVFk6LO0pINUx',
      'f1g2kLGLqdezihCUTzgIAUk6d9wvCnStWrvEXAMPLE',
      '51HqR8vKZt3YwX9pLmN2bQ7cD4eF6gH8jK0lM1nP3rS5tU7vWyourkey',
      // A chosen password that holds a word.
      'Herewego2024!',
      'Summer2024here!',
    ])
      expect(body(value), value).toBe(false)
    // Made of marks, words, joiners and hand-typed sequences: placeholders.
    for (const value of [
      'your_api_key_here',
      'changeme123',
      'YOUR_OPENAI_API_KEY_HERE_1234567890abcdef',
      'SAMPLEabcdefghijklmnopqrstuvwxyzABCD',
      'abc123xyz-456de-klMnopqrstuvwx-3456yza789bcde-1234fghijklmnopAA',
      'IOSFODNN7EXAMPLE',
      'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    ])
      expect(body(value), value).toBe(true)
  })

  it('applies an entropy floor, and none when given 0', () => {
    expect(body('a1b2a1b2c3c3a1b2c3d4', 3.5)).toBe(true)
    expect(body('a1b2a1b2c3c3a1b2c3d4', 0)).toBe(false)
  })

  it('counts a code -1 before the body, so nine ascending codes from 0 make a run', () => {
    const ascending = (count: number): string =>
      String.fromCharCode(...Array.from({ length: count }, (_, code) => code))
    expect(body(ascending(9))).toBe(true)
    expect(body(ascending(8))).toBe(false)
  })

  it('takes ten ascending characters as a placeholder, nine as possibly random', () => {
    expect(body('Zq7nopqrstuvwxW2')).toBe(true)
    expect(body('Zq7opqrstuvw2XWk')).toBe(false)
    // In either case: `opqrstuvwX` is ten.
    expect(body('Zq7opqrstuvwX2Wk')).toBe(true)
    expect(body('Zq7OpQrStUvW2Wk8')).toBe(false)
  })

  it('judges base64 by the text it encodes', () => {
    const encoded = (value: string): boolean => isEncodedPlaceholder(value, 0, value.length)
    expect(encoded(btoa('dummy text data data data'))).toBe(true)
    expect(encoded(btoa('abcdefghijklmnopqrstuvwx'))).toBe(true)
    expect(encoded(btoa('Zx8Qp2LmN7vRt5Kw9Yb3'))).toBe(false)
    // Not base64 of text: binary, or not a multiple of four characters.
    expect(encoded('MC4CAQAwBQYDK2VwBCIEIPLazB1ykaxY8kANAzXDNVjckE3x6K0ukGOwSPLnKOqp')).toBe(false)
    expect(encoded('ZHVtbXkgdGV4dA')).toBe(false)
  })

  it('agrees with a plain one-pass reading on random bodies, with and without bytes', () => {
    let seed = 99
    const random = (limit: number): number => {
      seed = (Math.imul(seed, 1_664_525) + 1_013_904_223) >>> 0
      return (seed >>> 8) % limit
    }
    // Few symbols, so runs, ascending stretches, words and marks all occur by chance.
    const pieces = [
      'a',
      'b',
      'c',
      'x',
      'X',
      '0',
      '1',
      '2',
      '3',
      'your',
      'here',
      'fake',
      '${',
      '..',
      '<',
      '\u0000',
    ]
    for (let round = 0; round < 20_000; round++) {
      let body = ''
      const parts = 1 + random(24)
      for (let part = 0; part < parts; part++) {
        const roll = random(10)
        if (roll === 0) {
          const from = random(60)
          for (let step = 0; step < 4 + random(14); step++)
            body += String.fromCharCode(48 + ((from + step) % 75))
        } else if (roll === 1) body += (pieces[random(pieces.length)] as string).repeat(2 + random(6))
        else body += pieces[random(pieces.length)] as string
      }
      const text = `=${body};`
      const bytes = new TextEncoder().encode(text)
      for (const minimumEntropy of [undefined, 0, 3.5]) {
        const expected = plainIsPlaceholder(text, 1, text.length - 1, minimumEntropy)
        expect(isPlaceholder(text, 1, text.length - 1, minimumEntropy)).toBe(expected)
        expect(isPlaceholder(text, 1, text.length - 1, minimumEntropy, bytes)).toBe(expected)
      }
    }
    // A fixed amount of work (20,000 bodies, about 1.5 s on a quiet machine): the limit only
    // catches a hang, and on a machine shared by several test runs it took over 5 s.
  }, 60_000)
})

/** The rules of `isPlaceholder` read one character at a time, as a reference. */
function plainIsPlaceholder(text: string, start: number, end: number, minimumEntropy?: number): boolean {
  const length = end - start
  if (length <= 0) return true
  const words = ['xxxx', 'your', 'example', 'sample', 'dummy', 'placeholder', 'redacted', 'changeme']
  words.push('password', 'passwd', 'replace', 'insert', 'fake', 'here', '$' + '{', '...')
  let repeated = 1
  let ascending = 1
  let previous = -1
  // Letters compared in lower case: an alphabet counts in either case, and a letter followed by
  // itself in the other case (`aA`) neither extends nor breaks the run.
  const fold = (code: number): number => (code >= 65 && code <= 90 ? code + 32 : code)
  for (let index = start; index < end; index++) {
    const code = text.charCodeAt(index)
    repeated = code === previous ? repeated + 1 : 1
    if (code === previous) ascending = 1
    else if (fold(code) === fold(previous) + 1) ascending++
    else if (fold(code) !== fold(previous)) ascending = 1
    if (repeated >= 6 || ascending >= 10) return isMostlyMarked(text, start, end)
    previous = code
    const lower = code < 128 ? fold(code) : -1
    if (lower === 60 || lower === 62) return isMostlyMarked(text, start, end)
    const before = text.charCodeAt(index - 1)
    const previousLower = index > start && before < 128 ? fold(before) : -1
    for (const word of words) {
      if (
        word.charCodeAt(0) !== previousLower ||
        word.charCodeAt(1) !== lower ||
        index - 1 + word.length > end
      )
        continue
      let matches = true
      for (let offset = 1; offset < word.length; offset++) {
        const at = text.charCodeAt(index - 1 + offset)
        if ((at >= 65 && at <= 90 ? at | 32 : at) !== word.charCodeAt(offset)) matches = false
      }
      if (matches) return isMostlyMarked(text, start, end)
    }
  }
  if (minimumEntropy === 0) return false
  const threshold = minimumEntropy ?? (length >= 16 ? 3 : 0.75 * Math.log2(length))
  return shannonEntropy(text, start, end) < threshold
}
