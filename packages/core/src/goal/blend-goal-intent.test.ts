import { describe, expect, it } from 'vitest'
import { blendableIntents, blendGoalIntent, ruleIntentDistribution } from './blend-goal-intent.ts'
import type { ResolvedGoal } from './resolve-goal.ts'
import type { GoalIntent } from './types.ts'

function resolvedWith(intent: GoalIntent, ranked: Array<readonly [string, number]>): ResolvedGoal {
  const field = (value: string) => ({ value, ranked: [], fromDefault: true })
  return {
    goal: { intent, entity: 'unknown', artifact: 'explanation', scope: 'global' },
    fields: {
      intent: { value: intent, ranked, fromDefault: ranked.length === 0 },
      entity: field('unknown'),
      artifact: field('explanation'),
      scope: field('global'),
    },
  }
}

const sum = (distribution: ReadonlyMap<string, number>) =>
  [...distribution.values()].reduce((a, b) => a + b, 0)

describe('ruleIntentDistribution', () => {
  it("gives the cues' pick their confidence and the runners-up the rest, more to the ones voted for", () => {
    const distribution = ruleIntentDistribution(
      resolvedWith('modify', [
        ['modify', 3],
        ['diagnose', 1],
      ]),
      0.8,
    )
    expect(distribution.get('modify')).toBeCloseTo(0.8)
    expect(sum(distribution)).toBeCloseTo(1)
    expect(distribution.get('diagnose')!).toBeGreaterThan(distribution.get('explain')!)
    expect([...distribution.keys()].sort()).toEqual([...blendableIntents].sort())
  })

  it('keeps half for an unknown reading (no cue matched) and spreads the rest evenly', () => {
    const distribution = ruleIntentDistribution(resolvedWith('unknown', []), 0.1)
    expect(distribution.get('unknown')).toBeCloseTo(0.5)
    expect(distribution.get('explain')).toBeCloseTo(distribution.get('chat')!)
    expect(sum(distribution)).toBeCloseTo(1)
  })
})

describe('blendGoalIntent', () => {
  const rules = ruleIntentDistribution(resolvedWith('execute', [['execute', 1]]), 0.55)
  const learned = new Map([
    ['diagnose', 0.9],
    ['execute', 0.05],
  ])

  it('keeps the cues when the learned model has no weight', () => {
    expect(blendGoalIntent(rules, learned, 0, 'execute')).toEqual({
      intent: 'execute',
      probability: 0.55,
      cuedProbability: 0.55,
    })
  })

  it('lets a confident learned model overrule a weak cue reading', () => {
    const blend = blendGoalIntent(rules, learned, 0.45, 'execute')
    expect(blend.intent).toBe('diagnose')
    expect(blend.probability).toBeCloseTo(0.55 * (rules.get('diagnose') ?? 0) + 0.45 * 0.9)
    expect(blend.cuedProbability).toBeCloseTo(0.55 * 0.55 + 0.45 * 0.05)
  })

  it("keeps the cues' pick on a tie", () => {
    const even = new Map(blendableIntents.map((intent) => [intent as string, 1 / blendableIntents.length]))
    const flat = new Map(blendableIntents.map((intent) => [intent, 1 / blendableIntents.length]))
    expect(blendGoalIntent(flat, even, 0.5, 'review').intent).toBe('review')
  })
})
