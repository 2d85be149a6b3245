import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type DefinitionScenario, scenarioSchema } from '../definition/definition-schema.ts'
import { createRouter } from './create-router.ts'
import type { NavigationState, RouteInput } from './types.ts'

const scenario = (input: Record<string, unknown>): DefinitionScenario => scenarioSchema.parse(input)

const scenarios = [
  scenario({
    id: 'refunds',
    intents: ['refund'],
    steps: [
      { id: 'verify', transitions: [{ to: 'request', condition: 'has(fields.email)' }] },
      { id: 'request', transitions: [{ to: 'verify', condition: 'has(fields.reset)' }] },
      { id: 'done', terminal: true },
    ],
    transitions: [{ to: 'done', intents: ['thanks'] }],
  }),
  scenario({ id: 'pricing', intents: ['pricing'], steps: [{ id: 'quote' }] }),
  scenario({ id: 'cancellation', intents: ['cancel'], steps: [{ id: 'request' }] }),
]
const inRefunds: NavigationState = { scenario: 'refunds', step: 'verify', transitionCounts: {} }

function input(scores: Record<string, number>, overrides: Partial<RouteInput> = {}): RouteInput {
  const alternatives = Object.entries(scores)
    .map(([intent, confidence]) => ({ intent, confidence }))
    .sort((left, right) => right.confidence - left.confidence)
  return {
    alternatives,
    intent: alternatives[0]?.intent ?? 'unknown',
    topicShift: false,
    variables: { fields: {} },
    ...overrides,
  }
}

describe('createRouter', () => {
  const router = createRouter({ scenarios })

  it('enters the best scenario above the entry threshold at its first step', () => {
    const decision = router.route(
      { scenario: null, step: null, transitionCounts: {} },
      input({ refund: 0.7 }),
    )
    expect(decision).toMatchObject({ scenario: 'refunds', step: 'verify', decision: 'entered' })
  })

  it('stays when another scenario scores below the exit threshold (drift to price)', () => {
    const decision = router.route(inRefunds, input({ pricing: 0.8 }))
    expect(decision).toMatchObject({ scenario: 'refunds', decision: 'stayed' })
    expect(decision.scores.find((score) => score.scenario === 'refunds')).toMatchObject({
      score: 0.25,
      boosted: true,
    })
  })

  it('switches when another scenario clears the exit threshold and beats staying', () => {
    const decision = router.route(inRefunds, input({ cancel: 0.7 }, { topicShift: true }))
    expect(decision).toMatchObject({
      scenario: 'cancellation',
      step: 'request',
      decision: 'switched',
      previousScenario: 'refunds',
    })
  })

  it('takes step transitions before scenario transitions, and follows chains', () => {
    const decision = router.route(
      inRefunds,
      input({ thanks: 0.9 }, { variables: { fields: { email: 'a@b.co' } } }),
    )
    expect(decision.transitions).toEqual(['refunds:verify->request', 'refunds:request->done'])
    expect(decision.step).toBe('done')
  })

  it('stops and reports a loop when the same transition exceeds the loop guard', () => {
    const guarded = createRouter({ scenarios, loopGuard: 2 })
    const variables = { fields: { email: 'a@b.co', reset: true } }
    let state = inRefunds
    const taken: string[] = []
    let loop: { transition: string; count: number } | undefined
    for (let turn = 0; turn < 5 && loop === undefined; turn++) {
      const decision = guarded.route(state, input({}, { variables }))
      taken.push(...decision.transitions)
      loop = decision.loop
      state = decision.state
    }
    expect(loop?.count).toBe(2)
    expect(taken.filter((transition) => transition === loop?.transition)).toHaveLength(2)
  })

  it('exposes the stickiness boost and exit threshold as options', () => {
    const loose = createRouter({ scenarios, exitThreshold: 0.6, stickinessBoost: 0.1 })
    expect(loose.route(inRefunds, input({ pricing: 0.65 })).decision).toBe('switched')
  })

  it('never leaves a scenario for one that scored below the exit threshold (property)', () => {
    const confidence = fc.double({ min: 0, max: 1, noNaN: true })
    fc.assert(
      fc.property(
        fc.record({ refund: confidence, pricing: confidence, cancel: confidence }),
        fc.boolean(),
        fc.double({ min: 0.5, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 0.5, noNaN: true }),
        (scores, topicShift, exitThreshold, stickinessBoost) => {
          const decision = createRouter({ scenarios, exitThreshold, stickinessBoost }).route(
            inRefunds,
            input(scores, { topicShift }),
          )
          if (decision.scenario !== 'refunds') {
            const winner = decision.scores.find((score) => score.scenario === decision.scenario)!
            expect(winner.score).toBeGreaterThanOrEqual(exitThreshold)
          }
          const others = decision.scores.filter((score) => score.scenario !== 'refunds')
          if (others.every((score) => score.score < exitThreshold)) expect(decision.scenario).toBe('refunds')
        },
      ),
    )
  })
})
