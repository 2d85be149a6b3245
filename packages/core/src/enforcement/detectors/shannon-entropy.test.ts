import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { runEntropy, shannonEntropy } from './shannon-entropy.ts'

const entropyCharacters = [...'abcXYZ0123456789+/=_-']

describe('runEntropy', () => {
  it('equals shannonEntropy bit for bit when the run has a digit and four letters, else is -1', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...entropyCharacters), { maxLength: 200 }), (characters) => {
        const run = characters.join('')
        const text = `key ${run} end`
        const digits = characters.filter((character) => /\d/.test(character)).length
        const letters = characters.filter((character) => /[A-Za-z]/.test(character)).length
        const expected = digits === 0 || letters < 4 ? -1 : shannonEntropy(text, 4, 4 + run.length)
        expect(Object.is(runEntropy(text, 4, 4 + run.length), expected)).toBe(true)
      }),
      { numRuns: 2000 },
    )
  })
})

describe('shannonEntropy', () => {
  it('gives 4 bits for sixteen equally frequent characters and 0 for one repeated character', () => {
    expect(shannonEntropy('0123456789abcdef'.repeat(3), 0, 48)).toBe(4)
    expect(shannonEntropy('aaaa', 0, 4)).toBe(0)
  })
})
