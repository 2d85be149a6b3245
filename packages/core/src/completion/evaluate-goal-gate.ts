import {
  evaluateArtifactExists,
  evaluateFindingCount,
  evaluateMarkerRequired,
  evaluateMetricThreshold,
} from './evaluate-criteria.ts'
import { defaultMaxGoalAttempts } from './goal-contract-constants.ts'
import type { AcceptanceCriterion, GoalContract } from './goal-contract-schema.ts'
import { parseMarkers } from './parse-markers.ts'
import type { GoalCriterionResult, GoalGateResult, ParsedMarker } from './types.ts'
import { validateFindings } from './validate-findings.ts'

/** What the goal gate is evaluated against. */
export interface GoalGateInput {
  /** Combined output of the run (notebook cell outputs, agent text) carrying the markers. */
  output: string
  /**
   * Paths of the artifacts the run produced.
   * @default []
   */
  artifacts?: readonly string[]
  /**
   * Number of verified findings, when the host already knows it.
   * @default counted from `output`: findings with `[STAT:ci]` and `[STAT:effect_size]` within 10 lines before
   */
  verifiedFindings?: number
  /**
   * Reasons the goal cannot be pursued (missing data, access denied); any makes the gate BLOCKED.
   * @default []
   */
  blockers?: readonly string[]
  /** Label of the approach this attempt used ("random forest"); pivot advice counts distinct ones. */
  approach?: string
}

/**
 * Evaluates a goal contract's acceptance criteria. No contract → NO_CONTRACT (passes, backward
 * compatible); all criteria MET → MET; any blocker → BLOCKED; otherwise NOT_MET. The research-agent
 * project's positional form `(contract, output, artifacts)` is accepted too.
 */
export function evaluateGoalGate(
  contract: GoalContract | undefined,
  input: GoalGateInput | string,
  artifacts: readonly string[] = [],
): GoalGateResult {
  const gateInput: GoalGateInput = typeof input === 'string' ? { output: input, artifacts } : input
  const maxGoalAttempts = readMaxAttempts(contract)
  const base =
    gateInput.approach === undefined ? { maxGoalAttempts } : { maxGoalAttempts, approach: gateInput.approach }
  if (contract === undefined)
    return {
      passed: true,
      overallStatus: 'NO_CONTRACT',
      criteriaResults: [],
      metCount: 0,
      totalCount: 0,
      ...base,
    }
  const criteria: readonly AcceptanceCriterion[] = Array.isArray(contract.acceptance_criteria)
    ? contract.acceptance_criteria
    : []
  const context = buildContext(gateInput)
  const criteriaResults = criteria.map((criterion) => evaluateCriterion(criterion, context))
  const metCount = criteriaResults.filter((result) => result.status === 'MET').length
  const blockers = [
    ...(gateInput.blockers ?? []),
    ...criteriaResults.filter((r) => r.status === 'BLOCKED').map((r) => r.message),
  ]
  const totalCount = criteriaResults.length
  if (blockers.length > 0)
    return {
      passed: false,
      overallStatus: 'BLOCKED',
      criteriaResults,
      metCount,
      totalCount,
      blockers,
      ...base,
    }
  const passed = metCount === totalCount
  return { passed, overallStatus: passed ? 'MET' : 'NOT_MET', criteriaResults, metCount, totalCount, ...base }
}

interface CriterionContext {
  markers: () => readonly ParsedMarker[]
  artifacts: readonly string[]
  verifiedFindings: () => number
}

// Lazy: output is parsed only for the criterion kinds the contract uses.
function buildContext(input: GoalGateInput): CriterionContext {
  let markers: readonly ParsedMarker[] | undefined
  let verified = input.verifiedFindings
  return {
    markers: () => {
      markers ??= parseMarkers(input.output, { anyCaseTypes: true }).markers
      return markers
    },
    artifacts: input.artifacts ?? [],
    verifiedFindings: () => {
      verified ??= validateFindings(input.output).validation.verified
      return verified
    },
  }
}

function evaluateCriterion(criterion: AcceptanceCriterion, context: CriterionContext): GoalCriterionResult {
  switch (criterion.kind) {
    case 'metric_threshold':
      return evaluateMetricThreshold(criterion, context.markers())
    case 'marker_required':
      return evaluateMarkerRequired(criterion, context.markers())
    case 'artifact_exists':
      return evaluateArtifactExists(criterion, context.artifacts)
    case 'finding_count':
      return evaluateFindingCount(criterion, context.verifiedFindings())
    default:
      return {
        criterion,
        status: 'UNKNOWN',
        message: `Unknown criterion kind: ${String((criterion as { kind?: unknown }).kind)}`,
      }
  }
}

function readMaxAttempts(contract: GoalContract | undefined): number {
  const value = contract?.max_goal_attempts
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : defaultMaxGoalAttempts
}
