import { FocalError, type FocalIssue } from '../errors/index.ts'
import {
  evaluateArtifactExists,
  evaluateFindingCount,
  evaluateMarkerRequired,
  evaluateMetricThreshold,
} from './evaluate-criteria.ts'
import { defaultFindingPolicy, defaultMaxGoalAttempts } from './goal-contract-constants.ts'
import type { AcceptanceCriterion, FindingPolicy, GoalContract } from './goal-contract-schema.ts'
import { parseMarkers } from './parse-markers.ts'
import type { FindingsValidation, GoalCriterionResult, GoalGateResult, ParsedMarker } from './types.ts'
import { validateFindings } from './validate-findings.ts'
import { parseGoalContract } from './validate-goal-contract.ts'

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
   * Number of verified findings, when the host already knows it; used by `finding_count` criteria
   * with `findingPolicy: 'verified'` only (`'all'` always counts `[FINDING]` markers in `output`).
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
 * Evaluates a goal contract's acceptance criteria. No contract (`undefined`) → NO_CONTRACT (passes,
 * backward compatible); all criteria MET → MET; any blocker → BLOCKED; otherwise NOT_MET. Fails
 * closed: any other contract value that is not a valid contract (null, `{}`, no criteria, unknown
 * operator, non-finite target, ...) throws `invalid-goal-contract` with located issues, and a
 * malformed input throws `invalid-argument`. The research-agent project's positional form
 * `(contract, output, artifacts)` is accepted too.
 */
export function evaluateGoalGate(
  contract: GoalContract | undefined,
  input: GoalGateInput | string,
  artifacts: readonly string[] = [],
): GoalGateResult {
  const gateInput: GoalGateInput = typeof input === 'string' ? { output: input, artifacts } : input
  assertGoalGateInput(gateInput)
  if (contract === undefined) {
    const result: GoalGateResult = {
      passed: true,
      overallStatus: 'NO_CONTRACT',
      criteriaResults: [],
      metCount: 0,
      totalCount: 0,
      maxGoalAttempts: defaultMaxGoalAttempts,
    }
    if (gateInput.approach !== undefined) result.approach = gateInput.approach
    return result
  }
  const parsed = parseGoalContract(contract)
  const maxGoalAttempts = parsed.max_goal_attempts ?? defaultMaxGoalAttempts
  const base =
    gateInput.approach === undefined ? { maxGoalAttempts } : { maxGoalAttempts, approach: gateInput.approach }
  const context = buildContext(gateInput)
  const criteriaResults = parsed.acceptance_criteria.map((criterion) => evaluateCriterion(criterion, context))
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
  const passed = totalCount > 0 && metCount === totalCount
  return { passed, overallStatus: passed ? 'MET' : 'NOT_MET', criteriaResults, metCount, totalCount, ...base }
}

interface CriterionContext {
  markers: () => readonly ParsedMarker[]
  artifacts: readonly string[]
  findings: (policy: FindingPolicy) => number
}

// Lazy: output is parsed only for the criterion kinds the contract uses.
function buildContext(input: GoalGateInput): CriterionContext {
  let markers: readonly ParsedMarker[] | undefined
  let counted: FindingsValidation | undefined
  const count = () => {
    counted ??= validateFindings(input.output).validation
    return counted
  }
  return {
    markers: () => {
      markers ??= parseMarkers(input.output, { anyCaseTypes: true }).markers
      return markers
    },
    artifacts: input.artifacts ?? [],
    // The host's count is of verified findings only: it never stands in for all findings.
    findings: (policy) => (policy === 'all' ? count().total : (input.verifiedFindings ?? count().verified)),
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
      return evaluateFindingCount(
        criterion,
        context.findings(criterion.findingPolicy ?? defaultFindingPolicy),
      )
    default:
      return {
        criterion,
        status: 'UNKNOWN',
        message: `Unknown criterion kind: ${String((criterion as { kind?: unknown }).kind)}`,
      }
  }
}

// Inputs often arrive as JSON from a host: a wrong type must not read as "nothing to check".
function assertGoalGateInput(input: GoalGateInput): void {
  const issues: FocalIssue[] = []
  const value = input as unknown as Record<string, unknown>
  if (typeof value.output !== 'string') issues.push({ path: 'output', message: 'must be a string' })
  issues.push(
    ...stringListIssues('artifacts', value.artifacts),
    ...stringListIssues('blockers', value.blockers),
  )
  const verified = value.verifiedFindings
  if (verified !== undefined && !(Number.isInteger(verified) && (verified as number) >= 0))
    issues.push({ path: 'verifiedFindings', message: 'must be a whole number >= 0' })
  if (value.approach !== undefined && typeof value.approach !== 'string')
    issues.push({ path: 'approach', message: 'must be a string' })
  if (issues.length === 0) return
  throw new FocalError({
    code: 'invalid-argument',
    message: `Invalid goal gate input: ${issues.map((issue) => `${issue.path} ${issue.message}`).join('; ')}`,
    issues,
  })
}

function stringListIssues(path: string, list: unknown): FocalIssue[] {
  if (list === undefined) return []
  if (!Array.isArray(list)) return [{ path, message: 'must be an array of strings' }]
  return list.flatMap((entry, index) =>
    typeof entry === 'string' ? [] : [{ path: `${path}[${index}]`, message: 'must be a string' }],
  )
}
