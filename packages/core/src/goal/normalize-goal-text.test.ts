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
    ['should I use zustand for the cart?', 'use'],
    ['so should we cache the results?', 'cache'],
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

  // A name's words ask nothing: `@design/` is no design task, `refactor-plan.md` no refactor.
  it('marks the words of a name, which take no lead from the verb after them', () => {
    const tokens = normalizeGoalText('@design/refactor-plan.md summarize it', compiled)
    expect(tokens.filter((token) => token.named).map((token) => token.surface)).toEqual([
      'design',
      'refactor',
      'plan',
      'md',
    ])
    expect(leadOf('@design/refactor-plan.md summarize it', 'summarize')).toBe(2)
    expect(leadOf('the config is in .history. Add it to .gitignore', 'add')).toBe(1)
  })

  it.each([
    // A yes/no question about what is there: its change verbs are asked about.
    ['does this rename the exported type too?', 'rename'],
    ['were these added on purpose?', 'added'],
    // A question taken as the object of explain / tell / know: asked about, not asked for.
    ['explain which files I should change first', 'change'],
    ['tell me what to add to the config', 'add'],
  ])('reads %j as asking about %j', (text, verb) => {
    expect(normalizeGoalText(text, compiled).find((token) => token.surface === verb)?.asked).toBe(true)
  })

  it.each([
    ['are you able to add a retry to the fetch?', 'add'],
    ['can you add a retry to the fetch?', 'add'],
    ['the retry is flaky. add a test for it', 'add'],
  ])('keeps the change verb of %j asked for', (text, verb) => {
    expect(normalizeGoalText(text, compiled).find((token) => token.surface === verb)?.asked).toBeUndefined()
  })
})
