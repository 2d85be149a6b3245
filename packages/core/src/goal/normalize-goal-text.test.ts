import { describe, expect, it } from 'vitest'
import { compileGoalVocabulary } from './compile-goal-vocabulary.ts'
import { defaultGoalVocabulary } from './default-goal-vocabulary.ts'
import { normalizeGoalText } from './normalize-goal-text.ts'

const compiled = compileGoalVocabulary(defaultGoalVocabulary)
const leadOf = (text: string, word: string) =>
  normalizeGoalText(text, compiled).find((token) => token.surface === word)?.lead

describe('normalizeGoalText', () => {
  it.each([
    ['do you write notes between sessions?', 'write'],
    ['so do we use redis for the cache?', 'use'],
    ['Thanks. Do they handle retries?', 'handle'],
  ])('reads the verb after an opening do and its subject as asked about, not leading (%j)', (text, verb) => {
    expect(leadOf(text, verb)).toBe(0)
  })

  it.each([
    ['do not use lodash in the helper', 'use'],
    ['please add a test', 'add'],
    ['could you add a test?', 'add'],
  ])('keeps the imperative verb of %j leading', (text, verb) => {
    expect(leadOf(text, verb)).toBeGreaterThan(0)
  })
})
