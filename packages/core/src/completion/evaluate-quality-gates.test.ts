import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { evaluateQualityGates } from './evaluate-quality-gates.ts'
import { parseMarkers } from './parse-markers.ts'
import { validateFindings } from './validate-findings.ts'
import { validateMlPipeline } from './validate-ml-pipeline.ts'

const filler = (count: number) => Array.from({ length: count }, (_, index) => `log line ${index}`)

describe('validateFindings', () => {
  it('verifies a finding with CI and effect size just before it', () => {
    const result = validateFindings(
      '[STAT:ci] 95% CI [0.12, 0.58]\n[STAT:effect_size] d = 0.45\n[FINDING] Treatment helps',
    )
    expect(result.violations).toEqual([])
    expect(result.validation).toEqual({ total: 1, verified: 1, unverified: 0 })
    expect(result.verifiedFindings.map((finding) => finding.content)).toEqual(['Treatment helps'])
  })

  it('charges 30 points for a missing CI and 30 for a missing effect size', () => {
    const noCi = validateFindings('[STAT:effect_size] d = 0.45\n[FINDING] x')
    expect(noCi.violations.map((violation) => [violation.type, violation.penalty])).toEqual([
      ['FINDING_NO_CI', 30],
    ])
    const noEffect = validateFindings('[STAT:ci] [0.1, 0.2]\n[FINDING] x')
    expect(noEffect.violations.map((violation) => [violation.type, violation.penalty])).toEqual([
      ['FINDING_NO_EFFECT_SIZE', 30],
    ])
    const bare = validateFindings('[FINDING] x')
    expect(bare.violations.map((violation) => violation.type)).toEqual([
      'FINDING_NO_CI',
      'FINDING_NO_EFFECT_SIZE',
    ])
  })

  it('accepts evidence exactly 10 lines before the finding and rejects 11', () => {
    const atTen = ['[STAT:ci] a', '[STAT:effect_size] b', ...filler(8), '[FINDING] ten'].join('\n')
    expect(validateFindings(atTen).validation.verified).toBe(1)
    const atEleven = ['[STAT:ci] a', '[STAT:effect_size] b', ...filler(9), '[FINDING] eleven'].join('\n')
    const result = validateFindings(atEleven)
    expect(result.validation.verified).toBe(0)
    expect(result.violations.map((violation) => violation.type)).toEqual(['FINDING_NO_CI'])
  })

  it('does not count evidence printed after the finding', () => {
    expect(validateFindings('[FINDING] early\n[STAT:ci] a\n[STAT:effect_size] b').validation.verified).toBe(0)
  })

  it('reads hyphenated subtypes as the underscore form', () => {
    expect(validateFindings('[STAT:ci] a\n[STAT:effect-size] b\n[FINDING] x').validation.verified).toBe(1)
  })

  it('judges several findings independently', () => {
    const text = [
      '[STAT:ci] a',
      '[STAT:effect_size] b',
      '[FINDING] one',
      ...filler(11),
      '[FINDING] two',
      '[STAT:ci] c',
      '[STAT:effect_size] d',
      '[FINDING] three',
    ].join('\n')
    expect(validateFindings(text).validation).toEqual({ total: 3, verified: 2, unverified: 1 })
  })

  it('locates each violation by line and content', () => {
    const [violation] = validateFindings('intro\n[FINDING] Unverified finding').violations
    expect(violation?.lineNumber).toBe(2)
    expect(violation?.content).toBe('Unverified finding')
    expect(violation?.message).toContain('line 2')
  })
})

describe('validateMlPipeline', () => {
  const check = (text: string) => validateMlPipeline(parseMarkers(text).markers)

  it('passes a pipeline with baseline, cross-validation and interpretation', () => {
    const result = check(
      '[METRIC:baseline_accuracy] 0.33\n[METRIC:cv_accuracy_mean] 0.87\n[METRIC:feature_importance] age: 0.23',
    )
    expect(result.violations).toEqual([])
    expect(result.validation).toEqual({ hasBaseline: true, hasCV: true, hasInterpretation: true })
  })

  it('charges 20 for no baseline, 25 for no CV and 15 for no interpretation', () => {
    const result = check('[METRIC:accuracy] 0.87')
    expect(result.violations.map((violation) => [violation.type, violation.penalty])).toEqual([
      ['ML_NO_BASELINE', 20],
      ['ML_NO_CV', 25],
      ['ML_NO_INTERPRETATION', 15],
    ])
  })

  it.each(['precision', 'recall', 'f1', 'auc', 'rmse', 'mae', 'r2', 'mse'])(
    'treats %s as an ML metric',
    (name) => {
      expect(check(`[METRIC:${name}] 0.8`).violations.length).toBeGreaterThan(0)
    },
  )

  it.each(['shap_values', 'permutation_importance', 'top_features'])(
    'accepts %s as interpretation',
    (name) => {
      expect(check(`[METRIC:accuracy] 0.8\n[METRIC:${name}] a, b`).validation.hasInterpretation).toBe(true)
    },
  )

  // A lower-case `[metric:…]` counted for the goal gate but not here: the quality checks were skipped.
  it('checks a metric reported in lower case as it checks one in upper case', () => {
    const upper = evaluateQualityGates('[METRIC:accuracy] 0.95')
    const lower = evaluateQualityGates('[metric:accuracy] 0.95\n[METRIC:x] 1')
    expect(upper.passed).toBe(false)
    expect(lower.passed).toBe(false)
    expect(lower.violations.map((violation) => violation.type)).toEqual(
      expect.arrayContaining(upper.violations.map((violation) => violation.type)),
    )
  })

  it('leaves non-ML research alone', () => {
    const result = check('[OBJECTIVE] survey\n[METRIC:response_count] 420\n[STAT:ci] [0.1, 0.5]')
    expect(result.violations).toEqual([])
  })
})

describe('evaluateQualityGates', () => {
  it('scores complete ML research with a verified finding 100', () => {
    const text = `[OBJECTIVE] Build a classifier
[METRIC:baseline_accuracy] 0.33
[METRIC:cv_accuracy_mean] 0.87
[METRIC:feature_importance] age: 0.23
[STAT:ci] 95% CI [0.82, 0.92]
[STAT:effect_size] +0.54 over baseline
[FINDING] Model beats baseline
[CONCLUSION] Done`
    const result = evaluateQualityGates(text)
    expect(result).toMatchObject({ passed: true, score: 100, violations: [] })
    expect(result.findingsValidation.verified).toBe(1)
  })

  it('scores one finding without CI 70 and fails', () => {
    const result = evaluateQualityGates('[STAT:effect_size] d = 0.45\n[FINDING] x')
    expect(result.score).toBe(70)
    expect(result.passed).toBe(false)
  })

  it('adds finding and ML penalties and floors the score at 0', () => {
    const result = evaluateQualityGates('[METRIC:accuracy] 0.87\n[FINDING] Model performs well')
    expect(result.violations).toHaveLength(5)
    expect(result.score).toBe(0)
  })

  it('scores 60 for ML output with only a baseline', () => {
    expect(evaluateQualityGates('[METRIC:accuracy] 0.87\n[METRIC:baseline_accuracy] 0.33').score).toBe(60)
  })

  it('passes text without markers', () => {
    expect(evaluateQualityGates('')).toMatchObject({ passed: true, score: 100 })
    expect(evaluateQualityGates('plain\nprose').violations).toEqual([])
  })

  it('always reports score = max(0, 100 - sum of penalties) (property)', () => {
    const line = fc.constantFrom(
      '[FINDING] f',
      '[STAT:ci] c',
      '[STAT:effect_size] e',
      '[METRIC:accuracy] 0.9',
      '[METRIC:baseline_x] 0.5',
      '[METRIC:cv_mean] 0.8',
      '[METRIC:shap] a',
      'noise',
    )
    fc.assert(
      fc.property(fc.array(line, { maxLength: 40 }), (lines) => {
        const result = evaluateQualityGates(lines.join('\n'))
        const penalties = result.violations.reduce((sum, violation) => sum + violation.penalty, 0)
        expect(result.score).toBe(Math.max(0, 100 - penalties))
        expect(result.passed).toBe(result.violations.length === 0)
        const { total, verified, unverified } = result.findingsValidation
        expect(verified + unverified).toBe(total)
      }),
    )
  })
})

describe('validateFindings (property)', () => {
  it('verifies exactly the findings with both stats in the 10 lines before them', () => {
    const line = fc.constantFrom('[FINDING] f', '[STAT:ci] c', '[STAT:effect_size] e', 'noise')
    fc.assert(
      fc.property(fc.array(line, { maxLength: 80 }), (lines) => {
        const expected = lines.filter((text, index) => {
          if (text !== '[FINDING] f') return false
          const window = lines.slice(Math.max(0, index - 10), index)
          return window.includes('[STAT:ci] c') && window.includes('[STAT:effect_size] e')
        }).length
        expect(validateFindings(lines.join('\n')).validation.verified).toBe(expected)
      }),
    )
  })
})
