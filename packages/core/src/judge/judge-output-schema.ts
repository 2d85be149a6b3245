import { z } from 'zod'
import {
  type CustomReasonCode,
  fixModes,
  hardFailReasonCodes,
  judgeVerdicts,
  softReasonCodes,
} from './types.ts'

const unit = z.number().min(0).max(1)

/**
 * The zod schema of a model judge's JSON (seed 004 §9.6 plus per-dimension scores). `verdict` and
 * `quality_score` are accepted but ignored: Focal recomputes both from `scores` and the codes.
 * Reason codes must be built-in or declared custom codes.
 */
export function createJudgeOutputSchema(customReasonCodes: readonly CustomReasonCode[] = []) {
  const codes = [
    ...hardFailReasonCodes,
    ...softReasonCodes,
    ...customReasonCodes.map((code) => code.code),
  ] as [string, ...string[]]
  return z.object({
    scores: z.object({
      goal_coverage: unit,
      abstraction_match: unit,
      artifact_match: unit,
      evidence_fit: unit,
      clarity: unit,
    }),
    quality_score: unit.optional(),
    verdict: z.enum(judgeVerdicts).optional(),
    reason_codes: z.array(z.enum(codes)),
    missing_requirements: z.array(z.string()).default([]),
    evidence_issues: z.array(z.string()).default([]),
    fix_mode: z.enum(fixModes),
    next_actions: z
      .array(
        z.object({
          type: z.enum(['rewrite', 'tool', 'question']),
          instruction: z.string(),
          priority: z.enum(['high', 'med', 'low']).optional(),
        }),
      )
      .default([]),
  })
}

/** What a model judge returns, validated. */
export type JudgeModelOutput = z.infer<ReturnType<typeof createJudgeOutputSchema>>
