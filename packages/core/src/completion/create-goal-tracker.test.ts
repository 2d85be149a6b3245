import { describe, expect, it, vi } from 'vitest'
import { FocalError } from '../errors/index.ts'
import { createGoalTracker } from './create-goal-tracker.ts'
import { evaluateGoalGate } from './evaluate-goal-gate.ts'
import type { GoalContract } from './goal-contract-schema.ts'
import type { GoalGateResult } from './types.ts'

const contract: GoalContract = {
  version: 1,
  goal_text: 'Accuracy of at least 90%',
  max_goal_attempts: 2,
  acceptance_criteria: [{ id: 'AC1', kind: 'metric_threshold', metric: 'acc', op: '>=', target: 0.9 }],
}
const attempt = (value: number) => evaluateGoalGate(contract, { output: `[METRIC:acc] ${value}` })
const pass = { passed: true }

describe('createGoalTracker', () => {
  it('publishes a new snapshot to subscribers on every attempt and keeps it stable in between', () => {
    const tracker = createGoalTracker({ contract })
    const listener = vi.fn()
    const unsubscribe = tracker.subscribe(listener)
    const before = tracker.getSnapshot()
    expect(tracker.getSnapshot()).toBe(before)
    tracker.record(attempt(0.8))
    expect(listener).toHaveBeenCalledTimes(1)
    expect(tracker.getSnapshot()).not.toBe(before)
    expect(tracker.getSnapshot()).toMatchObject({ attemptNumber: 1, maxAttempts: 2, status: 'NOT_MET' })
    unsubscribe()
    tracker.record(attempt(0.85))
    expect(listener).toHaveBeenCalledTimes(1)
  })

  it('applies the attempt budget across decisions', () => {
    const tracker = createGoalTracker({ contract })
    expect(
      tracker.decide({ requestedStatus: 'SUCCESS', trustGate: pass, goalGate: attempt(0.8) }).status,
    ).toBe('PARTIAL')
    expect(
      tracker.decide({ requestedStatus: 'SUCCESS', trustGate: pass, goalGate: attempt(0.85) }).status,
    ).toBe('BLOCKED')
    expect(tracker.attempts()).toHaveLength(2)
    expect(tracker.getSnapshot()?.summary).toBe('0/1 criteria met · attempt 2 of 2')
  })

  it('resumes from restored attempts', () => {
    const tracker = createGoalTracker({ contract, attempts: [attempt(0.8)] })
    expect(tracker.getSnapshot()?.attemptNumber).toBe(1)
    expect(
      tracker.decide({ requestedStatus: 'SUCCESS', trustGate: pass, goalGate: attempt(0.95) }).status,
    ).toBe('SUCCESS')
  })

  it('has no snapshot without a contract and still decides', () => {
    const tracker = createGoalTracker({ contract: undefined })
    expect(tracker.getSnapshot()).toBeUndefined()
    const goalGate = evaluateGoalGate(undefined, { output: '' })
    expect(tracker.decide({ requestedStatus: 'SUCCESS', trustGate: pass, goalGate }).status).toBe('SUCCESS')
  })

  it('refuses an empty or malformed contract with invalid-goal-contract', () => {
    for (const broken of [{}, null, { ...contract, acceptance_criteria: [] }]) {
      expect(() => createGoalTracker({ contract: broken as GoalContract })).toThrow(FocalError)
    }
    try {
      createGoalTracker({ contract: { ...contract, acceptance_criteria: [] } })
    } catch (error) {
      expect(FocalError.isInstance(error) && error.issues[0]?.path).toBe('acceptance_criteria')
    }
  })

  describe('persisted attempts', () => {
    const decideOn = (tracker: ReturnType<typeof createGoalTracker>, value: number) =>
      tracker.decide({ requestedStatus: 'SUCCESS', trustGate: pass, goalGate: attempt(value) })

    it('are plain JSON: a tracker rebuilt from them keeps the budget across a restart', () => {
      const first = createGoalTracker({ contract })
      expect(decideOn(first, 0.8).status).toBe('PARTIAL')
      const stored = JSON.stringify(first.attempts())
      const restarted = createGoalTracker({ contract, attempts: JSON.parse(stored) })
      expect(restarted.attempts()).toEqual(first.attempts())
      expect(restarted.getSnapshot()).toEqual(first.getSnapshot())
      expect(decideOn(restarted, 0.85)).toMatchObject({
        status: 'BLOCKED',
        reason: 'attempt-budget-exhausted',
      })
    })

    it('keep an exhausted budget BLOCKED after a restart, even for a goal met now', () => {
      const exhausted = [attempt(0.8), attempt(0.85)]
      const tracker = createGoalTracker({ contract, attempts: JSON.parse(JSON.stringify(exhausted)) })
      expect(decideOn(tracker, 0.95)).toMatchObject({ status: 'BLOCKED', reason: 'attempt-budget-exhausted' })
    })

    it('are copies: changing what attempts() returned does not refill the budget', () => {
      const tracker = createGoalTracker({ contract, attempts: [attempt(0.8)] })
      const copy = tracker.attempts() as GoalGateResult[]
      copy.length = 0
      expect(tracker.attempts()).toHaveLength(1)
      expect(decideOn(tracker, 0.85).status).toBe('BLOCKED')
    })

    it.each<[string, unknown, string]>([
      ['not a list', 'two attempts', 'attempts'],
      ['an attempt that is not an object', [null], 'attempts[0]'],
      ['an unknown status', [{ ...attempt(0.8), overallStatus: 'not_met' }], 'attempts[0].overallStatus'],
      [
        'a MET attempt with no criteria',
        [{ ...attempt(0.95), criteriaResults: [], metCount: 0, totalCount: 0 }],
        'attempts[0].totalCount',
      ],
      ['a wrong total', [attempt(0.8), { ...attempt(0.8), totalCount: 3 }], 'attempts[1].totalCount'],
      ['a fractional budget', [{ ...attempt(0.8), maxGoalAttempts: 1.5 }], 'attempts[0].maxGoalAttempts'],
    ])('are refused with invalid-goal-attempt when %s', (_name, attempts, path) => {
      try {
        createGoalTracker({ contract, attempts: attempts as GoalGateResult[] })
        expect.unreachable()
      } catch (error) {
        expect(FocalError.isInstance(error) && error.code).toBe('invalid-goal-attempt')
        expect(FocalError.isInstance(error) && error.issues.map((issue) => issue.path)).toContain(path)
      }
    })

    it('refuse a goal gate result evaluated without the contract or against another one', () => {
      const tracker = createGoalTracker({ contract })
      const noContract = evaluateGoalGate(undefined, { output: '[METRIC:acc] 0.95' })
      const other = evaluateGoalGate(
        { ...contract, acceptance_criteria: [{ id: 'AC9', kind: 'marker_required', marker: 'CONCLUSION' }] },
        { output: '[CONCLUSION] done' },
      )
      for (const goalGate of [noContract, other]) {
        expect(() => tracker.decide({ requestedStatus: 'SUCCESS', trustGate: pass, goalGate })).toThrow(
          /invalid|contract/i,
        )
        expect(() => tracker.record(goalGate)).toThrow(FocalError)
      }
      expect(tracker.attempts()).toHaveLength(0)
    })

    it('refuse a result of a contract with the same criterion ids written otherwise', () => {
      // Found by an outside review (session 65): AC1 of a contract with target 0.1, or AC1 as a
      // marker criterion, was recorded as this contract's AC1 and decided SUCCESS at 0.75.
      const tracker = createGoalTracker({ contract })
      for (const criterion of [
        { id: 'AC1', kind: 'metric_threshold' as const, metric: 'acc', op: '>=' as const, target: 0.1 },
        { id: 'AC1', kind: 'marker_required' as const, marker: 'CONCLUSION' },
      ]) {
        const goalGate = evaluateGoalGate(
          { ...contract, acceptance_criteria: [criterion] },
          { output: '[METRIC:acc] 0.75\n[CONCLUSION] done' },
        )
        expect(goalGate.overallStatus).toBe('MET')
        expect(() => tracker.decide({ requestedStatus: 'SUCCESS', trustGate: pass, goalGate })).toThrow(
          /criterion AC1 as another contract writes it/,
        )
      }
      expect(tracker.attempts()).toHaveLength(0)
      // The tracker's own contract, evaluated again (a fresh parse), is accepted.
      tracker.record(attempt(0.95))
      expect(tracker.attempts()).toHaveLength(1)
    })
  })
})
