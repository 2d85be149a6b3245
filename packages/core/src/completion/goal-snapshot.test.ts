import { describe, expect, it } from 'vitest'
import { FocalError } from '../errors/index.ts'
import { evaluateGoalGate } from './evaluate-goal-gate.ts'
import type { GoalContract } from './goal-contract-schema.ts'
import { goalSnapshot } from './goal-snapshot.ts'

const contract: GoalContract = {
  version: 1,
  goal_text: 'Analyze customer churn with statistical evidence',
  goal_type: 'ml_classification',
  acceptance_criteria: [
    { id: 'AC1', kind: 'metric_threshold', metric: 'cv_accuracy_mean', op: '>=', target: 0.75 },
    { id: 'AC2', kind: 'marker_required', marker: 'METRIC:baseline_accuracy' },
    { id: 'AC3', kind: 'finding_count', minCount: 2 },
  ],
}

describe('goalSnapshot', () => {
  it('is undefined without a contract', () => {
    expect(goalSnapshot({ contract: undefined })).toBeUndefined()
  })

  it('shows every criterion as not evaluated before the first attempt', () => {
    const snapshot = goalSnapshot({ contract })
    expect(snapshot).toMatchObject({
      criteriaCount: 3,
      metCount: 0,
      attemptNumber: 0,
      maxAttempts: 3,
      status: 'NOT_EVALUATED',
    })
    expect(snapshot?.criteria.every((criterion) => criterion.status === 'NOT_EVALUATED')).toBe(true)
  })

  it('shows goal text, met/total, attempt n of max and the last result', () => {
    const first = evaluateGoalGate(contract, {
      output: '[METRIC:cv_accuracy_mean] 0.70',
      approach: 'logistic regression',
    })
    const second = evaluateGoalGate(contract, {
      output: '[METRIC:cv_accuracy_mean] 0.78\n[METRIC:baseline_accuracy] 0.73',
    })
    const snapshot = goalSnapshot({ contract, attempts: [first, second] })
    expect(snapshot).toMatchObject({
      goal_text: 'Analyze customer churn with statistical evidence',
      goal_type: 'ml_classification',
      criteriaCount: 3,
      metCount: 2,
      attemptNumber: 2,
      maxAttempts: 3,
      status: 'NOT_MET',
      summary: '2/3 criteria met · attempt 2 of 3',
      lastAttempt: { overallStatus: 'NOT_MET', metCount: 2, totalCount: 3 },
    })
    expect(snapshot?.criteria.map((criterion) => [criterion.id, criterion.status])).toEqual([
      ['AC1', 'MET'],
      ['AC2', 'MET'],
      ['AC3', 'NOT_MET'],
    ])
    expect(snapshot?.criteria[0]?.message).toBe('cv_accuracy_mean = 0.78, meets >= 0.75')
  })

  it('survives a JSON round trip unchanged', () => {
    const attempt = evaluateGoalGate(contract, {
      output: '',
      blockers: ['warehouse offline'],
      approach: 'xgboost',
    })
    const snapshot = goalSnapshot({ contract, attempts: [attempt] })
    expect(JSON.parse(JSON.stringify(snapshot))).toEqual(snapshot)
    expect(snapshot?.lastAttempt).toEqual({
      overallStatus: 'BLOCKED',
      metCount: 0,
      totalCount: 3,
      approach: 'xgboost',
      blockers: ['warehouse offline'],
    })
  })

  it('throws invalid-goal-contract for an empty or malformed contract instead of showing 0/0', () => {
    for (const broken of [{}, { ...contract, acceptance_criteria: [] }]) {
      expect(() => goalSnapshot({ contract: broken as GoalContract })).toThrow(FocalError)
    }
  })
})
