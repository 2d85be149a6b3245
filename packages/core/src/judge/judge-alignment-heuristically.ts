import { computeVerdict } from './compute-verdict.ts'
import {
  checkAbstraction,
  checkArtifact,
  checkClarity,
  checkEvidence,
  checkGoalCoverage,
  type HeuristicContext,
} from './heuristic-checks.ts'
import { judgeThresholds } from './judge-thresholds.ts'
import { nextActionsFor, selectFixMode } from './reason-code-actions.ts'
import { type IntentContract, intentContractFor } from './required-elements.ts'
import type {
  AlignmentJudgeResult,
  CustomReasonCode,
  JudgeObservations,
  JudgePayload,
  JudgeStrictness,
} from './types.ts'

/** Options of {@link judgeAlignmentHeuristically}. */
export interface HeuristicJudgeOptions {
  /** @default 'medium' */
  strictness?: JudgeStrictness
  /** Custom codes; those with a `missingPattern` are raised when the draft does not match it. @default [] */
  customReasonCodes?: readonly CustomReasonCode[]
  /** Per-intent contracts replacing the built-in ones. @default {} */
  intentContracts?: Readonly<Record<string, IntentContract>>
  /** Compiled `missingPattern`s of the custom codes (built once by `createAlignmentJudge`). @default none */
  customPatterns?: ReadonlyMap<string, RegExp>
}

/**
 * The deterministic Final Alignment Judge (no model, microseconds): artifact detection, required
 * element coverage, unsupported specifics (paths and symbols against the tool trace; times, amounts,
 * ids, statuses and names against goal, trace and `evidence`), abstraction-level cues, goal keyword
 * coverage. Scores the five dimensions, raises reason codes, and computes the verdict in code.
 *
 * @example
 * judgeAlignmentHeuristically(buildJudgePayload({ goal: 'Draw a diagram of the login flow', intentId: 'SYSTEM_CONTROL_FLOW', draft }))
 */
export function judgeAlignmentHeuristically(
  payload: JudgePayload,
  options: HeuristicJudgeOptions = {},
): AlignmentJudgeResult {
  const { strictness = 'medium', customReasonCodes = [], customPatterns } = options
  const context: HeuristicContext = {
    payload,
    contract: intentContractFor(payload.intentId, options.intentContracts),
    thresholds: judgeThresholds[strictness],
    strictness,
    codes: [],
    evidenceIssues: [],
  }
  const goal = checkGoalCoverage(context)
  const artifact = checkArtifact(context)
  const abstraction = checkAbstraction(context)
  const evidence = checkEvidence(context)
  const clarity = checkClarity(context)
  const { codes, evidenceIssues } = context
  if (payload.goalAmbiguous) codes.push('NEEDS_CLARIFICATION')
  if (payload.policyViolations && payload.policyViolations.length > 0) {
    codes.push('SAFETY_OR_POLICY_VIOLATION')
    evidenceIssues.push(...payload.policyViolations)
  }
  for (const custom of customReasonCodes) {
    const pattern = customPatterns?.get(custom.code)
    if (pattern && !pattern.test(payload.draftAnswer)) codes.push(custom.code)
  }
  const scores = {
    goalCoverage: goal.goalCoverage,
    abstractionMatch: abstraction.abstractionMatch,
    artifactMatch: artifact.artifactMatch,
    evidenceFit: evidence.evidenceFit,
    clarity,
  }
  const missingRequirements = goal.missing.map((element) => element.label)
  const observations: JudgeObservations = {
    artifacts: artifact.artifacts,
    coveredElements: goal.covered.map((element) => element.id),
    missingElements: goal.missing.map((element) => element.id),
    unsupportedSpecifics: evidence.unsupportedSpecifics,
    unsupportedClaims: evidence.unsupportedClaims,
  }
  if (artifact.requestedArtifact !== undefined) observations.requestedArtifact = artifact.requestedArtifact
  if (abstraction.draftAbstraction !== undefined) observations.draftAbstraction = abstraction.draftAbstraction
  if (abstraction.requestedAbstraction !== undefined)
    observations.requestedAbstraction = abstraction.requestedAbstraction
  return {
    ...computeVerdict({ scores, reasonCodes: codes, strictness, customReasonCodes }),
    scores,
    reasonCodes: codes,
    missingRequirements,
    evidenceIssues,
    fixMode: selectFixMode({
      reasonCodes: codes,
      goalAmbiguous: payload.goalAmbiguous ?? false,
      missingNeedsEvidence: context.contract.needsEvidence && payload.toolTraceSummary.trim() === '',
    }),
    nextActions: nextActionsFor(codes, missingRequirements, [
      ...evidence.unsupportedSpecifics,
      ...evidence.unsupportedClaims.map((claim) => claim.text),
    ]),
    source: 'heuristic',
    modelId: 'heuristic',
    observations,
  }
}
