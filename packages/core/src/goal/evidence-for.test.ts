import { describe, expect, it } from 'vitest'
import { createGoalParser } from './create-goal-parser.ts'
import { defaultGoalStrategy } from './default-goal-strategy.ts'
import { evidenceFor } from './evidence-for.ts'
import type { Goal } from './types.ts'

const parser = createGoalParser()
const goalOf = (text: string) => parser.parse(text).goal

describe('evidenceFor', () => {
  it('derives evidence from goal fields as the seed rows do', () => {
    // The change itself, not only the files' names; the last commit itself, not only the log.
    expect(evidenceFor(goalOf('what changed'))).toEqual(['git-status', 'git-diff'])
    expect(evidenceFor(goalOf('show the last commits'))).toEqual(['git-log', 'git-commit'])
    expect(evidenceFor(goalOf('what changed in the last commit?'))).toEqual(['git-log', 'git-commit'])
    expect(evidenceFor(goalOf('explain the architecture'))).toEqual(['discovery', 'file-content'])
    expect(evidenceFor(goalOf('find CommandRouter'))).toEqual(['symbol-search', 'file-content'])
    expect(evidenceFor(goalOf('why did the CI workflow fail'))).toEqual(['ci-workflow', 'build-output'])
  })

  it('asks for usage evidence when the request is about where something is used', () => {
    // A name: the usage search, and the planner reads the first caller's file (not the name as a file).
    expect(evidenceFor(goalOf('find where ConfigService is used'))).toEqual(['usage-search'])
    expect(evidenceFor(goalOf('where is checkToken called?'))).toEqual(['usage-search'])
    expect(evidenceFor(goalOf('who calls findOrder?'))).toEqual(['usage-search'])
    expect(evidenceFor(goalOf('who uses findOrder?'))).toEqual(['usage-search'])
    // A file: where it is used, and the file itself.
    expect(evidenceFor(goalOf('find where src/auth.ts is used'))).toEqual(['usage-search', 'file-content'])
  })

  it('needs no evidence for small talk', () => {
    expect(evidenceFor(goalOf('hello there'))).toEqual([])
  })

  it('supports a new combination by adding a row, not code', () => {
    const goal: Goal = { intent: 'review', entity: 'test', artifact: 'report', scope: 'global' }
    const strategy = {
      ...defaultGoalStrategy,
      evidence: [
        { when: { intent: 'review' as const, entity: 'test' as const }, evidence: ['test-output' as const] },
        ...defaultGoalStrategy.evidence,
      ],
    }
    expect(evidenceFor(goal, { strategy })).toEqual(['test-output'])
    expect(evidenceFor(goal)).not.toEqual(['test-output'])
  })
})
