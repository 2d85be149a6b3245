import { describe, expect, it } from 'vitest'
import { FocalError } from '../errors/index.ts'
import { parseGoalContract, validateGoalContract } from './validate-goal-contract.ts'

const valid = {
  version: 1,
  goal_text: 'Build a churn classifier with 90% accuracy',
  goal_type: 'ml_classification',
  max_goal_attempts: 3,
  acceptance_criteria: [
    { id: 'AC1', kind: 'metric_threshold', metric: 'cv_accuracy_mean', op: '>=', target: 0.9 },
    { id: 'AC2', kind: 'marker_required', marker: 'METRIC:baseline_*' },
    { id: 'AC3', kind: 'artifact_exists', artifactPattern: 'models/*.joblib' },
    { id: 'AC4', kind: 'finding_count', minCount: 1 },
  ],
}

const withCriteria = (...criteria: unknown[]) => ({ ...valid, acceptance_criteria: criteria })

describe('validateGoalContract', () => {
  it('accepts a contract with every criterion kind and returns it', () => {
    const result = validateGoalContract(valid)
    expect(result.isValid).toBe(true)
    expect(result.errors).toEqual([])
    expect(result.isValid && result.contract.acceptance_criteria).toHaveLength(4)
  })

  it.each(['>=', '>', '<=', '<', '==', '!='])('accepts operator %s', (op) => {
    expect(
      validateGoalContract(
        withCriteria({ id: 'AC1', kind: 'metric_threshold', metric: 'm', op, target: 0.5 }),
      ).isValid,
    ).toBe(true)
  })

  it('keeps unknown fields of the contract and its criteria', () => {
    const result = validateGoalContract({
      ...valid,
      owner: 'ds-team',
      acceptance_criteria: [{ id: 'AC1', kind: 'finding_count', minCount: 1, weight: 2 }],
    })
    expect(result.isValid && result.contract).toMatchObject({
      owner: 'ds-team',
      acceptance_criteria: [{ weight: 2 }],
    })
  })

  it.each([
    [
      'metric_threshold',
      { kind: 'metric_threshold', op: '>=', target: 1 },
      'acceptance_criteria[0] (AC1).metric: metric_threshold criterion requires "metric"',
    ],
    [
      'metric_threshold',
      { kind: 'metric_threshold', metric: 'm', target: 1 },
      'acceptance_criteria[0] (AC1).op: metric_threshold criterion requires "op"',
    ],
    [
      'metric_threshold',
      { kind: 'metric_threshold', metric: 'm', op: '>=' },
      'acceptance_criteria[0] (AC1).target: metric_threshold criterion requires "target"',
    ],
    [
      'marker_required',
      { kind: 'marker_required' },
      'acceptance_criteria[0] (AC1).marker: marker_required criterion requires "marker"',
    ],
    [
      'artifact_exists',
      { kind: 'artifact_exists' },
      'acceptance_criteria[0] (AC1).artifactPattern: artifact_exists criterion requires "artifactPattern"',
    ],
    [
      'finding_count',
      { kind: 'finding_count' },
      'acceptance_criteria[0] (AC1).minCount: finding_count criterion requires "minCount"',
    ],
  ])('names the criterion and field when a %s field is missing', (_kind, criterion, expected) => {
    const result = validateGoalContract(withCriteria({ id: 'AC1', ...criterion }))
    expect(result.isValid).toBe(false)
    expect(result.errors.some((error) => error.startsWith(expected))).toBe(true)
  })

  it('reports every missing field of a bare metric_threshold', () => {
    const { errors } = validateGoalContract(withCriteria({ id: 'AC7', kind: 'metric_threshold' }))
    expect(errors.map((error) => error.split(':')[0])).toEqual([
      'acceptance_criteria[0] (AC7).metric',
      'acceptance_criteria[0] (AC7).op',
      'acceptance_criteria[0] (AC7).target',
    ])
  })

  it('rejects wrong values with what was expected', () => {
    const { errors } = validateGoalContract(
      withCriteria(
        { id: 'AC1', kind: 'metric_threshold', metric: 'm', op: '=>', target: 1 },
        { id: 'AC2', kind: 'finding_count', minCount: -1 },
        { id: 'AC3', kind: 'metric_threshold', metric: 'm', op: '>', target: '0.9' },
      ),
    )
    expect(errors[0]).toContain(
      'acceptance_criteria[0] (AC1).op: metric_threshold criterion has invalid "op" "=>"',
    )
    expect(errors[1]).toContain('acceptance_criteria[1] (AC2).minCount')
    expect(errors[2]).toContain('acceptance_criteria[2] (AC3).target')
  })

  it('rejects an unknown kind, a missing id and a duplicate id', () => {
    const { errors } = validateGoalContract(
      withCriteria(
        { id: 'AC1', kind: 'vibe_check' },
        { kind: 'finding_count', minCount: 1 },
        { id: 'AC3', kind: 'finding_count', minCount: 1 },
        { id: 'AC3', kind: 'finding_count', minCount: 2 },
      ),
    )
    expect(errors).toContain(
      'acceptance_criteria[0] (AC1).kind: invalid kind "vibe_check" (expected one of metric_threshold, marker_required, artifact_exists, finding_count)',
    )
    expect(errors).toContain('acceptance_criteria[1].id: missing or invalid id')
    expect(errors).toContain('acceptance_criteria[3] (AC3).id: duplicate id "AC3"')
  })

  it('rejects an unsupported version, empty goal text and a zero attempt budget', () => {
    const { errors } = validateGoalContract({ ...valid, version: 2, goal_text: '  ', max_goal_attempts: 0 })
    expect(errors).toEqual([
      'version: Unsupported goal contract version: 2. Expected: 1',
      'goal_text: missing or empty goal_text (it needs a visible character)',
      'max_goal_attempts: max_goal_attempts must be a whole number >= 1, got 0',
    ])
  })

  it('rejects a contract with no criteria', () => {
    expect(validateGoalContract(withCriteria()).errors).toEqual([
      'acceptance_criteria: acceptance_criteria is empty: a goal contract needs at least one criterion',
    ])
  })

  it('rejects metric names no [METRIC:<name>] marker can report, saying why', () => {
    const { errors } = validateGoalContract(
      withCriteria(
        { id: 'AC1', kind: 'metric_threshold', metric: 'METRIC:acc', op: '>=', target: 1 },
        { id: 'AC2', kind: 'metric_threshold', metric: 'cv accuracy', op: '>=', target: 1 },
      ),
    )
    expect(errors).toEqual([
      'acceptance_criteria[0] (AC1).metric: metric_threshold criterion has invalid "metric" "METRIC:acc" (expected a metric name as a [METRIC:<name>] marker reports it: no ":", "=", "]" or line break)',
    ])
  })

  it('rejects marker patterns no marker can match', () => {
    const { errors } = validateGoalContract(
      withCriteria(
        { id: 'AC1', kind: 'marker_required', marker: '[METRIC:baseline_*]' },
        { id: 'AC2', kind: 'marker_required', marker: '9LIVES' },
        { id: 'AC3', kind: 'marker_required', marker: 'METRIC:a]b' },
      ),
    )
    expect(errors.map((error) => error.split(':')[0])).toEqual([
      'acceptance_criteria[1] (AC2).marker',
      'acceptance_criteria[2] (AC3).marker',
    ])
  })

  it('rejects marker patterns any evidenced output meets: a wildcard type, or any metric', () => {
    // Found by an outside review: "*" and "METRIC:*" were SUCCESS for "[METRIC:tests] 1\nnothing
    // was written": the trust gate asks for a [METRIC:<name>] value, which they match.
    const vacuous = [
      '*',
      '[*]',
      '*:*',
      '?*',
      'MET*',
      'METRIC',
      'METRIC:*',
      'metric:?*',
      '[METRIC:*]',
      'METRIC:*_*',
      'METRIC:*:source=*',
    ]
    const { errors } = validateGoalContract(
      withCriteria(
        ...vacuous.map((marker, index) => ({ id: `AC${index + 1}`, kind: 'marker_required', marker })),
      ),
    )
    expect(errors.map((error) => error.split(': ')[0])).toEqual(
      vacuous.map((_, index) => `acceptance_criteria[${index}] (AC${index + 1}).marker`),
    )
    expect(errors[0]).toContain('names no marker type')
    expect(errors[6]).toContain('names no metric')
    // A named type, or a metric named in part, checks something.
    for (const marker of [
      'CONCLUSION',
      'FINDING',
      'STAT:*',
      'METRIC:baseline_*',
      'METRIC:cv_?',
      'CITATION:*',
    ])
      expect(
        validateGoalContract(withCriteria({ id: 'AC1', kind: 'marker_required', marker })).errors,
      ).toEqual([])
  })

  it('rejects a goal text with no visible character', () => {
    for (const goal_text of [
      '\u200b',
      '\u200b\u200d\ufeff',
      '\u2800',
      '\u3164',
      '\u034f',
      '\u00ad',
      '\u0301',
      '\u001b[0m',
      '\t\u2060 ',
    ])
      expect(validateGoalContract({ ...valid, goal_text }).errors).toEqual([
        'goal_text: missing or empty goal_text (it needs a visible character)',
      ])
    expect(validateGoalContract({ ...valid, goal_text: '\u200bBuild a model' }).isValid).toBe(true)
  })

  it('rejects a finding count of 0, which any output meets', () => {
    expect(
      validateGoalContract(withCriteria({ id: 'AC1', kind: 'finding_count', minCount: 0 })).errors,
    ).toEqual([
      'acceptance_criteria[0] (AC1).minCount: finding_count criterion has invalid "minCount" 0 (expected a whole number >= 1)',
    ])
  })

  it('rejects non-finite targets and attempt budgets', () => {
    for (const target of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      const { errors } = validateGoalContract(
        withCriteria({ id: 'AC1', kind: 'metric_threshold', metric: 'm', op: '>=', target }),
      )
      expect(errors[0]).toMatch(/^acceptance_criteria\[0\] \(AC1\)\.target: /)
    }
    expect(validateGoalContract({ ...valid, max_goal_attempts: Number.POSITIVE_INFINITY }).errors).toEqual([
      'max_goal_attempts: max_goal_attempts must be a whole number >= 1, got Infinity',
    ])
  })

  it('treats ids that differ only in surrounding whitespace as duplicates', () => {
    const { errors } = validateGoalContract(
      withCriteria(
        { id: 'AC1', kind: 'finding_count', minCount: 1 },
        { id: ' AC1', kind: 'finding_count', minCount: 2 },
      ),
    )
    expect(errors).toEqual(['acceptance_criteria[1] (AC1).id: duplicate id "AC1"'])
  })

  it('rejects input that is not an object', () => {
    expect(validateGoalContract('goal').errors).toEqual(['goal contract must be an object'])
    expect(validateGoalContract({ ...valid, acceptance_criteria: 'AC1' }).errors).toEqual([
      'acceptance_criteria: acceptance_criteria must be an array of criteria',
    ])
  })
})

describe('parseGoalContract', () => {
  it('throws invalid-goal-contract with located issues', () => {
    try {
      parseGoalContract(withCriteria({ id: 'AC1', kind: 'marker_required' }))
      expect.unreachable()
    } catch (error) {
      expect(FocalError.isInstance(error)).toBe(true)
      if (!FocalError.isInstance(error)) return
      expect(error.code).toBe('invalid-goal-contract')
      expect(error.issues[0]?.path).toBe('acceptance_criteria[0] (AC1).marker')
    }
  })
})
