import { FocalError } from '../errors/index.ts'
import { evaluateQualityGates } from './evaluate-quality-gates.ts'
import type { QualityGateResult, TrustGateResult } from './types.ts'

/** Options of {@link evaluateTrustGate}. */
export interface TrustGateOptions {
  /** Output text to run the quality gates on, or an already computed quality result. */
  quality: string | QualityGateResult
  /** Reviewer (adversarial verifier) trust score, 0–100. Omit when there was no review. */
  reviewerTrustScore?: number
  /**
   * Minimum reviewer score that counts as verified.
   * @default 80
   */
  verifiedThreshold?: number
}

/**
 * The trust gate: passes only when the quality gates pass and, if a reviewer score is supplied,
 * it is at least the verified threshold (80). Throws `invalid-argument` for a score outside 0–100.
 */
export function evaluateTrustGate({
  quality,
  reviewerTrustScore,
  verifiedThreshold = 80,
}: TrustGateOptions): TrustGateResult {
  if (reviewerTrustScore !== undefined) assertScore('reviewerTrustScore', reviewerTrustScore)
  assertScore('verifiedThreshold', verifiedThreshold)
  const qualityResult = typeof quality === 'string' ? evaluateQualityGates(quality) : quality
  const reviewerVerified = reviewerTrustScore === undefined || reviewerTrustScore >= verifiedThreshold
  const reasons: string[] = []
  if (!qualityResult.passed) {
    reasons.push(
      `Quality gates failed: score ${qualityResult.score}/100 with ${qualityResult.violations.length} violation(s)`,
    )
  }
  if (!reviewerVerified)
    reasons.push(`Reviewer trust score ${reviewerTrustScore} is below ${verifiedThreshold}`)
  const passed = reasons.length === 0
  const result: TrustGateResult = {
    passed,
    status: passed ? 'PASS' : 'FAIL',
    quality: qualityResult,
    reviewerVerified,
    reasons,
  }
  if (reviewerTrustScore !== undefined) result.reviewerScore = reviewerTrustScore
  return result
}

function assertScore(name: string, value: number): void {
  if (Number.isFinite(value) && value >= 0 && value <= 100) return
  throw new FocalError({
    code: 'invalid-argument',
    message: `${name} must be a number from 0 to 100, got ${String(value)}`,
    issues: [{ path: name, message: 'must be a number from 0 to 100' }],
  })
}
