import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { inChunks } from '../testing/chunked-text.ts'
import { createWordReading, isValueWord, joinsBack, readableWord } from './create-word-reading.ts'

/**
 * Pieces of words: value words and their prefixes, hyphens and punctuation around them, digits and
 * signs, characters NFKC reads as others (fullwidth, `𝟓` and `𝐟` in two code units, `ﬀ`, `⒈`),
 * combining marks (`e` + acute composes, a mark after a hyphen does not), invisible characters,
 * Hangul jamo NFKC joins into syllables, a Greek capital sigma (lowercased by what follows it),
 * CJK text.
 */
const pieces = fc.constantFrom(
  'five',
  'fi',
  'seventeen',
  'seventy',
  'dollars',
  'doll',
  'swiss',
  'and',
  'a',
  'an',
  'k',
  'per',
  'cent',
  'refund',
  'REFUND',
  'ｒｅｆｕｎｄ',
  'x',
  'fo',
  'qu',
  '-',
  '--',
  '.',
  ',',
  '!',
  '?',
  '(',
  ')',
  "'",
  '%',
  '$',
  '€',
  '5',
  '２',
  '𝟓',
  '𝐟',
  'ﬀ',
  '⒈',
  'Ⅻ',
  'e\u0301',
  '\u0301',
  '\u200b',
  '\u00ad',
  'ᄀ',
  'ᅡ',
  'ᆨ',
  'ㅏ',
  'ΟΔΟΣ',
  'Σ',
  '退款',
  '美元',
  'İ',
)
const labels = ['refund', 'und five', 'ollar']

/** A word of those pieces cut into chunks of 1 to 4 code units (a chunk may split a pair). */
const chunkedWords = inChunks(
  fc.array(pieces, { minLength: 1, maxLength: 12 }).map((parts) => parts.join('')),
  4,
)

describe('createWordReading', () => {
  it('reads a word written chunk by chunk as isValueWord and the raw tests read it whole', () => {
    fc.assert(
      fc.property(chunkedWords, fc.constantFrom('', ' ', ' five', '.\n', 'ref', 'und 5'), (chunks, next) => {
        const reading = createWordReading(7, labels)
        let word = ''
        for (const chunk of chunks) {
          word += chunk
          reading.add(chunk)
          expect(reading.length).toBe(word.length)
          for (const partial of [false, true])
            expect(reading.isValue(partial)).toBe(isValueWord(word, partial))
          expect(reading.isJoining()).toBe(['a', 'an', 'and'].includes(readableWord(word)))
          expect(reading.hasValueCharacter(next)).toBe(/[\p{N}\p{Sc}%]/u.test(word + next))
          expect(reading.hasSentenceEnd(next)).toBe(/[.!?\n]/u.test(word + next))
          const read = readableWord(word + next)
          expect(reading.hasLabel(next)).toBe(labels.some((label) => read.includes(label)))
        }
      }),
      { numRuns: 1500 },
    )
  }, 30_000)

  it('cuts a word for NFKC only before characters it never joins to what is before them (every code point)', () => {
    // Second parts of canonical compositions (a character whose decomposition is two, rejoined by NFC).
    const second = new Set<number>()
    for (let code = 0; code <= 0x10ffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue
      const character = String.fromCodePoint(code)
      const parts = [...character.normalize('NFD')]
      if (parts.length === 2 && parts.join('').normalize('NFC') === character)
        second.add((parts[1] as string).codePointAt(0) as number)
      // Hangul: a syllable with a final consonant is composed from the syllable without it.
      if (parts.length === 3 && code >= 0xac00 && code <= 0xd7a3)
        second.add((parts[2] as string).codePointAt(0) as number)
    }
    const joins = (character: string) =>
      /\p{M}/u.test(character) || second.has(character.codePointAt(0) as number)
    const missed: string[] = []
    for (let code = 0; code <= 0xffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue
      const character = String.fromCodePoint(code)
      const first = [...character.normalize('NFKD')][0] ?? character
      if ((joins(character) || joins(first)) && !joinsBack.test(character)) missed.push(code.toString(16))
    }
    expect(missed).toEqual([])
    // Every code unit of a character beyond the first plane joins: a word is never cut inside a pair.
    expect(joinsBack.test('\ud835') && joinsBack.test('\udfd3')).toBe(true)
  }, 30_000)
})
