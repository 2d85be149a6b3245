import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { matchGlob } from './match-glob.ts'

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
})
