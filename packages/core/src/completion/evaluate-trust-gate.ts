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
 * The trust gate: passes only when the quality gates pass, the output carries evidence (a verified
 * `[FINDING]` or a `[METRIC:<name>]` with a number; empty output, whitespace or markers alone fail
 * with a reason) and, if a reviewer score is supplied, it is at least the verified threshold (80).
 * Throws `invalid-argument` for a score outside 0–100 or a `quality` that is neither text nor a result.
 */
export function evaluateTrustGate({
  quality,
  reviewerTrustScore,
  verifiedThreshold = 80,
}: TrustGateOptions): TrustGateResult {
  if (reviewerTrustScore !== undefined) assertScore('reviewerTrustScore', reviewerTrustScore)
  assertScore('verifiedThreshold', verifiedThreshold)
  if (typeof quality !== 'string' && (quality === null || typeof quality !== 'object')) {
    throw new FocalError({
      code: 'invalid-argument',
      message: `quality must be output text or a quality gate result, got ${quality === null ? 'null' : typeof quality}`,
      issues: [{ path: 'quality', message: 'must be output text or a quality gate result' }],
    })
  }
  const qualityResult = typeof quality === 'string' ? evaluateQualityGates(quality) : quality
  const reviewerVerified = reviewerTrustScore === undefined || reviewerTrustScore >= verifiedThreshold
  const reasons: string[] = []
  if (!qualityResult.passed) {
    reasons.push(
      `Quality gates failed: score ${qualityResult.score}/100 with ${qualityResult.violations.length} violation(s)`,
    )
  }
  const missingEvidence = evidenceProblem(quality, qualityResult)
  if (missingEvidence !== undefined) reasons.push(missingEvidence)
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

// The quality gates only count violations, so nothing at all would pass them.
function evidenceProblem(quality: string | QualityGateResult, result: QualityGateResult): string | undefined {
  if (typeof quality === 'string' && quality.trim() === '')
    return 'No output: the run reported nothing to verify'
  const { markerCount, evidenceCount } = result as Partial<QualityGateResult>
  if (!Number.isInteger(evidenceCount) || !Number.isInteger(markerCount))
    return 'No evidence count in the quality result: run the quality gates on the output again'
  if (markerCount === 0) return 'No evidence: the output has no markers'
  if (evidenceCount === 0) {
    const markers = `${markerCount} marker${markerCount === 1 ? '' : 's'}`
    return `No evidence: ${markers} but no verified [FINDING] and no [METRIC:<name>] value`
  }
  return undefined
}

function assertScore(name: string, value: number): void {
  if (Number.isFinite(value) && value >= 0 && value <= 100) return
  throw new FocalError({
    code: 'invalid-argument',
    message: `${name} must be a number from 0 to 100, got ${String(value)}`,
    issues: [{ path: name, message: 'must be a number from 0 to 100' }],
  })
}
