import { judgeThresholds } from './judge-thresholds.ts'
import {
  type CustomReasonCode,
  hardFailReasonCodes,
  type JudgeDimensionScores,
  type JudgeReasonCode,
  type JudgeStrictness,
  type JudgeVerdict,
} from './types.ts'

/** The dimension weights of seed 004 §9.2 (they sum to 1). */
export const judgeDimensionWeights: Readonly<JudgeDimensionScores> = {
  goalCoverage: 0.35,
  abstractionMatch: 0.25,
  artifactMatch: 0.2,
  evidenceFit: 0.15,
  clarity: 0.05,
}

/** Options of {@link computeVerdict}. */
export interface ComputeVerdictOptions {
  scores: JudgeDimensionScores
  reasonCodes: readonly JudgeReasonCode[]
  /** @default 'medium' */
  strictness?: JudgeStrictness
  /** Custom codes; those with severity `hard` fail like built-in hard-fail codes. @default [] */
  customReasonCodes?: readonly CustomReasonCode[]
}

/** The computed verdict. */
export interface ComputedVerdict {
  qualityScore: number
  verdict: JudgeVerdict
  hardFailCodes: JudgeReasonCode[]
}

const builtInHardFail = new Set<string>(hardFailReasonCodes)

/**
 * The verdict, computed in code so a model can never return an inconsistent one: the weighted
 * score (35/25/20/15/5, each dimension clamped to 0..1, rounded to 4 decimals) against the
 * strictness thresholds, and FAIL whenever a hard-fail code is present.
 *
 * @example
 * computeVerdict({ scores: { goalCoverage: 1, abstractionMatch: 1, artifactMatch: 1, evidenceFit: 1, clarity: 1 }, reasonCodes: [] })
 * // { qualityScore: 1, verdict: 'PASS', hardFailCodes: [] }
 */
export function computeVerdict({
  scores,
  reasonCodes,
  strictness = 'medium',
  customReasonCodes = [],
}: ComputeVerdictOptions): ComputedVerdict {
  const qualityScore = weightedScore(scores)
  const thresholds = judgeThresholds[strictness]
  const customHard = new Set(
    customReasonCodes.filter((code) => code.severity === 'hard').map((code) => code.code),
  )
  const hardFailCodes = reasonCodes.filter(
    (code) =>
      builtInHardFail.has(code) ||
      customHard.has(code) ||
      (thresholds.clarificationFails && code === 'NEEDS_CLARIFICATION'),
  )
  let verdict: JudgeVerdict = 'FAIL'
  if (hardFailCodes.length === 0 && qualityScore >= thresholds.pass) verdict = 'PASS'
  else if (hardFailCodes.length === 0 && qualityScore >= thresholds.caveats) verdict = 'PASS_WITH_CAVEATS'
  return { qualityScore, verdict, hardFailCodes: [...new Set(hardFailCodes)] }
}

/** The weighted quality score, rounded to 4 decimals so 0.8 × every weight is exactly 0.8. */
export function weightedScore(scores: JudgeDimensionScores): number {
  let total = 0
  for (const key of Object.keys(judgeDimensionWeights) as Array<keyof JudgeDimensionScores>) {
    total += judgeDimensionWeights[key] * clamp(scores[key])
  }
  return Math.round(total * 10_000) / 10_000
}

function clamp(value: number): number {
  if (!Number.isFinite(value)) return 0
  return Math.min(1, Math.max(0, value))
}
