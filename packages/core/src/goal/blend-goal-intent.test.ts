import { describe, expect, it } from 'vitest'
import {
  blendableIntents,
  blendGoalIntent,
  mayOverrule,
  ruleIntentDistribution,
} from './blend-goal-intent.ts'
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

  it('never overrules a cued request with unknown, whatever the model says of a pasted log', () => {
    const cued = ruleIntentDistribution(resolvedWith('diagnose', [['diagnose', 1]]), 0.55)
    const logLike = new Map([['unknown', 0.98]])
    expect(blendGoalIntent(cued, logLike, 0.45, 'diagnose').intent).toBe('diagnose')
    // With no cue, the model's unknown stands as any other reading would.
    const none = ruleIntentDistribution(resolvedWith('unknown', []), 0.1)
    expect(blendGoalIntent(none, new Map([['explain', 0.9]]), 0.45, 'unknown').intent).toBe('explain')
  })

  it('never turns a question the cues read as asking into a change; a statement it may', () => {
    const asking = ruleIntentDistribution(resolvedWith('explain', [['explain', 1]]), 0.55)
    const change = new Map([['modify', 0.95]])
    expect(blendGoalIntent(asking, change, 0.45, 'explain', true).intent).toBe('explain')
    expect(blendGoalIntent(asking, change, 0.45, 'explain', false).intent).toBe('modify')
    // Another read-only reading may still win over a question's cued one.
    expect(blendGoalIntent(asking, new Map([['diagnose', 0.95]]), 0.45, 'explain', true).intent).toBe(
      'diagnose',
    )
  })

  it.each([
    ['explain', 'modify', true, false],
    ['explain', 'execute', true, false],
    ['explain', 'modify', false, true],
    ['status', 'diagnose', true, true],
    ['modify', 'execute', true, true],
    ['unknown', 'modify', true, true],
    ['diagnose', 'unknown', false, false],
    ['unknown', 'unknown', false, true],
  ] as const)('mayOverrule(%s, %s, question %s) is %s', (cued, intent, question, expected) => {
    expect(mayOverrule(cued, intent, question)).toBe(expected)
  })
})
