import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { FocalError } from '../errors/index.ts'
import { type CompletionStatus, decideCompletion } from './decide-completion.ts'
import { evaluateGoalGate } from './evaluate-goal-gate.ts'
import type { GoalContract } from './goal-contract-schema.ts'
import type { GoalGateResult } from './types.ts'

const contract: GoalContract = {
  version: 1,
  goal_text: 'Accuracy of at least 90%',
  acceptance_criteria: [{ id: 'AC1', kind: 'metric_threshold', metric: 'acc', op: '>=', target: 0.9 }],
}
const met = evaluateGoalGate(contract, { output: '[METRIC:acc] 0.93' })
const notMet = evaluateGoalGate(contract, { output: '[METRIC:acc] 0.75' })
const blocked = evaluateGoalGate(contract, { output: '', blockers: ['data source offline'] })
const noContract = evaluateGoalGate(undefined, { output: '' })
const pass = { passed: true }
const fail = { passed: false, reasons: ['Reviewer trust score 60 is below 80'] }

function thrownBy(run: () => unknown): FocalError {
  try {
    run()
  } catch (error) {
    if (FocalError.isInstance(error)) return error
    throw error
  }
  return expect.unreachable('expected a FocalError')
}

describe('decideCompletion', () => {
  it.each<[string, { passed: boolean }, GoalGateResult, CompletionStatus, string]>([
    ['PASS + MET', pass, met, 'SUCCESS', 'trust-and-goal-passed'],
    ['PASS + NOT_MET', pass, notMet, 'PARTIAL', 'goal-not-met'],
    ['PASS + BLOCKED', pass, blocked, 'BLOCKED', 'goal-blocked'],
    ['FAIL + MET', fail, met, 'PARTIAL', 'trust-failed'],
    ['FAIL + NOT_MET', fail, notMet, 'PARTIAL', 'trust-and-goal-failed'],
    ['FAIL + BLOCKED', fail, blocked, 'BLOCKED', 'goal-blocked'],
  ])('%s → %s', (_row, trustGate, goalGate, status, reason) => {
    const decision = decideCompletion({ requestedStatus: 'SUCCESS', trustGate, goalGate })
    expect(decision.status).toBe(status)
    expect(decision.reason).toBe(reason)
    expect(decision.downgraded).toBe(status !== 'SUCCESS')
  })

  it('skips the goal gate without a contract', () => {
    expect(
      decideCompletion({ requestedStatus: 'SUCCESS', trustGate: pass, goalGate: noContract }).status,
    ).toBe('SUCCESS')
    expect(
      decideCompletion({ requestedStatus: 'SUCCESS', trustGate: fail, goalGate: noContract }).status,
    ).toBe('PARTIAL')
  })

  it('refuses SUCCESS without a contract when one is required', () => {
    const decision = decideCompletion({
      requestedStatus: 'SUCCESS',
      trustGate: pass,
      goalGate: noContract,
      requireGoalContract: true,
    })
    expect(decision).toMatchObject({ status: 'PARTIAL', reason: 'goal-contract-missing' })
    expect(decision.warnings[0]?.code).toBe('GOAL_CONTRACT_MISSING')
    expect(
      decideCompletion({
        requestedStatus: 'SUCCESS',
        trustGate: pass,
        goalGate: met,
        requireGoalContract: true,
      }).status,
    ).toBe('SUCCESS')
  })

  it('attaches pivot advice and the goal warning when trust passed but the goal did not', () => {
    const decision = decideCompletion({ requestedStatus: 'SUCCESS', trustGate: pass, goalGate: notMet })
    expect(decision.warnings).toEqual([
      { code: 'GOAL_NOT_MET', message: 'Goal criteria not met: 0/1 criteria passed', severity: 'warning' },
    ])
    expect(decision.pivot).toMatchObject({ shouldPivot: true, attemptNumber: 1, maxAttempts: 3 })
  })

  it('asks to rework trust, without pivot advice, when only the trust gate failed', () => {
    const decision = decideCompletion({ requestedStatus: 'SUCCESS', trustGate: fail, goalGate: met })
    expect(decision.pivot).toBeUndefined()
    expect(decision.warnings).toEqual([
      {
        code: 'TRUST_GATE_FAILED',
        message: 'Trust gate failed: Reviewer trust score 60 is below 80',
        severity: 'warning',
      },
    ])
  })

  it('counts goal failures and blocks on the max_goal_attempts-th one', () => {
    const first = decideCompletion({
      requestedStatus: 'SUCCESS',
      trustGate: pass,
      goalGate: notMet,
      attempts: 0,
    })
    expect(first).toMatchObject({ status: 'PARTIAL', goalFailures: 1, attemptNumber: 1 })
    const second = decideCompletion({
      requestedStatus: 'SUCCESS',
      trustGate: pass,
      goalGate: notMet,
      attempts: first.goalFailures,
    })
    expect(second).toMatchObject({ status: 'PARTIAL', goalFailures: 2, attemptNumber: 2 })
    const third = decideCompletion({
      requestedStatus: 'SUCCESS',
      trustGate: pass,
      goalGate: notMet,
      attempts: second.goalFailures,
    })
    expect(third).toMatchObject({
      status: 'BLOCKED',
      reason: 'attempt-budget-exhausted',
      goalFailures: 3,
      attemptNumber: 3,
    })
    expect(third.warnings.map((warning) => warning.code)).toEqual(['GOAL_NOT_MET', 'GOAL_ATTEMPTS_EXHAUSTED'])
    expect(third.warnings[1]?.message).toBe(
      'Goal not met after 3 attempts (max_goal_attempts = 3): revise the goal or escalate',
    )
  })

  it('still succeeds on the last attempt when the goal is met then', () => {
    expect(
      decideCompletion({ requestedStatus: 'SUCCESS', trustGate: pass, goalGate: met, attempts: 2 }).status,
    ).toBe('SUCCESS')
  })

  it("uses the contract's max_goal_attempts", () => {
    const single = evaluateGoalGate({ ...contract, max_goal_attempts: 1 }, { output: '[METRIC:acc] 0.5' })
    expect(decideCompletion({ requestedStatus: 'SUCCESS', trustGate: pass, goalGate: single }).status).toBe(
      'BLOCKED',
    )
  })

  it('applies the default budget to a stored result without maxGoalAttempts', () => {
    const { maxGoalAttempts: _dropped, ...stored } = notMet
    const decision = decideCompletion({
      requestedStatus: 'SUCCESS',
      trustGate: pass,
      goalGate: stored as GoalGateResult,
      attempts: 2,
    })
    expect(decision).toMatchObject({ status: 'BLOCKED', maxGoalAttempts: 3 })
  })

  it('accepts the earlier goal results as attempts', () => {
    const decision = decideCompletion({
      requestedStatus: 'SUCCESS',
      trustGate: pass,
      goalGate: notMet,
      attempts: [notMet],
    })
    expect(decision).toMatchObject({ status: 'PARTIAL', goalFailures: 2, attemptNumber: 2 })
    expect(decision.pivot?.attemptNumber).toBe(2)
  })

  it('never raises a requested status and keeps BLOCKED, ABORTED and FAILED as asked', () => {
    expect(decideCompletion({ requestedStatus: 'PARTIAL', trustGate: pass, goalGate: met }).status).toBe(
      'PARTIAL',
    )
    for (const requestedStatus of ['BLOCKED', 'ABORTED', 'FAILED'] as const) {
      expect(decideCompletion({ requestedStatus, trustGate: pass, goalGate: met })).toMatchObject({
        status: requestedStatus,
        downgraded: false,
      })
    }
  })

  it('blocks a requested PARTIAL once the budget is spent', () => {
    expect(
      decideCompletion({ requestedStatus: 'PARTIAL', trustGate: pass, goalGate: notMet, attempts: 2 }).status,
    ).toBe('BLOCKED')
  })

  it('throws invalid-argument for a negative or fractional attempt count', () => {
    expect(() =>
      decideCompletion({ requestedStatus: 'SUCCESS', trustGate: pass, goalGate: met, attempts: -1 }),
    ).toThrow(FocalError)
    expect(() =>
      decideCompletion({ requestedStatus: 'SUCCESS', trustGate: pass, goalGate: met, attempts: 1.5 }),
    ).toThrow(/whole number/)
  })

  describe('the attempt budget', () => {
    // The budget used to be checked only on a NOT_MET attempt, so a MET after it was spent was SUCCESS.
    it('is BLOCKED once the budget is spent, even when the goal is met now', () => {
      for (const attempts of [3, 4, [notMet, notMet, notMet]]) {
        const decision = decideCompletion({
          requestedStatus: 'SUCCESS',
          trustGate: pass,
          goalGate: met,
          attempts,
        })
        expect(decision).toMatchObject({
          status: 'BLOCKED',
          reason: 'attempt-budget-exhausted',
          downgraded: true,
        })
        expect(decision.warnings.map((warning) => warning.code)).toEqual(['GOAL_ATTEMPTS_EXHAUSTED'])
      }
      expect(
        decideCompletion({ requestedStatus: 'PARTIAL', trustGate: pass, goalGate: met, attempts: 3 }).status,
      ).toBe('BLOCKED')
    })

    it('uses a maxGoalAttempts option over the goal gate result', () => {
      expect(
        decideCompletion({
          requestedStatus: 'SUCCESS',
          trustGate: pass,
          goalGate: notMet,
          maxGoalAttempts: 1,
        }),
      ).toMatchObject({ status: 'BLOCKED', maxGoalAttempts: 1 })
      const error = thrownBy(() =>
        decideCompletion({ requestedStatus: 'SUCCESS', trustGate: pass, goalGate: met, maxGoalAttempts: 0 }),
      )
      expect(error.issues.map((issue) => issue.path)).toEqual(['maxGoalAttempts'])
    })

    it('never decides SUCCESS unless trust passed, the goal was met and the budget was not spent (property)', () => {
      const arbitrary = fc.record({
        requestedStatus: fc.constantFrom('SUCCESS' as const, 'PARTIAL' as const),
        passed: fc.boolean(),
        goalGate: fc.constantFrom(met, notMet, blocked),
        previous: fc.integer({ min: 0, max: 8 }),
        maxGoalAttempts: fc.integer({ min: 1, max: 5 }),
      })
      fc.assert(
        fc.property(arbitrary, ({ requestedStatus, passed, goalGate, previous, maxGoalAttempts }) => {
          const decision = decideCompletion({
            requestedStatus,
            trustGate: { passed },
            goalGate,
            attempts: previous,
            maxGoalAttempts,
          })
          if (decision.status === 'SUCCESS') {
            expect(passed && goalGate === met && previous < maxGoalAttempts).toBe(true)
          }
          if (previous >= maxGoalAttempts) expect(decision.status).toBe('BLOCKED')
        }),
      )
    })
  })

  describe('fails closed on malformed input', () => {
    it.each<[string, Partial<GoalGateResult> & Record<string, unknown>, string]>([
      [
        'a MET result with no criteria (an empty contract)',
        { ...met, criteriaResults: [], metCount: 0, totalCount: 0 },
        'goalGate.totalCount',
      ],
      ['an unknown status', { ...met, overallStatus: 'met' as never }, 'goalGate.overallStatus'],
      ['a missing status', { ...met, overallStatus: undefined as never }, 'goalGate.overallStatus'],
      ['passed on a NOT_MET result', { ...notMet, passed: true }, 'goalGate.passed'],
      ['a met count that disagrees with the criteria', { ...notMet, metCount: 1 }, 'goalGate.metCount'],
      [
        'a NaN attempt budget, which never runs out',
        { ...notMet, maxGoalAttempts: Number.NaN },
        'goalGate.maxGoalAttempts',
      ],
      ['BLOCKED without a blocker', { ...blocked, blockers: [] }, 'goalGate.blockers'],
      [
        'a criterion result without a status',
        { ...met, criteriaResults: [{ ...met.criteriaResults[0], status: 'PASS' } as never] },
        'goalGate.criteriaResults[0].status',
      ],
    ])('throws invalid-goal-attempt for %s', (_name, goalGate, path) => {
      const error = thrownBy(() =>
        decideCompletion({
          requestedStatus: 'SUCCESS',
          trustGate: pass,
          goalGate: goalGate as GoalGateResult,
        }),
      )
      expect(error.code).toBe('invalid-goal-attempt')
      expect(error.issues.map((issue) => issue.path)).toContain(path)
    })

    it('throws invalid-goal-attempt, located, for a malformed earlier attempt', () => {
      const error = thrownBy(() =>
        decideCompletion({
          requestedStatus: 'SUCCESS',
          trustGate: pass,
          goalGate: met,
          attempts: [notMet, { ...notMet, overallStatus: 'not_met' as never }],
        }),
      )
      expect(error.issues.map((issue) => issue.path)).toEqual(['attempts[1].overallStatus'])
    })

    it('throws invalid-argument for a trust verdict that is truthy but not true', () => {
      const error = thrownBy(() =>
        decideCompletion({
          requestedStatus: 'SUCCESS',
          trustGate: { passed: 'yes' as never },
          goalGate: met,
        }),
      )
      expect(error).toMatchObject({ code: 'invalid-argument', issues: [{ path: 'trustGate.passed' }] })
    })

    it('throws invalid-argument for an unknown requested status', () => {
      const error = thrownBy(() =>
        decideCompletion({ requestedStatus: 'success' as CompletionStatus, trustGate: pass, goalGate: met }),
      )
      expect(error).toMatchObject({ code: 'invalid-argument', issues: [{ path: 'requestedStatus' }] })
    })
  })
})
