import { describe, expect, it } from 'vitest'
import { FocalError } from '../errors/index.ts'
import { evaluateTrustGate } from './evaluate-trust-gate.ts'

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
})
