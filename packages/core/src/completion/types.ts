import type { AcceptanceCriterion } from './goal-contract-schema.ts'

/** One `[TYPE:subtype:key=value] content` marker read from agent or notebook output. */
export interface ParsedMarker {
  /** Upper-case type with hyphens read as underscores (`CHALLENGE-RESPONSE` → `CHALLENGE_RESPONSE`). */
  type: string
  /** First colon segment without `=`, hyphens read as underscores (`effect-size` → `effect_size`). */
  subtype?: string
  /** `key=value` segments; a bare segment after the subtype becomes a key with an empty value. */
  attributes: Record<string, string>
  /** Free text after the closing bracket, trimmed. */
  content: string
  /** 1-based line number. */
  lineNumber: number
  /** Whether the type is in the marker taxonomy. */
  known: boolean
  /** Same as `known` (the research-agent project's name for it). */
  valid: boolean
}

/** Everything {@link parseMarkers} found. */
export interface MarkerParseResult {
  markers: ParsedMarker[]
  /** Markers whose type is in the taxonomy. */
  validCount: number
  /** Markers whose type is not in the taxonomy. */
  unknownCount: number
  /** Distinct unknown types, in order of first appearance. */
  unknownTypes: string[]
}

/** Kind of quality-gate violation, with its fixed penalty (see `qualityPenalties`). */
export type QualityViolationType =
  | 'FINDING_NO_CI'
  | 'FINDING_NO_EFFECT_SIZE'
  | 'ML_NO_BASELINE'
  | 'ML_NO_CV'
  | 'ML_NO_INTERPRETATION'

/** One quality problem; `lineNumber` is 0 for whole-output problems (the ML checks). */
export interface QualityViolation {
  type: QualityViolationType
  message: string
  lineNumber: number
  content: string
  penalty: number
}

/** How many `[FINDING]` markers carry their statistical evidence. */
export interface FindingsValidation {
  total: number
  verified: number
  unverified: number
}

/** Which ML evidence markers were present. */
export interface MlPipelineValidation {
  hasBaseline: boolean
  hasCV: boolean
  hasInterpretation: boolean
}

/** Result of the evidence quality gates: score = max(0, 100 − penalties). */
export interface QualityGateResult {
  /** True when there is no violation at all. */
  passed: boolean
  score: number
  violations: QualityViolation[]
  findingsValidation: FindingsValidation
  mlValidation: MlPipelineValidation
  /** Markers read from the output (any type). */
  markerCount: number
  /**
   * Pieces of evidence: verified `[FINDING]`s plus `[METRIC:<name>]` reports with a number. The
   * quality gates pass with 0 (no violation); the trust gate does not.
   */
  evidenceCount: number
}

/**
 * Trust gate = quality gates, some evidence (never empty output) and, when supplied, a reviewer
 * trust score (>= 80 verified).
 */
export interface TrustGateResult {
  passed: boolean
  status: 'PASS' | 'FAIL'
  quality: QualityGateResult
  /** Reviewer trust score 0–100, when one was supplied. */
  reviewerScore?: number
  /** Reviewer score >= threshold; true when no score was supplied. */
  reviewerVerified: boolean
  /** Why the gate failed; empty when it passed. */
  reasons: string[]
}

/** Status of one acceptance criterion; UNKNOWN means the criterion itself is malformed. */
export type CriterionStatus = 'MET' | 'NOT_MET' | 'BLOCKED' | 'UNKNOWN'

/** Verdict on one acceptance criterion, with a message such as `cv_accuracy_mean = 0.75, needs >= 0.90`. */
export interface GoalCriterionResult {
  criterion: AcceptanceCriterion
  status: CriterionStatus
  actualValue?: number | string | boolean
  message: string
}

/** Overall goal gate status; NO_CONTRACT means the gate was skipped (backward compatible). */
export type GoalGateStatus = 'MET' | 'NOT_MET' | 'BLOCKED' | 'NO_CONTRACT'

/** Result of evaluating a goal contract against output and artifacts. */
export interface GoalGateResult {
  /** True when every criterion is MET, or there is no contract. */
  passed: boolean
  overallStatus: GoalGateStatus
  criteriaResults: GoalCriterionResult[]
  metCount: number
  totalCount: number
  /** Reasons the goal cannot be pursued further (present when BLOCKED). */
  blockers?: string[]
  /** The contract's attempt budget (`max_goal_attempts`, default 3). */
  maxGoalAttempts: number
  /** Label of the approach this attempt used, when the caller gave one (feeds pivot advice). */
  approach?: string
}
