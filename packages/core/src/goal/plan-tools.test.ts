import { describe, expect, it } from 'vitest'
import { defaultGoalStrategy } from './default-goal-strategy.ts'
import { evidenceFor } from './evidence-for.ts'
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

  it('fills a commit or a range the goal names into the history and diff calls, else HEAD and the working tree', () => {
    const history: Goal = {
      intent: 'compare',
      entity: 'git-history',
      artifact: 'difference',
      scope: 'recent',
    }
    const args = (goal: Goal) => planTools(goal, ['git-commit', 'git-diff']).map((call) => call.args)
    expect(args({ ...history, target: '855110d..HEAD' })).toEqual([
      'show --stat 855110d..HEAD',
      'diff 855110d..HEAD',
    ])
    expect(args({ ...history, target: '855110d' })).toEqual(['show --stat 855110d', 'diff 855110d'])
    expect(args(history)).toEqual(['show --stat HEAD', 'diff'])
    // A word is no commit, nor is a number.
    expect(args({ ...history, target: 'deadline' })).toEqual(['show --stat HEAD', 'diff'])
    expect(args({ ...history, target: '1234567' })).toEqual(['show --stat HEAD', 'diff'])
  })

  it('fills a file the goal names into its history as pathspecs, and a bare name in every folder', () => {
    const history: Goal = { intent: 'status', entity: 'git-history', artifact: 'status', scope: 'recent' }
    const args = (goal: Goal) => planTools(goal, ['file-commit']).map((call) => call.args)
    expect(args({ ...history, target: 'src/auth.ts' })).toEqual(['log -1 --stat -- src/auth.ts'])
    expect(args({ ...history, target: 'orders.ts' })).toEqual(['log -1 --stat -- orders.ts */orders.ts'])
    expect(evidenceFor({ ...history, target: 'src/auth.ts' })).toEqual(['file-history', 'file-commit'])
    // A name or a commit is no file: the repository's history, or that commit.
    expect(evidenceFor({ ...history, target: 'CommandRouter' })).toEqual(['git-log', 'git-commit'])
    expect(evidenceFor({ ...history, target: '855110d' })).toEqual(['git-log', 'git-commit'])
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
