import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { stemWord } from '../text/stem-word.ts'
import {
  broadeningTerms,
  coordinators,
  formatWords,
  limitingQuantifiers,
  narrowerTerms,
  negationWords,
  rankingWords,
  restrictingQualifiers,
  stopWords,
  synonymGroups,
} from './reformulation-lexicon.ts'
import { validateReformulation } from './validate-reformulation.ts'

const now = Date.UTC(2026, 10, 21, 12)
const originals = [
  'Summarize Apple earnings',
  'What happened in crypto markets today?',
  'Find cheap flights to Paris under $500',
  'List the top 5 Italian restaurants in Rome',
  'Summarize my unread emails from this week',
  'What is the weather forecast for Berlin tomorrow?',
]
/**
 * Every word of the guard's vocabulary, stemmed as the guard stems them: a made-up word that
 * happens to stem like one of them (`writs` like the request verb `write`) is not made up.
 */
const vocabularyStems = new Set(
  [
    ...stopWords,
    ...synonymGroups.flat(),
    ...Object.keys(narrowerTerms),
    ...Object.values(narrowerTerms).flat(),
    ...formatWords,
    ...restrictingQualifiers,
    ...rankingWords,
    ...limitingQuantifiers,
    ...broadeningTerms,
    ...coordinators,
    ...negationWords,
  ]
    .flatMap((phrase) => phrase.split(' '))
    .map(stemWord),
)

/** Made-up lowercase words: never in the lexicon, so only structure can decide. */
const freshWord = fc
  .stringMatching(/^[bcdfghjklmnpqrstvwxz]{2}[aeiou][bcdfghjklmnpqrstvwxz]{2,5}$/)
  .filter((word) => !vocabularyStems.has(stemWord(word)))
const joiners = [' and ', ', ', ' or ', ' plus ', ' as well as ', ' & ', ' vs ', '. Also ', ' including ']

describe('validateReformulation (properties)', () => {
  it('never allows a candidate that joins new content onto the goal, even when the evidence names it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...originals),
        fc.constantFrom(...joiners),
        freshWord,
        async (original, joiner, word) => {
          const base = original.replace(/\?$/, '')
          const result = await validateReformulation({
            original,
            candidate: `${base}${joiner}${word}`,
            confidence: 0.99,
            evidence: [{ id: 'e', text: `${original} ${word}` }],
            now,
          })
          expect(result.allowed).toBe(false)
          expect(result.codes).toContain('DTL-STRAT-010')
        },
      ),
      { numRuns: 200 },
    )
  })

  it('never allows dropping a content word of the original', async () => {
    const cases = originals.flatMap((original) => {
      const words = original.split(' ')
      return words.map((_, index) => ({
        original,
        candidate: words.filter((__, other) => other !== index).join(' '),
      }))
    })
    // Function words and request verbs carry no restriction (`my` does and stays in); `weather forecast` is one concept.
    const stopWords = new Set([
      'What',
      'is',
      'the',
      'in',
      'to',
      'for',
      'from',
      'happened',
      'Find',
      'List',
      'forecast',
    ])
    for (const { original, candidate } of cases) {
      const dropped = original.split(' ').find((word, index) => candidate.split(' ')[index] !== word) ?? ''
      if (stopWords.has(dropped)) continue
      const result = await validateReformulation({
        original,
        candidate,
        confidence: 0.99,
        evidence: [{ id: 'e', text: original }],
        now,
      })
      expect({ original, candidate, allowed: result.allowed }).toEqual({
        original,
        candidate,
        allowed: false,
      })
    }
  })

  it('never allows anything below 0.9 confidence or without evidence', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...originals),
        fc.string({ minLength: 1, maxLength: 80 }).filter((text) => text.trim() !== ''),
        fc.double({ min: 0, max: 0.8999999, noNaN: true }),
        async (original, candidate, confidence) => {
          const lowConfidence = await validateReformulation({
            original,
            candidate,
            confidence,
            evidence: [{ id: 'e', text: candidate }],
            now,
          })
          expect(lowConfidence).toMatchObject({ allowed: false, code: 'DTL-STRAT-007' })
          const noEvidence = await validateReformulation({
            original,
            candidate,
            confidence: 0.99,
            evidence: [],
            now,
          })
          expect(noEvidence.allowed).toBe(false)
          expect(noEvidence.codes).toContain('DTL-STRAT-009')
        },
      ),
      { numRuns: 200 },
    )
  })

  it('always allows restating the original with its own evidence', async () => {
    for (const original of originals) {
      const result = await validateReformulation({
        original,
        candidate: original,
        confidence: 0.95,
        evidence: [{ id: 'e', text: original }],
        now,
      })
      expect(result).toMatchObject({ allowed: true, type: 'clarification' })
    }
  })
})
