import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { globMatchCost, matchGlob } from './match-glob.ts'

describe('matchGlob', () => {
  it.each([
    ['*.pkl', 'model.pkl', true],
    ['*.pkl', 'model.pkl.bak', false],
    ['*.pkl', 'models/model.pkl', false],
    ['models/*.pkl', 'models/model.pkl', true],
    ['models/*.pkl', 'models/v2/model.pkl', false],
    ['models/**/*.pkl', 'models/model.pkl', true],
    ['models/**/*.pkl', 'models/a/b/model.pkl', true],
    ['**', 'a/b/c', true],
    ['report-?.md', 'report-1.md', true],
    ['report-?.md', 'report-12.md', false],
    ['', '', true],
    ['*', '', true],
  ])('%s against %s → %s', (pattern, text, expected) => {
    expect(matchGlob(pattern, text)).toBe(expected)
  })

  it('lets * cross / when asked (marker names)', () => {
    expect(matchGlob('10.1145*', '10.1145/2939672', { crossSeparators: true })).toBe(true)
    expect(matchGlob('10.1145*', '10.1145/2939672')).toBe(false)
  })

  it('treats regular-expression characters literally', () => {
    expect(matchGlob('a.b(c)+[d]', 'a.b(c)+[d]')).toBe(true)
    expect(matchGlob('a.b', 'axb')).toBe(false)
  })

  it('stays fast on patterns that make backtracking matchers explode', () => {
    const text = 'a'.repeat(2000)
    expect(matchGlob('*a*a*a*a*a*a*a*a*b', text)).toBe(false)
  })

  it('matches any text against itself and a star-split of itself (property)', () => {
    const segment = fc.stringMatching(/^[a-z0-9._-]{0,6}$/)
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 5 }), (parts) => {
        const text = parts.join('')
        expect(matchGlob(text, text)).toBe(true)
        expect(matchGlob(parts.join('*'), text)).toBe(true)
        expect(matchGlob(`${text}?`, text)).toBe(false)
      }),
    )
  })

  it('agrees with a regular-expression reading of the glob on random patterns and paths (property)', () => {
    // The reference, read left to right as the tokenizer reads: `**/` zero or more folders, `**` any
    // run, `*` a run without `/`, `?` one such character.
    const reference = (pattern: string, text: string) => {
      let source = ''
      for (let index = 0; index < pattern.length; index++) {
        const character = pattern[index]!
        if (character === '?') source += '[^/]'
        else if (character !== '*') source += character === '.' ? '\\.' : character
        else if (pattern[index + 1] !== '*') source += '[^/]*'
        else if (pattern[index + 2] === '/') {
          source += '(?:.*/)?'
          index += 2
        } else {
          source += '.*'
          index += 1
        }
      }
      return new RegExp(`^${source}$`, 's').test(text)
    }
    const pattern = fc.stringMatching(/^[ab/*?.]{0,9}$/)
    const text = fc.stringMatching(/^[ab/.]{0,12}$/)
    fc.assert(
      fc.property(pattern, text, (glob, path) => {
        expect(matchGlob(glob, path)).toBe(reference(glob, path))
      }),
      { numRuns: 3000 },
    )
  })

  it('prices a match at the product of the lengths, whatever the pattern (no backtracking to exploit)', () => {
    expect(globMatchCost('**/'.repeat(200), 'a/'.repeat(128))).toBe((600 + 1) * (256 + 1))
    // The outside review's pattern: every `**/` scanned every later `/` for every position.
    expect(matchGlob(`${'**/'.repeat(200)}>x`, `${'a/'.repeat(128)}b`)).toBe(false)
    expect(matchGlob(`${'**/'.repeat(200)}b`, `${'a/'.repeat(128)}b`)).toBe(true)
  })
})
