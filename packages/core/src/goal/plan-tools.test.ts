import { describe, expect, it } from 'vitest'
import { defaultGoalStrategy } from './default-goal-strategy.ts'
import { planTools } from './plan-tools.ts'
import type { Goal } from './types.ts'

const locate: Goal = {
  intent: 'locate',
  entity: 'symbol',
  artifact: 'definition',
  scope: 'global',
  target: 'CommandRouter',
}

describe('planTools', () => {
  it('fills the target into each call and gives each a fallback', () => {
    expect(planTools(locate, ['symbol-search', 'file-content'])).toEqual([
      {
        tool: 'symbols',
        args: 'CommandRouter',
        evidence: 'symbol-search',
        fallback: { tool: 'grep', args: 'CommandRouter' },
      },
      {
        tool: 'read',
        args: 'CommandRouter',
        evidence: 'file-content',
        fallback: { tool: 'find', args: 'CommandRouter' },
      },
    ])
  })

  it('runs deterministic tools before broad searches whatever order the evidence came in', () => {
    const plan = planTools(locate, ['file-search', 'git-status', 'file-content'])
    expect(plan.map((call) => call.tool)).toEqual(['git', 'read', 'find'])
  })

  it('uses "." when the goal names no target', () => {
    const { target: _, ...untargeted } = locate
    expect(planTools(untargeted, ['file-search'])[0]?.args).toBe('.')
  })

  it('takes tool names from the table, so a host can rename them', () => {
    const strategy = {
      ...defaultGoalStrategy,
      tools: [{ evidence: 'git-status' as const, tool: 'vcs.status', args: '', deterministic: true }],
    }
    expect(planTools(locate, ['git-status', 'file-content'], { strategy })).toEqual([
      { tool: 'vcs.status', args: '', evidence: 'git-status' },
    ])
  })
})
