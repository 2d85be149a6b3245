import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isTokenCode } from './char-classes.ts'
import { createCandidateFinder } from './find-candidate.ts'
import { secretMatcherFor } from './secret-matcher.ts'

/** Start of the first token at or after `from` with at least `minimum` characters (counted from `from`), by walking. */
function firstLongToken(text: string, from: number, minimum: number): number {
  let index = from
  while (index < text.length) {
    if (!isTokenCode(text.charCodeAt(index))) {
      index++
      continue
    }
    const start = index
    while (index < text.length && isTokenCode(text.charCodeAt(index))) index++
    if (index - start >= minimum) return start
  }
  return text.length
}

function tokenOf(text: string, position: number, from: number): number {
  let start = position
  while (start > from && isTokenCode(text.charCodeAt(start - 1))) start--
  return start
}

describe('createCandidateFinder', () => {
  it('finds a position inside exactly the first long token', () => {
    const pieces = fc.constantFrom(
      'a',
      'bcdefgh',
      'x'.repeat(19),
      'y'.repeat(20),
      ' ',
      '\n',
      ',',
      '\u3000',
      'é',
      '1',
    )
    fc.assert(
      fc.property(
        fc.array(pieces, { maxLength: 30 }),
        fc.integer({ min: 1, max: 25 }),
        fc.nat(40),
        (parts, minimum, from) => {
          const text = parts.join('')
          const start = Math.min(from, text.length)
          const expected = firstLongToken(text, start, minimum)
          const found = createCandidateFinder(minimum).nextLongToken(text, start)
          expect(found >= text.length ? text.length : tokenOf(text, found, start)).toBe(expected)
        },
      ),
      { numRuns: 2000 },
    )
  })

  it('finds digits that start a number run but skips short ones the scanner ignores', () => {
    const finder = createCandidateFinder(20)
    // Each text is prepared first, as a scan does (a search belongs to the text prepared last).
    const first = (text: string) => {
      finder.prepare(text)
      return finder.nextFeature(text, 0)
    }
    expect(first('bring 3 printed copies')).toBe(22)
    expect(first('at 10:30 in room')).toBe(16)
    expect(first('room 4.2, bring')).toBe(5)
    expect(first('card ４１１１ １１１１')).toBe(5)
    expect(first('wire DE89 3704')).toBe(7)
    expect(first('mail a@b.io')).toBe(6)
    expect(first('see https://x.io')).toBe(9)
    expect(first('text -----BEGIN RSA')).toBe(5)
  })

  it.each(['AKIALALEMELABCDOLIBX', 'A3TXLALEMELABCDOLIBX', 'sk_live_QwErTyUiOp', 'rk_test_QwErTyUiOp'])(
    'finds a feature inside the short secret %s, however short its token',
    (secret) => {
      // No long-token search: the feature alone must lead the scanner to the secret.
      const finder = createCandidateFinder(Number.POSITIVE_INFINITY, secretMatcherFor().features)
      const text = `plain words ${secret} more words`
      finder.prepare(text)
      const position = finder.nextFeature(text, 0)
      expect(position).toBeGreaterThanOrEqual(12)
      expect(position).toBeLessThan(12 + secret.length)
    },
  )
})

describe('createCandidateFinder search reuse', () => {
  it('answers a search from inside the stretch it last searched without searching again, and a later one anew', () => {
    const finder = createCandidateFinder(Number.POSITIVE_INFINITY)
    const text = `${'no features at all here '.repeat(4)}a@b.io`
    finder.prepare(text)
    const at = text.indexOf('@')
    expect(finder.nextFeature(text, 0)).toBe(at)
    // From anywhere up to the feature: the same feature (the stretch before it holds none).
    expect(finder.nextFeature(text, 10)).toBe(at)
    expect(finder.nextFeature(text, at)).toBe(at)
    // After it: the next one (the dot before a letter of `b.io`), then none.
    expect(finder.nextFeature(text, at + 1)).toBe(text.indexOf('.', at))
    expect(finder.nextFeature(text, text.indexOf('.', at) + 1)).toBe(text.length)
    // A new text prepared: searched anew.
    const other = 'x 4111 1111 1111 1111'
    finder.prepare(other)
    expect(finder.nextFeature(other, 0)).toBe(2)
  })
})

describe('createCandidateFinder value features at `=`, `>` and `,`', () => {
  const matcher = secretMatcherFor()
  const finder = createCandidateFinder(Number.POSITIVE_INFINITY, matcher.features, matcher.operatorFeature)
  const valueAt = (text: string, from = 0): string => {
    finder.prepare(text, from)
    return text.slice(finder.nextFeature(text, from))
  }

  it('lands on the value after an operator found by indexOf, in the order of the text', () => {
    expect(valueAt('a, b = 3 and deploy_token = "cO1cgsoXTUPY7r"')).toBe('cO1cgsoXTUPY7r"')
    expect(valueAt('set("PARTNER_SECRET", "bVUfjBEE14JEWs") then')).toBe('bVUfjBEE14JEWs") then')
    expect(valueAt('<deployToken>cO1cgsoXTUPY7r</deployToken>')).toBe('cO1cgsoXTUPY7r</deployToken>')
  })

  it('finds the operator just before `from` (the scan may step back one character) but none earlier', () => {
    const text = 'api_key=QwErTyAsDfGhJk and more'
    finder.prepare(text, 8)
    expect(finder.nextFeature(text, 7)).toBe(8)
    expect(finder.nextFeature(text, 9)).toBe(text.length)
  })

  it('leaves prose commas and short values alone', () => {
    const text = 'Thanks, the key, as agreed, is short: token = "abc"'
    expect(valueAt(text)).toBe('')
  })
})

describe('createCandidateFinder on long ASCII texts (searched as bytes)', () => {
  it('finds the same long tokens as a walk, for ASCII texts and texts with non-ASCII characters', () => {
    const ascii = ['word ', 'a'.repeat(23), 'b'.repeat(24), `${'c'.repeat(30)} `, ' ', '\n', ',', '1']
    const other = ['é', '\u3000', '\u{1F600}']
    let asBytes = 0
    fc.assert(
      fc.property(
        fc.boolean().chain((withOther) =>
          fc.array(fc.constantFrom(...ascii, ...(withOther ? other : [])), {
            minLength: 60,
            maxLength: 250,
          }),
        ),
        fc.integer({ min: 1, max: 30 }),
        fc.nat(600),
        (parts, minimum, from) => {
          const text = parts.join('')
          if (text.length >= 1024 && [...text].every((char) => char.charCodeAt(0) < 128)) asBytes++
          const start = Math.min(from, text.length)
          const finder = createCandidateFinder(minimum)
          finder.prepare(text)
          const expected = firstLongToken(text, start, minimum)
          const found = finder.nextLongToken(text, start)
          expect(found >= text.length ? text.length : tokenOf(text, found, start)).toBe(expected)
        },
      ),
      { numRuns: 1000 },
    )
    // Both searches ran: long ASCII texts (as bytes) and the others (as a string).
    expect(asBytes).toBeGreaterThan(100)
  })

  it('reuses its buffer for a shorter text without reading past it', () => {
    const finder = createCandidateFinder(24)
    const long = `${'x'.repeat(3000)} tail`
    finder.prepare(long)
    expect(finder.nextLongToken(long, 0)).toBeLessThan(3000)
    // The buffer still holds x's past the end of this text: they must not count.
    const short = `${'word '.repeat(400)}${'y'.repeat(10)}`
    finder.prepare(short)
    expect(finder.nextLongToken(short, 0)).toBe(short.length)
  })
})
