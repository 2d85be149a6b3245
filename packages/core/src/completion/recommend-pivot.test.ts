import { describe, expect, it } from 'vitest'
import { evaluateGoalGate } from './evaluate-goal-gate.ts'
import type { GoalContract } from './goal-contract-schema.ts'
import { maxAttemptsReachedSuggestion, recommendPivot } from './recommend-pivot.ts'

const accuracyGoal: GoalContract = {
  version: 1,
  goal_text: 'Build model with 90% accuracy',
  acceptance_criteria: [
    { id: 'AC1', kind: 'metric_threshold', metric: 'cv_accuracy_mean', op: '>=', target: 0.9 },
  ],
}
const attempt = (value: number, approach?: string) =>
  evaluateGoalGate(
    accuracyGoal,
    approach === undefined
      ? { output: `[METRIC:cv_accuracy_mean] ${value}` }
      : { output: `[METRIC:cv_accuracy_mean] ${value}`, approach },
  )

describe('recommendPivot', () => {
  it('recommends nothing when the goal is met or there is no contract', () => {
    expect(recommendPivot(attempt(0.95))).toMatchObject({
      shouldPivot: false,
      suggestions: [],
      unachievable: false,
    })
    expect(recommendPivot(evaluateGoalGate(undefined, { output: '' })).suggestions).toEqual([])
  })

  it('suggests closing the metric gap on the first failed attempt', () => {
    const pivot = recommendPivot(attempt(0.75))
    expect(pivot).toMatchObject({ shouldPivot: true, attemptNumber: 1, maxAttempts: 3 })
    expect(pivot.suggestions[0]).toBe('Improve cv_accuracy_mean: 0.75 now, needs >= 0.90 (gap 0.15)')
    expect(pivot.suggestions).toContain(
      'Try feature engineering, hyperparameter search or a different model family',
    )
  })

  it('asks to report a metric that was never printed', () => {
    expect(recommendPivot(evaluateGoalGate(accuracyGoal, { output: '' })).suggestions[0]).toBe(
      'Add [METRIC:cv_accuracy_mean] output to report cv_accuracy_mean',
    )
  })

  it('names missing markers, artifacts and findings', () => {
    const contract: GoalContract = {
      version: 1,
      goal_text: 'Analysis',
      acceptance_criteria: [
        { id: 'AC1', kind: 'marker_required', marker: 'METRIC:baseline_accuracy' },
        { id: 'AC2', kind: 'artifact_exists', artifactPattern: '*.pkl' },
        { id: 'AC3', kind: 'finding_count', minCount: 3 },
      ],
    }
    const { suggestions } = recommendPivot(evaluateGoalGate(contract, { output: '[FINDING] only one' }))
    expect(suggestions).toEqual(
      expect.arrayContaining([
        'Add missing marker: [METRIC:baseline_accuracy] - required for acceptance',
        'Create artifact matching: *.pkl',
        'Add 3 more verified [FINDING] markers',
        'Each [FINDING] needs [STAT:ci] and [STAT:effect_size] within the 10 lines before it',
      ]),
    )
  })

  it('asks for plain [FINDING] markers when the criterion counts all findings', () => {
    const contract: GoalContract = {
      version: 1,
      goal_text: 'Analysis',
      acceptance_criteria: [{ id: 'AC1', kind: 'finding_count', minCount: 3, findingPolicy: 'all' }],
    }
    const { suggestions } = recommendPivot(evaluateGoalGate(contract, { output: '[FINDING] only one' }))
    expect(suggestions).toContain('Add 2 more [FINDING] markers')
    expect(suggestions.some((suggestion) => suggestion.includes('[STAT:ci]'))).toBe(false)
  })

  it('notices a metric that did not improve since the previous attempt', () => {
    const pivot = recommendPivot(attempt(0.74), [attempt(0.75)])
    expect(pivot.attemptNumber).toBe(2)
    expect(pivot.suggestions).toContain(
      'cv_accuracy_mean did not improve since the last attempt (0.75 → 0.74): change the approach rather than tuning it',
    )
  })

  it('stops pivoting once the attempt budget is spent', () => {
    const pivot = recommendPivot(attempt(0.8), [attempt(0.7), attempt(0.75)])
    expect(pivot).toMatchObject({
      shouldPivot: false,
      attemptNumber: 3,
      suggestions: [maxAttemptsReachedSuggestion],
    })
  })

  it('marks the goal unachievable after two distinct approaches fail', () => {
    const pivot = recommendPivot(attempt(0.78, 'gradient boosting'), [attempt(0.75, 'logistic regression')], {
      maxAttempts: 5,
    })
    expect(pivot).toMatchObject({
      shouldPivot: false,
      unachievable: true,
      failedApproaches: ['logistic regression', 'gradient boosting'],
    })
    expect(pivot.suggestions[0]).toContain(
      '2 distinct approaches failed (logistic regression, gradient boosting)',
    )
  })

  it('does not count the same approach twice, and warns about reusing it', () => {
    const pivot = recommendPivot(attempt(0.78, 'Random Forest'), [attempt(0.75, 'random forest')], {
      maxAttempts: 5,
    })
    expect(pivot).toMatchObject({
      shouldPivot: true,
      unachievable: false,
      failedApproaches: ['random forest'],
    })
    expect(pivot.suggestions).toContain(
      'Approach "Random Forest" was already tried; pick a different one for the next attempt',
    )
  })

  it('passes blockers through instead of pivoting', () => {
    const blocked = evaluateGoalGate(accuracyGoal, { output: '', blockers: ['GPU quota exhausted'] })
    expect(recommendPivot(blocked)).toMatchObject({
      shouldPivot: false,
      suggestions: ['GPU quota exhausted'],
    })
  })

  it('accepts the positional (result, attemptNumber, maxAttempts) form', () => {
    expect(recommendPivot(attempt(0.75), 1, 3)).toMatchObject({
      shouldPivot: true,
      attemptNumber: 1,
      maxAttempts: 3,
    })
    expect(recommendPivot(attempt(0.75), 3, 3).suggestions).toEqual([maxAttemptsReachedSuggestion])
  })
})
