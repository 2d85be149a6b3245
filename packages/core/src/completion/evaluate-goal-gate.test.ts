import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { FocalError } from '../errors/index.ts'
import { evaluateGoalGate, type GoalGateInput } from './evaluate-goal-gate.ts'
import type { AcceptanceCriterion, ComparisonOperator, GoalContract } from './goal-contract-schema.ts'

const contractOf = (...acceptance_criteria: AcceptanceCriterion[]): GoalContract => ({
  version: 1,
  goal_text: 'Test goal',
  acceptance_criteria,
})
const metric = (op: ComparisonOperator, target: number): AcceptanceCriterion => ({
  id: 'AC1',
  kind: 'metric_threshold',
  metric: 'value',
  op,
  target,
})
const statusOf = (criterion: AcceptanceCriterion, output: string, artifacts: string[] = []) =>
  evaluateGoalGate(contractOf(criterion), { output, artifacts }).criteriaResults[0]?.status

/** The FocalError `run` throws (fails the test when it returns instead). */
function thrownBy(run: () => unknown): FocalError {
  try {
    run()
  } catch (error) {
    if (FocalError.isInstance(error)) return error
    throw error
  }
  return expect.unreachable('expected a FocalError')
}
const withCriterion = (criterion: Record<string, unknown>) => ({
  version: 1,
  goal_text: 'Test goal',
  acceptance_criteria: [{ id: 'AC1', ...criterion }],
})
const accuracy = { kind: 'metric_threshold', metric: 'acc', op: '>=', target: 0.9 }

describe('evaluateGoalGate', () => {
  it('skips the gate without a contract (NO_CONTRACT passes)', () => {
    expect(evaluateGoalGate(undefined, { output: '' })).toEqual({
      passed: true,
      overallStatus: 'NO_CONTRACT',
      criteriaResults: [],
      metCount: 0,
      totalCount: 0,
      maxGoalAttempts: 3,
    })
  })

  // A contract with nothing to check used to come out MET, so SUCCESS rested on trust alone.
  it('throws invalid-goal-contract for a contract with no criteria instead of passing it', () => {
    const error = thrownBy(() => evaluateGoalGate(contractOf(), { output: '[METRIC:acc] 0.95' }))
    expect(error.code).toBe('invalid-goal-contract')
    expect(error.issues).toEqual([
      {
        path: 'acceptance_criteria',
        message: 'acceptance_criteria is empty: a goal contract needs at least one criterion',
      },
    ])
  })

  it.each<[string, unknown, string]>([
    ['null', null, ''],
    ['an empty object', {}, 'version'],
    ['an array', [], ''],
    ['empty goal text', { ...withCriterion(accuracy), goal_text: '   ' }, 'goal_text'],
    ['missing criteria', { version: 1, goal_text: 'x' }, 'acceptance_criteria'],
    ['an unsupported version', { ...withCriterion(accuracy), version: 2 }, 'version'],
    ['an unknown operator', withCriterion({ ...accuracy, op: '=>' }), 'acceptance_criteria[0] (AC1).op'],
    ['a unicode operator', withCriterion({ ...accuracy, op: '≥' }), 'acceptance_criteria[0] (AC1).op'],
    [
      'a NaN target',
      withCriterion({ ...accuracy, target: Number.NaN }),
      'acceptance_criteria[0] (AC1).target',
    ],
    [
      'an Infinity target',
      withCriterion({ ...accuracy, target: Number.POSITIVE_INFINITY }),
      'acceptance_criteria[0] (AC1).target',
    ],
    [
      'a -Infinity target',
      withCriterion({ ...accuracy, op: '>', target: Number.NEGATIVE_INFINITY }),
      'acceptance_criteria[0] (AC1).target',
    ],
    ['a string target', withCriterion({ ...accuracy, target: '0.9' }), 'acceptance_criteria[0] (AC1).target'],
    [
      'a metric with its marker prefix, which no [METRIC:...] marker can report',
      withCriterion({ ...accuracy, metric: 'METRIC:acc' }),
      'acceptance_criteria[0] (AC1).metric',
    ],
    [
      'a metric with a closing bracket',
      withCriterion({ ...accuracy, metric: 'acc]' }),
      'acceptance_criteria[0] (AC1).metric',
    ],
    [
      'a metric with key=value syntax',
      withCriterion({ ...accuracy, metric: 'acc=1' }),
      'acceptance_criteria[0] (AC1).metric',
    ],
    [
      'a metric with a line break',
      withCriterion({ ...accuracy, metric: 'acc\nmean' }),
      'acceptance_criteria[0] (AC1).metric',
    ],
    [
      'a marker pattern whose type no marker can have',
      withCriterion({ kind: 'marker_required', marker: 'MY METRIC:acc' }),
      'acceptance_criteria[0] (AC1).marker',
    ],
    [
      'a finding count of 0, which any output meets',
      withCriterion({ kind: 'finding_count', minCount: 0 }),
      'acceptance_criteria[0] (AC1).minCount',
    ],
    ['an unknown kind', withCriterion({ kind: 'vibe_check' }), 'acceptance_criteria[0] (AC1).kind'],
    [
      'a duplicate id',
      {
        ...withCriterion(accuracy),
        acceptance_criteria: [
          { id: 'AC1', ...accuracy },
          { id: 'AC1', ...accuracy },
        ],
      },
      'acceptance_criteria[1] (AC1).id',
    ],
    [
      'a duplicate id hidden by whitespace',
      {
        ...withCriterion(accuracy),
        acceptance_criteria: [
          { id: 'AC1', ...accuracy },
          { id: ' AC1 ', ...accuracy },
        ],
      },
      'acceptance_criteria[1] (AC1).id',
    ],
    ['a zero attempt budget', { ...withCriterion(accuracy), max_goal_attempts: 0 }, 'max_goal_attempts'],
    [
      'a fractional attempt budget',
      { ...withCriterion(accuracy), max_goal_attempts: 1.5 },
      'max_goal_attempts',
    ],
    [
      'an infinite attempt budget',
      { ...withCriterion(accuracy), max_goal_attempts: Number.POSITIVE_INFINITY },
      'max_goal_attempts',
    ],
  ])('throws invalid-goal-contract located at the problem for %s', (_name, contract, path) => {
    const error = thrownBy(() =>
      evaluateGoalGate(contract as GoalContract, { output: '[METRIC:acc] 0.95\n[FINDING] x' }),
    )
    expect(error.code).toBe('invalid-goal-contract')
    expect(error.issues.map((issue) => issue.path)).toContain(path)
  })

  it.each<[string, unknown, string]>([
    ['output that is not text', { output: undefined }, 'output'],
    ['an artifact that is not a path', { output: '', artifacts: ['model.pkl', 42] }, 'artifacts[1]'],
    [
      'an infinite verified-finding count',
      { output: '', verifiedFindings: Number.POSITIVE_INFINITY },
      'verifiedFindings',
    ],
    ['a negative verified-finding count', { output: '', verifiedFindings: -1 }, 'verifiedFindings'],
    ['a NaN verified-finding count', { output: '', verifiedFindings: Number.NaN }, 'verifiedFindings'],
    ['a blocker that is not text', { output: '', blockers: [null] }, 'blockers[0]'],
  ])('throws invalid-argument for %s', (_name, input, path) => {
    const contract = contractOf({ id: 'AC4', kind: 'finding_count', minCount: 1 })
    const error = thrownBy(() => evaluateGoalGate(contract, input as GoalGateInput))
    expect(error.code).toBe('invalid-argument')
    expect(error.issues.map((issue) => issue.path)).toEqual([path])
  })

  it.each<[ComparisonOperator, 'MET' | 'NOT_MET']>([
    ['>=', 'MET'],
    ['>', 'NOT_MET'],
    ['<=', 'MET'],
    ['<', 'NOT_MET'],
    ['==', 'MET'],
    ['!=', 'NOT_MET'],
  ])('with the value equal to the target, %s is %s', (op, expected) => {
    expect(statusOf(metric(op, 0.5), '[METRIC:value] 0.5')).toBe(expected)
  })

  it.each<[ComparisonOperator, number, 'MET' | 'NOT_MET']>([
    ['>=', 0.49, 'NOT_MET'],
    ['>', 0.51, 'MET'],
    ['<=', 0.51, 'NOT_MET'],
    ['<', 0.49, 'MET'],
    ['==', 0.51, 'NOT_MET'],
    ['!=', 0.51, 'MET'],
  ])('%s against target 0.5 with value %s is %s', (op, value, expected) => {
    expect(statusOf(metric(op, 0.5), `[METRIC:value] ${value}`)).toBe(expected)
  })

  it('agrees with JavaScript comparison for every operator and value (property)', () => {
    const operators: Record<ComparisonOperator, (a: number, b: number) => boolean> = {
      '>=': (a, b) => a >= b,
      '>': (a, b) => a > b,
      '<=': (a, b) => a <= b,
      '<': (a, b) => a < b,
      '==': (a, b) => a === b,
      '!=': (a, b) => a !== b,
    }
    const number = fc.integer({ min: -1000, max: 1000 }).map((value) => value / 100)
    fc.assert(
      fc.property(
        fc.constantFrom(...(Object.keys(operators) as ComparisonOperator[])),
        number,
        number,
        (op, value, target) => {
          const expected = operators[op](value, target) ? 'MET' : 'NOT_MET'
          expect(statusOf(metric(op, target), `[METRIC:value] ${value}`)).toBe(expected)
        },
      ),
    )
  })

  it('reads a percentage on the fraction scale of the target', () => {
    expect(statusOf(metric('>=', 0.9), '[METRIC:value] 85%')).toBe('NOT_MET')
    expect(statusOf(metric('>=', 0.9), '[METRIC:value] 92.5%')).toBe('MET')
  })

  it('explains a metric result with value, operator and target', () => {
    const contract = contractOf({
      id: 'AC1',
      kind: 'metric_threshold',
      metric: 'cv_accuracy_mean',
      op: '>=',
      target: 0.9,
    })
    const [notMet] = evaluateGoalGate(contract, { output: '[METRIC:cv_accuracy_mean] 0.75' }).criteriaResults
    expect(notMet).toMatchObject({
      status: 'NOT_MET',
      actualValue: 0.75,
      message: 'cv_accuracy_mean = 0.75, needs >= 0.90',
    })
    const [met] = evaluateGoalGate(contract, { output: '[METRIC:cv_accuracy_mean] 0.92' }).criteriaResults
    expect(met?.message).toBe('cv_accuracy_mean = 0.92, meets >= 0.90')
    const [missing] = evaluateGoalGate(contract, { output: '[METRIC:other] 0.95' }).criteriaResults
    expect(missing?.status).toBe('NOT_MET')
    expect(missing?.message).toContain('not found')
  })

  describe('metricPolicy', () => {
    const accuracyAt = (extra: Record<string, unknown> = {}) =>
      contractOf({
        id: 'AC1',
        kind: 'metric_threshold',
        metric: 'acc',
        op: '>=',
        target: 0.9,
        ...extra,
      } as AcceptanceCriterion)
    const earlyGoodFinalWorse = '[METRIC:acc] 0.93\n[STAGE:end:id=S02] tuned\n[METRIC:acc] 0.81'

    it('counts the last reported value by default: the final, worse model fails the goal', () => {
      const [result] = evaluateGoalGate(accuracyAt(), { output: earlyGoodFinalWorse }).criteriaResults
      expect(result).toMatchObject({
        status: 'NOT_MET',
        actualValue: 0.81,
        message: 'acc = 0.81 (last of 2 reports), needs >= 0.90',
      })
      expect(result?.criterion).toMatchObject({ metricPolicy: 'last' })
    })

    it('counts the first or the best value when the contract says so', () => {
      const first = evaluateGoalGate(accuracyAt({ metricPolicy: 'first' }), { output: earlyGoodFinalWorse })
      expect(first.criteriaResults[0]?.message).toBe('acc = 0.93 (first of 2 reports), meets >= 0.90')
      const best = evaluateGoalGate(accuracyAt({ metricPolicy: 'best' }), {
        output: '[METRIC:acc] 0.85\n[METRIC:acc] 0.92\n[METRIC:acc] 0.80',
      })
      expect(best.criteriaResults[0]).toMatchObject({ status: 'MET', actualValue: 0.92 })
      const lowestLoss = contractOf({
        id: 'AC1',
        kind: 'metric_threshold',
        metric: 'loss',
        op: '<=',
        target: 0.2,
        metricPolicy: 'best',
      })
      expect(
        evaluateGoalGate(lowestLoss, { output: '[METRIC:loss] 0.3\n[METRIC:loss] 0.15\n[METRIC:loss] 0.4' })
          .passed,
      ).toBe(true)
    })

    it('is NOT_MET when the last report has no number, never an earlier value', () => {
      const [result] = evaluateGoalGate(accuracyAt(), {
        output: '[METRIC:acc] 0.95\n[METRIC:acc] nan',
      }).criteriaResults
      expect(result).toMatchObject({
        status: 'NOT_MET',
        message: 'acc: the last of 2 [METRIC:acc] reports has no number, needs >= 0.90',
      })
      expect(result?.actualValue).toBeUndefined()
    })

    it('refuses best with == or != (no direction is better) and an unknown policy', () => {
      for (const op of ['==', '!=']) {
        const error = thrownBy(() =>
          evaluateGoalGate(accuracyAt({ op, metricPolicy: 'best' }), { output: '' }),
        )
        expect(error.issues).toEqual([
          {
            path: 'acceptance_criteria[0] (AC1).metricPolicy',
            message: `metricPolicy "best" needs an ordering operator (>=, >, <=, <), not ${op}: use "last" or "first"`,
          },
        ])
      }
      const error = thrownBy(() => evaluateGoalGate(accuracyAt({ metricPolicy: 'max' }), { output: '' }))
      expect(error.issues.map((issue) => issue.path)).toEqual(['acceptance_criteria[0] (AC1).metricPolicy'])
    })
  })

  it('matches required markers with wildcards, any case and any subtype when none is given', () => {
    const required = (marker: string): AcceptanceCriterion => ({ id: 'AC2', kind: 'marker_required', marker })
    const output =
      '[METRIC:baseline_accuracy] 0.65\n[stat:CI] 95% CI [0.8, 0.9]\n[STAGE:end:id=S01:duration=3s] ok\n[CONCLUSION] done'
    expect(statusOf(required('METRIC:baseline_*'), output)).toBe('MET')
    expect(statusOf(required('METRIC:baseline_accuracy'), output)).toBe('MET')
    expect(statusOf(required('METRIC:baseline'), output)).toBe('NOT_MET')
    expect(statusOf(required('METRIC:*_f1'), output)).toBe('NOT_MET')
    expect(statusOf(required('STAT:ci'), output)).toBe('MET')
    expect(statusOf(required('CONCLUSION'), output)).toBe('MET')
    expect(statusOf(required('STAGE:end:id=S01'), output)).toBe('MET')
    expect(statusOf(required('STAGE:end:id=S02'), output)).toBe('NOT_MET')
    // A pattern every evidenced output meets is no criterion: the contract is refused.
    expect(thrownBy(() => statusOf(required('*'), '')).code).toBe('invalid-goal-contract')
  })

  it('reports whether a required marker was found', () => {
    const contract = contractOf({ id: 'AC2', kind: 'marker_required', marker: 'METRIC:baseline_accuracy' })
    expect(evaluateGoalGate(contract, { output: '[METRIC:cv] 1' }).criteriaResults[0]).toMatchObject({
      actualValue: false,
      message: 'Marker [METRIC:baseline_accuracy] not found in output',
    })
  })

  it('matches artifact globs on the basename, or on the path when the pattern has a folder', () => {
    const artifact = (artifactPattern: string): AcceptanceCriterion => ({
      id: 'AC3',
      kind: 'artifact_exists',
      artifactPattern,
    })
    const artifacts = ['reports/churn/models/model.pkl', 'figures\\roc.png', './data/output.csv']
    expect(statusOf(artifact('*.pkl'), '', artifacts)).toBe('MET')
    expect(statusOf(artifact('*.joblib'), '', artifacts)).toBe('NOT_MET')
    expect(statusOf(artifact('models/*.pkl'), '', artifacts)).toBe('MET')
    expect(statusOf(artifact('churn/*.pkl'), '', artifacts)).toBe('NOT_MET')
    expect(statusOf(artifact('reports/**/*.pkl'), '', artifacts)).toBe('MET')
    expect(statusOf(artifact('figures/*.png'), '', artifacts)).toBe('MET')
    expect(statusOf(artifact('data/output.csv'), '', artifacts)).toBe('MET')
    expect(statusOf(artifact('odels/*.pkl'), '', artifacts)).toBe('NOT_MET')
    expect(statusOf(artifact('*.pkl'), '', [])).toBe('NOT_MET')
  })

  it('names the matching artifacts', () => {
    const contract = contractOf({ id: 'AC3', kind: 'artifact_exists', artifactPattern: '*.pkl' })
    const [result] = evaluateGoalGate(contract, {
      output: '',
      artifacts: ['out/model.pkl', 'out/scaler.pkl'],
    }).criteriaResults
    expect(result).toMatchObject({
      actualValue: 'out/model.pkl',
      message: 'Artifact matching *.pkl found: model.pkl, scaler.pkl',
    })
  })

  it('counts only verified findings', () => {
    const findings = (minCount: number): AcceptanceCriterion => ({
      id: 'AC4',
      kind: 'finding_count',
      minCount,
    })
    const output = `[STAT:ci] a\n[STAT:effect_size] b\n[FINDING] verified\n${'x\n'.repeat(12)}[FINDING] bare`
    expect(statusOf(findings(1), output)).toBe('MET')
    expect(statusOf(findings(2), output)).toBe('NOT_MET')
    const [result] = evaluateGoalGate(contractOf(findings(2)), { output }).criteriaResults
    expect(result).toMatchObject({ actualValue: 1, message: 'Found 1 verified finding, need at least 2' })
  })

  describe('findingPolicy', () => {
    // One finding with its CI and effect size, one bare claim.
    const output = `[STAT:ci] a\n[STAT:effect_size] b\n[FINDING] verified\n${'x\n'.repeat(12)}[FINDING] bare`
    const findings = (minCount: number, findingPolicy?: string) =>
      contractOf({
        id: 'AC4',
        kind: 'finding_count',
        minCount,
        ...(findingPolicy === undefined ? {} : { findingPolicy }),
      } as AcceptanceCriterion)

    it("counts only verified findings by default (the seed's meaning), and says so in the contract", () => {
      const [result] = evaluateGoalGate(findings(2), { output }).criteriaResults
      expect(result).toMatchObject({ status: 'NOT_MET', actualValue: 1 })
      expect(result?.criterion).toMatchObject({ findingPolicy: 'verified' })
    })

    it("counts every [FINDING] marker with findingPolicy all (the research-agent project's meaning)", () => {
      const [result] = evaluateGoalGate(findings(2, 'all'), { output }).criteriaResults
      expect(result).toMatchObject({
        status: 'MET',
        actualValue: 2,
        message: 'Found 2 [FINDING] markers (verified or not), meets minimum of 2',
      })
      expect(evaluateGoalGate(findings(3, 'all'), { output }).criteriaResults[0]?.message).toBe(
        'Found 2 [FINDING] markers (verified or not), need at least 3',
      )
    })

    it("does not let the host's verified count stand in for all findings, or the reverse", () => {
      expect(
        evaluateGoalGate(findings(2, 'all'), { output: '[FINDING] one', verifiedFindings: 5 }).passed,
      ).toBe(false)
      expect(evaluateGoalGate(findings(2), { output, verifiedFindings: 1 }).passed).toBe(false)
    })

    it('refuses an unknown finding policy', () => {
      const error = thrownBy(() => evaluateGoalGate(findings(1, 'any'), { output }))
      expect(error.issues.map((issue) => issue.path)).toEqual(['acceptance_criteria[0] (AC4).findingPolicy'])
    })
  })

  it('uses a verified-finding count supplied by the host', () => {
    const contract = contractOf({ id: 'AC4', kind: 'finding_count', minCount: 3 })
    expect(evaluateGoalGate(contract, { output: '', verifiedFindings: 3 }).passed).toBe(true)
    expect(evaluateGoalGate(contract, { output: '', verifiedFindings: 2 }).passed).toBe(false)
  })

  // These used to evaluate to UNKNOWN criteria inside a NOT_MET gate: now the contract is refused whole.
  it('refuses a contract with malformed criteria, naming every one', () => {
    const broken = [
      { id: 'AC1', kind: 'metric_threshold' },
      { id: 'AC2', kind: 'marker_required' },
      { id: 'AC3', kind: 'artifact_exists' },
      { id: 'AC4', kind: 'finding_count', minCount: -1 },
      { id: 'AC5', kind: 'mystery' },
    ] as unknown as AcceptanceCriterion[]
    const error = thrownBy(() => evaluateGoalGate(contractOf(...broken), { output: '[METRIC:x] 1' }))
    expect(error.issues.map((issue) => issue.path)).toEqual([
      'acceptance_criteria[0] (AC1).metric',
      'acceptance_criteria[0] (AC1).op',
      'acceptance_criteria[0] (AC1).target',
      'acceptance_criteria[1] (AC2).marker',
      'acceptance_criteria[2] (AC3).artifactPattern',
      'acceptance_criteria[3] (AC4).minCount',
      'acceptance_criteria[4] (AC5).kind',
    ])
  })

  it('is BLOCKED when the host reports blockers', () => {
    const result = evaluateGoalGate(contractOf(metric('>=', 0.5)), {
      output: '[METRIC:value] 0.9',
      blockers: ['dataset access revoked'],
    })
    expect(result).toMatchObject({
      passed: false,
      overallStatus: 'BLOCKED',
      blockers: ['dataset access revoked'],
      metCount: 1,
    })
  })

  it('carries the attempt budget and the approach label', () => {
    const contract = { ...contractOf(metric('>=', 0.5)), max_goal_attempts: 5 }
    expect(evaluateGoalGate(contract, { output: '', approach: 'xgboost' })).toMatchObject({
      maxGoalAttempts: 5,
      approach: 'xgboost',
    })
  })

  it('accepts the positional (contract, output, artifacts) form', () => {
    const contract = contractOf(metric('>=', 0.8), {
      id: 'AC2',
      kind: 'artifact_exists',
      artifactPattern: '*.png',
    })
    expect(evaluateGoalGate(contract, '[METRIC:value] 0.85', ['figures/plot.png'])).toMatchObject({
      passed: true,
      metCount: 2,
    })
  })
})
