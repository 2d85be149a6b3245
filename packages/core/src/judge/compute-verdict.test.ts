import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { computeVerdict, weightedScore } from './compute-verdict.ts'
import { hardFailReasonCodes, type JudgeDimensionScores, softReasonCodes } from './types.ts'

const uniform = (value: number): JudgeDimensionScores => ({
  goalCoverage: value,
  abstractionMatch: value,
  artifactMatch: value,
  evidenceFit: value,
  clarity: value,
})

describe('computeVerdict', () => {
  it.each([
    [1, 'PASS'],
    [0.8, 'PASS'],
    [0.7999, 'PASS_WITH_CAVEATS'],
    [0.79, 'PASS_WITH_CAVEATS'],
    [0.6, 'PASS_WITH_CAVEATS'],
    [0.5999, 'FAIL'],
    [0, 'FAIL'],
  ] as const)('maps a uniform score of %s to %s at medium strictness', (score, verdict) => {
    const result = computeVerdict({ scores: uniform(score), reasonCodes: [] })
    expect(result.qualityScore).toBe(score)
    expect(result.verdict).toBe(verdict)
  })

  it.each(hardFailReasonCodes)('fails a perfect score when %s is present', (code) => {
    const result = computeVerdict({ scores: uniform(1), reasonCodes: [code] })
    expect(result.verdict).toBe('FAIL')
    expect(result.hardFailCodes).toEqual([code])
  })

  it.each(softReasonCodes)('keeps PASS for a perfect score with only the soft code %s', (code) => {
    expect(computeVerdict({ scores: uniform(1), reasonCodes: [code] }).verdict).toBe('PASS')
  })

  it('weights the dimensions 35/25/20/15/5', () => {
    const only = (key: keyof JudgeDimensionScores) => weightedScore({ ...uniform(0), [key]: 1 })
    expect([
      only('goalCoverage'),
      only('abstractionMatch'),
      only('artifactMatch'),
      only('evidenceFit'),
      only('clarity'),
    ]).toEqual([0.35, 0.25, 0.2, 0.15, 0.05])
    // Perfect everywhere except goal coverage: 0.65, caveats; except clarity: 0.95, pass.
    expect(computeVerdict({ scores: { ...uniform(1), goalCoverage: 0 }, reasonCodes: [] }).verdict).toBe(
      'PASS_WITH_CAVEATS',
    )
    expect(computeVerdict({ scores: { ...uniform(1), clarity: 0 }, reasonCodes: [] }).verdict).toBe('PASS')
  })

  it('clamps out-of-range and non-finite dimension scores', () => {
    expect(weightedScore({ ...uniform(1), goalCoverage: 7 })).toBe(1)
    expect(weightedScore({ ...uniform(0), goalCoverage: Number.NaN, clarity: -3 })).toBe(0)
  })

  it.each([
    ['low', 0.7, 'PASS'],
    ['low', 0.5, 'PASS_WITH_CAVEATS'],
    ['low', 0.4999, 'FAIL'],
    ['high', 0.8999, 'PASS_WITH_CAVEATS'],
    ['high', 0.9, 'PASS'],
    ['high', 0.6999, 'FAIL'],
  ] as const)('at %s strictness maps %s to %s', (strictness, score, verdict) => {
    expect(computeVerdict({ scores: uniform(score), reasonCodes: [], strictness }).verdict).toBe(verdict)
  })

  it('fails on NEEDS_CLARIFICATION only at high strictness (fail on any ambiguity)', () => {
    const scores = uniform(1)
    expect(
      computeVerdict({ scores, reasonCodes: ['NEEDS_CLARIFICATION'], strictness: 'medium' }).verdict,
    ).toBe('PASS')
    expect(computeVerdict({ scores, reasonCodes: ['NEEDS_CLARIFICATION'], strictness: 'high' }).verdict).toBe(
      'FAIL',
    )
  })

  it('treats custom codes of severity hard as hard-fail and soft ones as soft', () => {
    const customReasonCodes = [
      { code: 'REFUND_POLICY_VIOLATION', severity: 'hard' as const },
      { code: 'MISSING_ORDER_ID' },
    ]
    const scores = uniform(1)
    expect(
      computeVerdict({ scores, reasonCodes: ['REFUND_POLICY_VIOLATION'], customReasonCodes }).verdict,
    ).toBe('FAIL')
    expect(computeVerdict({ scores, reasonCodes: ['MISSING_ORDER_ID'], customReasonCodes }).verdict).toBe(
      'PASS',
    )
  })

  it('never returns PASS with a hard-fail code or below the threshold (property)', () => {
    const unit = fc.double({ min: 0, max: 1, noNaN: true })
    fc.assert(
      fc.property(
        fc.record({
          goalCoverage: unit,
          abstractionMatch: unit,
          artifactMatch: unit,
          evidenceFit: unit,
          clarity: unit,
        }),
        fc.subarray([...hardFailReasonCodes, ...softReasonCodes]),
        (scores, reasonCodes) => {
          const result = computeVerdict({ scores, reasonCodes })
          const hard = reasonCodes.some((code) => (hardFailReasonCodes as readonly string[]).includes(code))
          if (hard) expect(result.verdict).toBe('FAIL')
          if (result.verdict === 'PASS') expect(result.qualityScore).toBeGreaterThanOrEqual(0.8)
          if (result.verdict === 'PASS_WITH_CAVEATS') expect(result.qualityScore).toBeGreaterThanOrEqual(0.6)
          if (!hard && result.qualityScore >= 0.8) expect(result.verdict).toBe('PASS')
        },
      ),
    )
  })
})
