import { describe, expect, it } from 'vitest'
import { compareClassifications } from './compare-classifications.ts'
import { createGoalParser } from './create-goal-parser.ts'
import type { Goal } from './types.ts'

// A legacy keyword router like the seed's contains_any(): flat goal types.
const legacyClassify = (text: string) =>
  /commit|git log/.test(text)
    ? 'CommitHistory'
    : /changed|modified/.test(text)
      ? 'WorkingTree'
      : 'CodebaseQuery'
const legacyTypeOf = (goal: Goal) =>
  goal.entity === 'git-history'
    ? 'CommitHistory'
    : goal.entity === 'git-working-tree'
      ? 'WorkingTree'
      : 'CodebaseQuery'

describe('compareClassifications', () => {
  it('reports agreement, confident agreement and where the two classifiers disagree', () => {
    const report = compareClassifications({
      texts: [
        'what changed',
        'show the last commit',
        'did I edit anything',
        'where is CommandRouter defined',
      ],
      parser: createGoalParser(),
      legacyClassify,
      legacyTypeOf,
    })
    expect(report.total).toBe(4)
    // "did I edit anything" has no legacy keyword: the legacy router calls it a codebase query.
    expect(report.rows.find((row) => row.text === 'did I edit anything')).toMatchObject({
      legacy: 'CodebaseQuery',
      derived: 'WorkingTree',
      agreed: false,
    })
    expect(report.agreed).toBe(3)
    expect(report.agreement).toBe(0.75)
    expect(report.confusion.CodebaseQuery).toEqual({ WorkingTree: 1, CodebaseQuery: 1 })
    expect(report.confident.total).toBeLessThanOrEqual(report.total)
  })

  it('reports zero agreement on no texts rather than dividing by zero', () => {
    const report = compareClassifications({
      texts: [],
      parser: createGoalParser(),
      legacyClassify,
      legacyTypeOf,
    })
    expect(report).toMatchObject({ total: 0, agreement: 0, confident: { total: 0, agreement: 0 } })
  })
})
