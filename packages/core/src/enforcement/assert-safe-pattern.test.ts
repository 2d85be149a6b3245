import { describe, expect, it } from 'vitest'
import { assertSafePattern } from './assert-safe-pattern.ts'

describe('assertSafePattern', () => {
  it.each([
    '(a+)+$',
    '(a*)*b',
    '(\\w+\\s?)*$',
    '^(a|a)*$',
    '^(a|ab)+$',
    '(.*a){20}',
    '\\d+\\d+x',
    '.*.*=.*',
    '(x+x+)+y',
    '(a?)+',
    '(\\w)\\1+',
    '^([a-zA-Z0-9])(([\\-.]|[_]+)?([a-zA-Z0-9]+))*(@){1}[a-z0-9]+[.]{1}(([a-z]{2,3})|([a-z]{2,3}[.]{1}[a-z]{2,3}))$',
    // An outside review timed each of these at 27 to 128 s on 31 to 33 characters, or 9 s on 400.
    '(\\s|\\n)*$',
    '(\\t|\\s)*$',
    '(a{1,100}){1,100}$',
    '(\\d{1,3},?)+$',
    '\\$(\\d{1,3},?)+\\.\\d\\d',
    '(?:a\\w?)*$',
    '(\\d+)(\\d+)(\\d+)x',
    '(\\d+)[- ]?(\\d+)[- ]?(\\d+)\\b',
    '\\bNW[- ]?0*(\\d{4,})\\b',
  ])('rejects the catastrophic pattern %s with a located error', (pattern) => {
    expect(() => assertSafePattern(pattern, { path: 'rules[4].enforce.patterns[0]' })).toThrowError(
      /rules\[4\]\.enforce\.patterns\[0\]/,
    )
  })

  it.each([
    '\\bORD-\\d{6}\\b',
    '^[a-z]+$',
    '(foo|bar)+baz',
    'secret[_-]?key\\s*[:=]\\s*\\w+',
    'a+b+c+',
    '\\d{3}-\\d{2}-\\d{4}',
    '(?<year>\\d{4})-(?<month>\\d{2})',
    '\\bNW[- ]?0*([1-9]\\d{3,})\\b',
    '\\$\\d{1,3}(?:,\\d{3})*(?:\\.\\d{2})?',
    '(\\d+)\\s*(\\w+)',
    '(?:\\+?1[ .-]?)?\\(?\\d{3}\\)?[ .-]?\\d{3}[ .-]?\\d{4}',
    '[A-Z]{2}\\d{2}(?: [A-Z0-9]{4}){3,7}',
  ])('accepts the linear pattern %s', (pattern) => {
    expect(assertSafePattern(pattern)).toBeInstanceOf(RegExp)
  })

  it('compares letters in any case under the i flag', () => {
    expect(() => assertSafePattern('(a|A)*$', { flags: 'iu' })).toThrowError(/overlapping alternatives/)
    expect(assertSafePattern('(a|A)*$', { flags: 'u' })).toBeInstanceOf(RegExp)
  })

  it('rejects a syntactically invalid regex as unsafe-pattern', () => {
    expect(() => assertSafePattern('(unclosed', { path: 'p' })).toThrowError(/p: invalid regular expression/)
  })
})
