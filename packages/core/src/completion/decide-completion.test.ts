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
})
