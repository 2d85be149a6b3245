/** @module @focal/core/judge */
export {
  detectAbstractionLevel,
  inferRequestedAbstraction,
  inferRequestedArtifact,
} from './abstraction-cues.ts'
export {
  type BuildJudgePayloadOptions,
  boundEvidence,
  buildJudgePayload,
  maxPromptEvidenceChars,
  promptEvidence,
  toJudgePayloadJson,
} from './build-judge-payload.ts'
export {
  type ComputedVerdict,
  type ComputeVerdictOptions,
  computeVerdict,
  judgeDimensionWeights,
  weightedScore,
} from './compute-verdict.ts'
export {
  type AlignmentJudge,
  type CreateAlignmentJudgeOptions,
  createAlignmentJudge,
  fromModelOutput,
  validateCustomReasonCodes,
} from './create-alignment-judge.ts'
export {
  type DefineIntentContractOptions,
  defineIntentContract,
  type IntentElementInput,
} from './define-intent-contract.ts'
export { detectArtifacts } from './detect-artifacts.ts'
export {
  type ClaimsCheck,
  type FindUnsupportedClaimsOptions,
  findUnsupportedClaims,
} from './find-unsupported-claims.ts'
export { findUnsupportedSpecifics, type SpecificsCheck } from './find-unsupported-specifics.ts'
export { type HeuristicJudgeOptions, judgeAlignmentHeuristically } from './judge-alignment-heuristically.ts'
export { createJudgeOutputSchema, type JudgeModelOutput } from './judge-output-schema.ts'
export {
  type JudgePromptVariant,
  judgePromptA,
  judgePromptB,
  judgePromptLite,
  type RenderJudgePromptOptions,
  renderJudgePrompt,
} from './judge-prompts.ts'
export { judgeProvenanceGate } from './judge-provenance-gate.ts'
export { type JudgeThresholds, judgeThresholds } from './judge-thresholds.ts'
export {
  nextActionsFor,
  reasonCodeActions,
  type SelectFixModeOptions,
  selectFixMode,
} from './reason-code-actions.ts'
export {
  describeRetryChanges,
  type FinalizationAttempt,
  maxFinalizationRetries,
  type ReplanDirective,
  type ReplanDirectiveOptions,
  type RetryChange,
  renderReplanPrompt,
  replanDirective,
} from './replan-directive.ts'
export {
  type IntentContract,
  intentContractFor,
  intentContracts,
  type RequiredElement,
} from './required-elements.ts'
export {
  type FinalizationResult,
  type FinalizationRetry,
  type RunFinalizationOptions,
  runFinalization,
} from './run-finalization.ts'
export {
  type AbstractionLevel,
  type AlignmentJudgeResult,
  type ArtifactType,
  type ClaimKind,
  type CustomReasonCode,
  type FixMode,
  fixModes,
  type HardFailReasonCode,
  hardFailReasonCodes,
  type JudgeDimensionScores,
  type JudgeIntentId,
  type JudgeNextAction,
  type JudgeObservations,
  type JudgePayload,
  type JudgeReasonCode,
  type JudgeStrictness,
  type JudgeVerdict,
  judgeVerdicts,
  type SoftReasonCode,
  type SpecificClaim,
  softReasonCodes,
} from './types.ts'
