import { describe, expect, it } from 'vitest'
import { irregularPastForms, stemWord } from './stem-word.ts'

describe('stemWord', () => {
  it.each([
    ['modify', 'modified', 'modifies', 'modifying'],
    ['cache', 'cached', 'caches', 'caching'],
    ['summarize', 'summarized', 'summarizes', 'summarizing'],
    ['price', 'prices', 'priced', 'pricing'],
    ['build', 'builds', 'building', 'built'],
    ['stop', 'stops', 'stopped', 'stopping'],
    ['fix', 'fixes', 'fixed', 'fixing'],
    ['write', 'writes', 'wrote', 'written', 'writing'],
    ['movie', 'movies'],
    ['cookie', 'cookies'],
  ])('gives every form of %s one stem', (...forms) => {
    expect(new Set(forms.map(stemWord)).size).toBe(1)
  })

  it('strips one suffix only, so a plural noun in -ings never becomes a verb', () => {
    // `settings` is a config synonym in the goal vocabulary; read as `set` it became a modify cue.
    expect(stemWord('settings')).toBe('setting')
    expect(stemWord('settings')).not.toBe(stemWord('set'))
  })

  it('keeps words that only look plural, and words with digits', () => {
    for (const word of ['news', 'status', 'analysis', 'business', 'means', 'bus', 'ethics'])
      expect(stemWord(word)).toBe(word)
    expect(stemWord('q4')).toBe('q4')
    expect(stemWord('2020s')).toBe('2020s')
  })

  it('drops possessives and case, and keeps a double l, s or z', () => {
    expect(stemWord("Company's")).toBe(stemWord('company'))
    expect(stemWord('filled')).toBe('fill')
    expect(stemWord('passed')).toBe('pass')
    expect(stemWord('buzzing')).toBe('buzz')
  })

  it('never resolves a word to an Object.prototype member', () => {
    expect(stemWord('constructor')).toBe('constructor')
    expect(stemWord('__proto__')).toBe('__proto__')
  })

  it('lists irregular past forms, not present ones', () => {
    expect(irregularPastForms.has('wrote')).toBe(true)
    expect(irregularPastForms.has('was')).toBe(true)
    expect(irregularPastForms.has('does')).toBe(false)
  })
})
