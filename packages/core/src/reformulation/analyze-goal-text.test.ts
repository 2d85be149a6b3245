import { describe, expect, it } from 'vitest'
import { analyzeGoalText } from './analyze-goal-text.ts'
import { createLexiconIndex } from './create-lexicon-index.ts'

const lexicon = createLexiconIndex()
const analyze = (text: string) => analyzeGoalText(text, lexicon, Date.UTC(2026, 10, 21, 12))
const keys = (text: string) => analyze(text).concepts.map((concept) => concept.key)

describe('analyzeGoalText', () => {
  it('keys synonyms alike and drops function words', () => {
    expect(keys('What happened in crypto markets today?')).toEqual(
      keys('What happened in cryptocurrency markets today?'),
    )
    expect(keys('Summarize the earnings report')).toEqual(keys('summary of earnings'))
  })

  it('separates limits, comparators, time windows and negations from concepts', () => {
    const analysis = analyze("Don't list the top 5 laptops under $500 from this week")
    expect(analysis.limits).toEqual([{ label: 'top 5', count: 5, ranked: true, head: 'top', stated: true }])
    expect(analysis.comparators).toEqual([{ label: 'under $500', direction: 'upper', value: 500, unit: '$' }])
    expect(analysis.times.map((window) => window.label)).toEqual(['this week'])
    expect(analysis.negations).toBe(1)
    expect(
      analysis.concepts.filter((concept) => concept.class === 'content').map((concept) => concept.key),
    ).toEqual(['laptop'])
  })

  it('reads capitalised runs inside a sentence as names and marks places after in/at', () => {
    const [weather, place] = analyze('Weather in New York for next week').concepts
    expect(weather?.entity).toBe(false)
    expect(place).toMatchObject({ text: 'New York', entity: true, afterLocationPreposition: true })
  })

  it('counts coordinators and marks list members', () => {
    const analysis = analyze('Summarize Apple and Google earnings')
    expect(analysis.coordinators).toBe(1)
    expect(
      analysis.concepts.filter((concept) => concept.conjunctMember).map((concept) => concept.text),
    ).toEqual(['Apple', 'Google'])
  })

  it('classifies side-effect verbs, widening words and format words', () => {
    const classes = Object.fromEntries(
      analyze('email all findings as bullet points').concepts.map((concept) => [concept.text, concept.class]),
    )
    expect(classes).toMatchObject({
      email: 'side-effect',
      all: 'broadening',
      bullet: 'format',
      points: 'format',
    })
  })
})
