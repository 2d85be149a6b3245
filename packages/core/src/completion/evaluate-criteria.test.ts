import { describe, expect, it } from 'vitest'
import { evaluateFindingCount, evaluateMarkerRequired, evaluateMetricThreshold } from './evaluate-criteria.ts'

describe('evaluateMetricThreshold', () => {
  it('reads the metric straight from output text', () => {
    const criterion = {
      id: 'AC1',
      kind: 'metric_threshold',
      metric: 'cv_accuracy_mean',
      op: '>=',
      target: 0.9,
    } as const
    expect(evaluateMetricThreshold(criterion, '[METRIC:cv_accuracy_mean] 0.92')).toMatchObject({
      status: 'MET',
      actualValue: 0.92,
    })
  })
})

describe('evaluateMarkerRequired', () => {
  it('matches markers in output text regardless of case', () => {
    const criterion = { id: 'AC2', kind: 'marker_required', marker: 'STAT:ci' } as const
    expect(evaluateMarkerRequired(criterion, '[stat:CI] 95% CI [0.8, 0.9]').status).toBe('MET')
  })
})

describe('evaluateFindingCount', () => {
  it('counts verified findings in output text, not bare ones', () => {
    const criterion = { id: 'AC4', kind: 'finding_count', minCount: 2 } as const
    const text =
      '[STAT:ci] a\n[STAT:effect_size] b\n[FINDING] one\n[STAT:ci] c\n[STAT:effect_size] d\n[FINDING] two'
    expect(evaluateFindingCount(criterion, text)).toMatchObject({ status: 'MET', actualValue: 2 })
    expect(evaluateFindingCount(criterion, '[FINDING] one\n[FINDING] two\n[FINDING] three')).toMatchObject({
      status: 'NOT_MET',
      actualValue: 0,
    })
  })
  it('counts every [FINDING] with findingPolicy all, from text or from a findings validation', () => {
    const criterion = { id: 'AC4', kind: 'finding_count', minCount: 3, findingPolicy: 'all' } as const
    expect(evaluateFindingCount(criterion, '[FINDING] one\n[FINDING] two\n[FINDING] three')).toMatchObject({
      status: 'MET',
      actualValue: 3,
    })
    expect(evaluateFindingCount(criterion, { total: 2, verified: 2, unverified: 0 }).status).toBe('NOT_MET')
    const verified = { id: 'AC4', kind: 'finding_count', minCount: 3 } as const
    expect(evaluateFindingCount(verified, { total: 5, verified: 2, unverified: 3 })).toMatchObject({
      status: 'NOT_MET',
      actualValue: 2,
    })
  })

  it('never meets a criterion without a positive minimum', () => {
    for (const minCount of [0, -1, 1.5]) {
      const criterion = { id: 'AC4', kind: 'finding_count', minCount } as const
      expect(evaluateFindingCount(criterion, 5).status).toBe('UNKNOWN')
    }
  })
})
