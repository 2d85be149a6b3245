import { describe, expect, it } from 'vitest'
import { createIdentifierAllocator, deriveIdentifier } from './derive-identifier.ts'

const validIdentifier = /^[A-Za-z0-9_.:-]+$/

describe('deriveIdentifier', () => {
  it('keeps an identifier as written and turns a sentence into lower-case words without articles', () => {
    expect(deriveIdentifier('verify_identity')).toBe('verify_identity')
    expect(deriveIdentifier('Run the tests')).toBe('run_tests')
    expect(deriveIdentifier('run tests first')).toBe('run_tests_first')
    expect(deriveIdentifier("Don't skip the café's checklist!")).toBe('don_t_skip_cafe_s_checklist')
  })

  it('always returns a valid identifier, with the fallback for text without letters or digits', () => {
    expect(deriveIdentifier('¿?!', 'step')).toBe('step')
    expect(deriveIdentifier('The a an')).toBe('the_a_an')
    const long = deriveIdentifier(
      'Check every single line of the very long release notes before shipping them out',
    )
    expect(long.length).toBeLessThanOrEqual(48)
    for (const text of ['Run the tests', '  spaced  out  ', 'Ünïcödé step', '1. First step', 'a/b\\c'])
      expect(deriveIdentifier(text)).toMatch(validIdentifier)
  })
})

describe('createIdentifierAllocator', () => {
  it('suffixes repeats with _2, _3 and skips ids already reserved', () => {
    const ids = createIdentifierAllocator(['run_tests_2'])
    expect(['run_tests', 'run_tests', 'run_tests', 'lint'].map((base) => ids.take(base))).toEqual([
      'run_tests',
      'run_tests_3',
      'run_tests_4',
      'lint',
    ])
  })
})
