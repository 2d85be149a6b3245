/** @module @focal/core/completion */
export { compareMetric, formatMetricNumber } from './compare-metric.ts'
export { createGoalTracker, type GoalTracker, type GoalTrackerOptions } from './create-goal-tracker.ts'
export {
  type CompletionDecision,
  type CompletionReason,
  type CompletionStatus,
  type CompletionWarning,
  type DecideCompletionOptions,
  decideCompletion,
} from './decide-completion.ts'
export {
  artifactMatchCost,
  evaluateArtifactExists,
  evaluateFindingCount,
  evaluateMarkerRequired,
  evaluateMetricThreshold,
  matchArtifactPattern,
  matchMarkerPattern,
  maxArtifactMatchCells,
} from './evaluate-criteria.ts'
export { evaluateGoalGate, type GoalGateInput } from './evaluate-goal-gate.ts'
export { evaluateQualityGates, runQualityGates } from './evaluate-quality-gates.ts'
export { evaluateTrustGate, type TrustGateOptions } from './evaluate-trust-gate.ts'
export {
  type ExtractMetricOptions,
  extractMetric,
  extractMetricReports,
  normalizeMarkerName,
  type OrderingOperator,
  parseMetricValue,
  selectMetricReport,
} from './extract-metric.ts'
export { type FrontmatterBlock, joinFrontmatter, splitFrontmatter } from './frontmatter-block.ts'
export {
  acceptanceCriterionKinds,
  comparisonOperators,
  defaultFindingPolicy,
  defaultMaxGoalAttempts,
  defaultMetricPolicy,
  findingPolicies,
  metricPolicies,
} from './goal-contract-constants.ts'
export { goalContractFromFrontmatter } from './goal-contract-from-frontmatter.ts'
export { goalContractPrompts } from './goal-contract-prompts.ts'
export {
  type AcceptanceCriterion,
  type AcceptanceCriterionKind,
  type ArtifactExistsCriterion,
  acceptanceCriterionSchema,
  artifactExistsCriterionSchema,
  type ComparisonOperator,
  type FindingCountCriterion,
  type FindingPolicy,
  findingCountCriterionSchema,
  type GoalContract,
  goalContractSchema,
  type MarkerRequiredCriterion,
  type MetricPolicy,
  type MetricThresholdCriterion,
  markerRequiredCriterionSchema,
  metricThresholdCriterionSchema,
} from './goal-contract-schema.ts'
export {
  type GoalSnapshot,
  type GoalSnapshotCriterion,
  type GoalSnapshotOptions,
  goalSnapshot,
} from './goal-snapshot.ts'
export { readMarkdownFrontmatter, writeMarkdownFrontmatter } from './markdown-frontmatter.ts'
export {
  getMarkerDefinition,
  type MarkerCategory,
  type MarkerDefinition,
  markerTaxonomy,
} from './marker-taxonomy.ts'
export { type MatchGlobOptions, matchGlob } from './match-glob.ts'
export {
  type FrontmatterWriteOptions,
  type JupyterCell,
  type JupyterNotebook,
  readNotebookFrontmatter,
  writeNotebookFrontmatter,
} from './notebook-frontmatter.ts'
export { type NotebookOutputTextOptions, notebookOutputText } from './notebook-output-text.ts'
export { assertGoalAttempt, goalAttemptIssues, parseGoalAttempts } from './parse-goal-attempts.ts'
export { type ParseMarkersOptions, parseMarkers } from './parse-markers.ts'
export { findingEvidenceLookbackLines, qualityPenalties } from './quality-penalties.ts'
export {
  maxAttemptsReachedSuggestion,
  type PivotRecommendation,
  type RecommendPivotOptions,
  recommendPivot,
} from './recommend-pivot.ts'
export {
  type FrontmatterReadResult,
  type ResearchFrontmatter,
  type ResearchFrontmatterChanges,
  type ResearchStatus,
  researchFrontmatterSchema,
  researchStatuses,
} from './research-frontmatter-schema.ts'
export { getMarkersByCategory, getMarkersByType } from './select-markers.ts'
export type {
  CriterionStatus,
  FindingsValidation,
  GoalCriterionResult,
  GoalGateResult,
  GoalGateStatus,
  MarkerParseResult,
  MlPipelineValidation,
  ParsedMarker,
  QualityGateResult,
  QualityViolation,
  QualityViolationType,
  TrustGateResult,
} from './types.ts'
export { type FindingsCheck, validateFindings } from './validate-findings.ts'
export {
  type GoalContractValidation,
  parseGoalContract,
  validateGoalContract,
} from './validate-goal-contract.ts'
export { type MlPipelineCheck, validateMlPipeline } from './validate-ml-pipeline.ts'
