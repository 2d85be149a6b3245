import { describe, expect, it } from 'vitest'
import { FocalError } from '../errors/index.ts'
import { evaluateQualityGates } from './evaluate-quality-gates.ts'
import { evaluateTrustGate } from './evaluate-trust-gate.ts'
import type { QualityGateResult } from './types.ts'

const goodEvidence = '[STAT:ci] 95% CI [0.1, 0.3]\n[STAT:effect_size] d = 0.5\n[FINDING] Effect holds'

describe('evaluateTrustGate', () => {
  it('passes when quality gates pass and the reviewer score is at least 80', () => {
    const result = evaluateTrustGate({ quality: goodEvidence, reviewerTrustScore: 80 })
    expect(result).toMatchObject({
      passed: true,
      status: 'PASS',
      reviewerScore: 80,
      reviewerVerified: true,
      reasons: [],
    })
  })

  it('fails on a reviewer score of 79 even with perfect evidence', () => {
    const result = evaluateTrustGate({ quality: goodEvidence, reviewerTrustScore: 79 })
    expect(result.status).toBe('FAIL')
    expect(result.reasons).toEqual(['Reviewer trust score 79 is below 80'])
  })

  it('fails when quality gates fail even with a high reviewer score', () => {
    const result = evaluateTrustGate({ quality: '[FINDING] unsupported', reviewerTrustScore: 95 })
    expect(result.passed).toBe(false)
    expect(result.reasons[0]).toContain('score 40/100')
  })

  it('relies on the quality gates alone when no reviewer score is given', () => {
    expect(evaluateTrustGate({ quality: goodEvidence }).passed).toBe(true)
  })

  it('honours a custom verified threshold', () => {
    expect(
      evaluateTrustGate({ quality: goodEvidence, reviewerTrustScore: 85, verifiedThreshold: 90 }).passed,
    ).toBe(false)
  })

  it.each([-1, 101, Number.NaN])('throws invalid-argument for reviewer score %s', (score) => {
    expect(() => evaluateTrustGate({ quality: goodEvidence, reviewerTrustScore: score })).toThrow(FocalError)
    try {
      evaluateTrustGate({ quality: goodEvidence, reviewerTrustScore: score })
    } catch (error) {
      expect(FocalError.isInstance(error) && error.code).toBe('invalid-argument')
    }
  })

  // The quality gates count violations, so output with nothing in it used to pass them and the gate.
  describe('with nothing to verify', () => {
    it.each([
      ['empty output', '', 'No output: the run reported nothing to verify'],
      ['whitespace', '  \n\t\n  ', 'No output: the run reported nothing to verify'],
      ['prose without markers', 'All done, the model looks great!', 'No evidence: the output has no markers'],
      [
        'markers with no evidence',
        '[OBJECTIVE] Predict churn\n[INFO] loading\n[CONCLUSION] The model works',
        'No evidence: 3 markers but no verified [FINDING] and no [METRIC:<name>] value',
      ],
      [
        'a metric without a number',
        '[METRIC:row_count] unknown',
        'No evidence: 1 marker but no verified [FINDING] and no [METRIC:<name>] value',
      ],
    ])('fails on %s, even with a perfect reviewer score', (_name, output, reason) => {
      const result = evaluateTrustGate({ quality: output, reviewerTrustScore: 100 })
      expect(result).toMatchObject({ passed: false, status: 'FAIL' })
      expect(result.reasons).toEqual([reason])
    })

    it('passes on a single reported metric value, which is evidence', () => {
      expect(evaluateTrustGate({ quality: '[METRIC:row_count] 1000' }).passed).toBe(true)
    })

    it('fails on a precomputed quality result that passed with no evidence', () => {
      const quality = evaluateQualityGates('[CONCLUSION] done')
      expect(quality).toMatchObject({ passed: true, markerCount: 1, evidenceCount: 0 })
      expect(evaluateTrustGate({ quality }).passed).toBe(false)
    })

    it('fails on a quality result without an evidence count (stored before it existed, or hand-built)', () => {
      const { evidenceCount: _dropped, ...stored } = evaluateQualityGates(goodEvidence)
      const result = evaluateTrustGate({ quality: stored as QualityGateResult })
      expect(result.passed).toBe(false)
      expect(result.reasons).toEqual([
        'No evidence count in the quality result: run the quality gates on the output again',
      ])
    })
  })

  it('throws invalid-argument when quality is neither text nor a quality result', () => {
    for (const quality of [undefined, null, 42]) {
      expect(() => evaluateTrustGate({ quality: quality as unknown as string })).toThrow(/quality must be/)
    }
  })
})
