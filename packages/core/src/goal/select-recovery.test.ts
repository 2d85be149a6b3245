import { describe, expect, it } from 'vitest'
import { createGoalParser } from './create-goal-parser.ts'
import { selectRecovery } from './select-recovery.ts'
import type { GoalEvidenceClass } from './strategy-types.ts'
import type { Goal } from './types.ts'

const symbol: Goal = {
  intent: 'locate',
  entity: 'symbol',
  artifact: 'definition',
  scope: 'global',
  target: 'TokenManager',
}

describe('selectRecovery', () => {
  it('asks a clarifying question instead of running tools when parse confidence is below 0.3', () => {
    const { goal, ambiguities } = createGoalParser().parse('what changed')
    const recovery = selectRecovery(goal, new Set(), 0.2, { ambiguities })
    expect(recovery).toEqual({
      type: 'clarify',
      question: 'Do you mean uncommitted changes in the working tree or files changed across commits?',
      options: ['git-working-tree', 'git-history'],
      // How the options read to a person (session 44: the widget showed the raw values).
      labels: ['uncommitted changes in the working tree', 'files changed across commits'],
      field: 'entity',
    })
  })

  it('asks an open question when the goal itself is unknown', () => {
    const unknown: Goal = { intent: 'unknown', entity: 'unknown', artifact: 'explanation', scope: 'global' }
    const recovery = selectRecovery(unknown, new Set(), 0.05)
    expect(recovery.type).toBe('clarify')
  })

  it('broadens a failed symbol lookup to grep on the target', () => {
    expect(selectRecovery(symbol, new Set(), 0.9)).toEqual({
      type: 'tool',
      call: { tool: 'grep', args: 'TokenManager', evidence: 'symbol-search' },
    })
  })

  it('runs discovery for an architecture question that has none yet', () => {
    const architecture: Goal = {
      intent: 'explain',
      entity: 'architecture',
      artifact: 'overview',
      scope: 'global',
    }
    expect(selectRecovery(architecture, new Set(), 0.9)).toMatchObject({
      type: 'tool',
      call: { tool: 'discovery' },
    })
  })

  it('returns none when nothing is missing', () => {
    const store = new Set<GoalEvidenceClass>(['symbol-search', 'file-search', 'file-content'])
    expect(selectRecovery(symbol, store, 0.9)).toEqual({ type: 'none' })
  })

  it('honours a custom clarification threshold', () => {
    expect(selectRecovery(symbol, new Set(), 0.5, { clarifyBelow: 0.6 }).type).toBe('clarify')
  })
})
