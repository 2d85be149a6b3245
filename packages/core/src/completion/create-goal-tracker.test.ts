import { describe, expect, it, vi } from 'vitest'
import { FocalError } from '../errors/index.ts'
import { createGoalTracker } from './create-goal-tracker.ts'
import { evaluateGoalGate } from './evaluate-goal-gate.ts'
import type { GoalContract } from './goal-contract-schema.ts'

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
})
