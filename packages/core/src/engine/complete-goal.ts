import { createGoalTracker } from '../completion/create-goal-tracker.ts'
import type { CompletionDecision, CompletionStatus } from '../completion/decide-completion.ts'
import {
  artifactMatchCost,
  evaluateFindingCount,
  matchArtifactPattern,
  maxArtifactMatchCells,
  normalizePath,
} from '../completion/evaluate-criteria.ts'
import { evaluateGoalGate } from '../completion/evaluate-goal-gate.ts'
import { evaluateTrustGate } from '../completion/evaluate-trust-gate.ts'
import {
  type ExtractMetricOptions,
  extractMetric,
  normalizeMarkerName,
} from '../completion/extract-metric.ts'
import { defaultMaxGoalAttempts } from '../completion/goal-contract-constants.ts'
import type { GoalContract } from '../completion/goal-contract-schema.ts'
import { type GoalSnapshot, goalSnapshot } from '../completion/goal-snapshot.ts'
import type { GoalGateResult } from '../completion/types.ts'
import { parseGoalContract } from '../completion/validate-goal-contract.ts'
import { sha256Hex } from '../enforcement/detectors/sha256.ts'
import { FocalError } from '../errors/focal-error.ts'
import type { LedgerEvent } from '../ledger/ledger-event-schema.ts'
import type { ProvenanceGate } from '../ledger/provenance-types.ts'
import type { EngineSessionState } from './session-state.ts'
import { backedFindingCount, resultText, sameNumber, showsPath, unbackedClaims } from './unbacked-claims.ts'

/** What the agent hands in when it believes it is done (seed 001's completion signal). */
export interface CompleteGoalInput {
  sessionId: string
  /**
   * The goal contract (seed 001): given on the first completion of a session and kept in the
   * session after. Given again, it must be the same contract (`goal-contract-conflict`
   * otherwise); another replaces it only with `replaceContract`, which the ledger records
   * (`goal-contract-set`) and which keeps the attempts made so far: a new contract never
   * resets the attempt budget.
   */
  contract?: unknown
  replaceContract?: boolean
  /** The run's output text with its markers (`[METRIC:cv_accuracy_mean] 0.91`, `[FINDING] ...`). */
  output: string
  /** Paths of the artifacts the run produced (`models/model.pkl`). @default [] */
  artifacts?: readonly string[]
  /** An adversarial reviewer's trust score, 0–100. @default none (quality gates only) */
  reviewerTrustScore?: number
  /** What the agent claims. @default 'SUCCESS' */
  requestedStatus?: CompletionStatus
  /** The approach this attempt took, for pivot advice. */
  approach?: string
}

/** What one completion decided. */
export interface CompleteGoalResult {
  sessionId: string
  decision: CompletionDecision
  /** Goal progress after this attempt (what `data-goal-gate` carries). */
  snapshot: GoalSnapshot
  /** The gate as the provenance and the UI show it. */
  gate: ProvenanceGate
}

/**
 * The completion step: the goal gate (acceptance criteria against the output), the trust gate
 * (quality gates and the reviewer score) and the decision matrix, with the attempt budget read
 * from and written to the session, so it holds across restarts and instances. A session with no
 * contract, or an invalid one, is an error, never SUCCESS.
 */
export function completeGoal(
  state: EngineSessionState,
  input: CompleteGoalInput,
  options: CompleteGoalOptions = {},
): { result: CompleteGoalResult; state: EngineSessionState; ledger: LedgerEvent[] } {
  const stored = state.goal
  // Done is done: another completion would count attempts past a goal already met ("attempt 4
  // of 3") and could turn the recorded SUCCESS into something else.
  if (stored?.succeeded !== undefined)
    throw new FocalError({
      code: 'goal-already-complete',
      message: `session "${input.sessionId}" already completed its goal (SUCCESS at attempt ${stored.succeeded.attemptNumber}); start a new session for another goal`,
      issues: [{ path: 'sessionId', message: 'the goal of this session is already complete' }],
    })
  const incoming = input.contract === undefined ? undefined : parseInputContract(input.contract)
  const changed =
    incoming !== undefined && stored !== undefined && canonical(incoming) !== canonical(stored.contract)
  if (changed && input.replaceContract !== true)
    throw new FocalError({
      code: 'goal-contract-conflict',
      message: `session "${input.sessionId}" already has another goal contract: send the same one, none, or replaceContract: true`,
      issues: [{ path: 'contract', message: 'differs from the session’s contract' }],
    })
  const setNow = incoming !== undefined && (stored === undefined || changed)
  const given: GoalContract = setNow ? incoming : (stored?.contract ?? failNoContract(input.sessionId))
  // The attempts made so far count against any contract, and a replacement never raises the
  // budget: the session keeps the smallest budget any of its contracts gave.
  const budget = Math.min(
    budgetOf(given),
    stored === undefined ? Number.POSITIVE_INFINITY : (stored.maxAttempts ?? budgetOf(stored.contract)),
  )
  const contract: GoalContract = { ...given, max_goal_attempts: budget }
  const attempts: GoalGateResult[] = [...(stored?.attempts ?? [])]
  // Completions past a spent budget count too: each still wrote its records (an outside review
  // grew one session's ledger to 8,000 records with them).
  const completions = attempts.length + (stored?.blockedCompletions ?? 0)
  if (completions >= maxRecordedAttempts)
    throw new FocalError({
      code: 'goal-attempt-limit',
      message: `session "${input.sessionId}" has made ${completions} completions, the most one session keeps; start a new session for this goal`,
      issues: [{ path: 'sessionId', message: `at most ${maxRecordedAttempts} completions per session` }],
    })
  checkArtifacts(input.artifacts ?? [])
  // With `requireToolRun` the patterns are matched twice (the gate, then what the tools showed).
  checkArtifactMatching(contract, input.artifacts ?? [], options.requireToolRun === true ? 2 : 1)
  const tracker = createGoalTracker({ contract, attempts })
  const claims = {
    contract,
    state,
    output: input.output,
    artifacts: input.artifacts ?? [],
    requireToolRun: options.requireToolRun === true,
    metricReporters: options.metricReporters,
  }
  // A finding no tool result backs counts for nothing: a `finding_count` counts the backed ones.
  const goalGate = countBackedFindings(
    evaluateGoalGate(contract, {
      output: input.output,
      artifacts: input.artifacts ?? [],
      ...(input.approach === undefined ? {} : { approach: input.approach }),
    }),
    (criterion) => backedFindingCount(claims, criterion),
  )
  const claimed = evaluateTrustGate({
    quality: input.output,
    ...(input.reviewerTrustScore === undefined ? {} : { reviewerTrustScore: input.reviewerTrustScore }),
  })
  // What the session itself did backs the output, or not: the output's text alone is a claim.
  const unbacked = [
    ...sessionProblems(state, options),
    ...unbackedCriteria(contract, state, input.output, options),
    ...unshownArtifacts(contract, state, input.artifacts ?? [], options),
    ...unbackedClaims(claims),
  ]
  const trustGate = {
    passed: claimed.passed && unbacked.length === 0,
    reasons: [...claimed.reasons, ...unbacked],
  }
  // Spent before this completion: it is BLOCKED and counts no further attempt ("attempt 4 of 2").
  const spent = attempts.filter((attempt) => attempt.overallStatus === 'NOT_MET').length >= budget
  const decided = tracker.decide({
    requestedStatus: input.requestedStatus ?? 'SUCCESS',
    trustGate,
    goalGate,
    requireGoalContract: true,
  })
  const decision = spent
    ? {
        ...decided,
        attemptNumber: Math.min(decided.attemptNumber, budget),
        goalFailures: Math.min(decided.goalFailures, budget),
      }
    : decided
  const kept = spent ? attempts : [...tracker.attempts()]
  // A contract is always present here, so the snapshot is too.
  const snapshot = goalSnapshot({ contract, attempts: kept })!
  const next: EngineSessionState = {
    ...state,
    goal: {
      contract: given,
      attempts: kept,
      ...(budget === budgetOf(given) ? {} : { maxAttempts: budget }),
      ...(spent
        ? { blockedCompletions: (stored?.blockedCompletions ?? 0) + 1 }
        : stored?.blockedCompletions === undefined
          ? {}
          : { blockedCompletions: stored.blockedCompletions }),
      ...(decision.status === 'SUCCESS'
        ? { succeeded: { attemptNumber: decision.attemptNumber, turn: state.turn } }
        : {}),
    },
  }
  const gate: ProvenanceGate = {
    name: 'goal-gate',
    status: decision.status,
    detail: `${snapshot.summary}; trust gate ${decision.trustGate}; goal gate ${decision.goalGate}`,
  }
  const ledger: LedgerEvent[] = [
    ...(setNow
      ? [
          {
            type: 'goal-contract-set' as const,
            payload: {
              contractSha256: sha256Hex(canonical(given)),
              replaced: stored !== undefined,
              criteria: contract.acceptance_criteria.length,
              maxGoalAttempts: budget,
            },
          },
        ]
      : []),
    {
      type: 'goal-gate-evaluated',
      payload: {
        status: decision.status,
        requestedStatus: decision.requestedStatus,
        reason: decision.reason,
        trustGate: decision.trustGate,
        goalGate: decision.goalGate,
        attemptNumber: decision.attemptNumber,
        maxGoalAttempts: decision.maxGoalAttempts,
        metCount: goalGate.metCount,
        totalCount: goalGate.totalCount,
      },
    },
  ]
  return { result: { sessionId: input.sessionId, decision, snapshot, gate }, state: next, ledger }
}

/**
 * The goal gate with each `finding_count` criterion counted over the findings a tool result backs
 * (`backed` says how many; `undefined` leaves the output's own count): one real finding beside
 * two typed ones is one finding, and the result's `actualValue` says so.
 */
function countBackedFindings(
  gate: GoalGateResult,
  backed: (criterion: GoalContract['acceptance_criteria'][number]) => number | undefined,
): GoalGateResult {
  if (gate.overallStatus === 'NO_CONTRACT') return gate
  const criteriaResults = gate.criteriaResults.map((result) => {
    if (result.criterion.kind !== 'finding_count' || result.status === 'UNKNOWN') return result
    const count = backed(result.criterion)
    if (count === undefined) return result
    const counted = evaluateFindingCount(result.criterion, count)
    return { ...counted, message: `${counted.message} (backed by a tool result of this session)` }
  })
  const metCount = criteriaResults.filter((result) => result.status === 'MET').length
  if (gate.overallStatus === 'BLOCKED') return { ...gate, criteriaResults, metCount }
  const passed = gate.totalCount > 0 && metCount === gate.totalCount
  return { ...gate, criteriaResults, metCount, passed, overallStatus: passed ? 'MET' : 'NOT_MET' }
}

/** Options of {@link completeGoal}. */
export interface CompleteGoalOptions {
  /**
   * The session's own tools must back the output (an agent whose tools run through the engine;
   * the engine sets it for one with tools): no SUCCESS while no tool has run in the session, nor
   * for a metric, finding, required marker, artifact or evidence no tool result carries. @default false
   */
  requireToolRun?: boolean
  /** The metrics a tool declares it reports (`reportsMetrics`); unbound metric criteria read only those tools. */
  metricReporters?: (toolId: string) => readonly string[] | undefined
}

/**
 * Why the session does not back a claim of success: a call still waiting for an approver (what
 * it would do has not happened), or, with `requireToolRun`, no tool run at all.
 */
function sessionProblems(state: EngineSessionState, options: CompleteGoalOptions): string[] {
  const problems: string[] = []
  const waiting = state.pendingApproval?.remaining[0]
  if (waiting !== undefined)
    problems.push(`A call of ${waiting.toolId} is still waiting for an approver: it has not run`)
  // A call an approver declined (or that expired) never ran: an output reporting what it would
  // have shown is a claim, unless a call of the tool did run in the session.
  for (const tool of new Set((state.rejectedCalls ?? []).map((call) => call.tool)))
    if (!state.toolsRun.includes(tool)) {
      const declined = state.rejectedCalls?.some((call) => call.tool === tool && call.decision !== 'expired')
      problems.push(
        `A call of ${tool} was ${declined ? 'declined by its approver' : 'not approved before its approval expired'}, and ${tool} never ran in this session`,
      )
    }
  if (options.requireToolRun === true && state.toolsRun.length === 0)
    problems.push('No tool has run in this session: nothing the agent did backs the output')
  return problems
}

/**
 * Criteria the session's own tool runs do not back, so the output's marker for them is a claim:
 * - one whose `tool` (the tool that reports it: `tool: test` for `tests_failed`) has not run;
 * - a metric whose `tool` ran but reported no `[METRIC:<metric>]` value, or another value than the
 *   output claims (the test run said `pass 1`, the output `[METRIC:tests_passed] 50`);
 * - with `requireToolRun` (a task agent with tools), a metric no run of a tool that declares it
 *   (`reportsMetrics`) reported at the value claimed: a `git log`, or a file read quoting the
 *   marker, does not back "[METRIC:tests_failed] 0".
 * A tool reports a metric by writing its marker in its result, as the output does; the last
 * result of each tool counts, and in it the last marker (what a test printed comes before).
 */
function unbackedCriteria(
  contract: GoalContract,
  state: EngineSessionState,
  output: string,
  options: CompleteGoalOptions,
): string[] {
  return contract.acceptance_criteria.flatMap((criterion) => {
    const tool = (criterion as { tool?: unknown }).tool
    const bound = typeof tool === 'string'
    if (bound && !state.toolsRun.includes(tool))
      return [`Criterion ${criterion.id} is reported by ${tool}, which has not run in this session`]
    if (criterion.kind !== 'metric_threshold' || (!bound && options.requireToolRun !== true)) return []
    const { metric } = criterion
    const claimed = extractMetric(output, metric, policyOf(criterion))
    // Unbound, only the tools that declare the metric report it (a read or a grep quoting the
    // marker reports nothing); a tool's own word is its last marker, after anything it printed.
    const reporters = bound
      ? [tool]
      : [...new Set(state.toolsRun)].filter((name) =>
          options.metricReporters?.(name)?.some((reported) => sameMetric(reported, metric)),
        )
    const reports = reporters.flatMap((name) => {
      const value = extractMetric(resultText(state.toolResults[name]), metric, { policy: 'last' })
      return value === undefined ? [] : [{ name, value }]
    })
    const source = bound ? tool : 'any tool run in this session that reports it'
    if (reports.length === 0)
      return [
        `Criterion ${criterion.id}: ${metric} is reported by no result of ${source}, only by the output`,
      ]
    if (claimed === undefined || reports.some((report) => sameNumber(report.value, claimed))) return []
    const told = reports.map((report) => `${report.name} reported ${report.value}`).join(', ')
    return [`Criterion ${criterion.id}: the output reports ${metric} = ${claimed}, but ${told}`]
  })
}

/**
 * Artifact criteria of an agent with tools (`requireToolRun`) whose artifacts no tool run of the
 * session showed: a path the client only lists (`docs/RELEASE.md`, which no tool wrote or found)
 * is a claim, like a metric the output alone reports.
 */
function unshownArtifacts(
  contract: GoalContract,
  state: EngineSessionState,
  artifacts: readonly string[],
  options: CompleteGoalOptions,
): string[] {
  if (options.requireToolRun !== true) return []
  const shown = Object.values(state.toolResults).map(resultText)
  return contract.acceptance_criteria.flatMap((criterion) => {
    if (criterion.kind !== 'artifact_exists') return []
    const matching = artifacts.filter((artifact) => matchArtifactPattern(criterion.artifactPattern, artifact))
    if (matching.length === 0) return []
    return matching.some((artifact) => shown.some((text) => showsPath(text, artifact)))
      ? []
      : [
          `Criterion ${criterion.id}: no tool run of this session showed ${matching.join(', ')}, only the completion lists it`,
        ]
  })
}

/**
 * Artifact paths are relative to the run, inside it: an absolute path or one climbing out
 * (`../../../../etc/passwd`) is refused with its index, never matched against a criterion. The path
 * is checked as it is matched (trimmed: ` /etc/passwd` met a criterion on `passwd`).
 */
function checkArtifacts(artifacts: readonly string[]): void {
  artifacts.forEach((artifact, index) => {
    const path = normalizePath(artifact)
    const outside = /^(?:[/~]|[A-Za-z]:)/u.test(path) || path.split('/').includes('..') || path.includes('\0')
    if (outside)
      throw new FocalError({
        code: 'invalid-argument',
        message: `artifacts[${index}]: "${artifact}" is not a path inside the run (absolute, or climbing out with ..)`,
        issues: [
          {
            path: `artifacts[${index}]`,
            message: 'an artifact path must be relative and stay inside the run',
          },
        ],
      })
  })
}

/**
 * Matching every `artifact_exists` pattern against every artifact listed costs their lengths'
 * product per pair, and both come from the request: past {@link maxArtifactMatchCells} glob steps
 * in all, the completion is refused before anything is matched (an outside review blocked a
 * server for 15 s with a 2 KB body before matching was linear and budgeted).
 */
function checkArtifactMatching(contract: GoalContract, artifacts: readonly string[], passes: number): void {
  if (artifacts.length === 0) return
  let cost = 0
  for (const criterion of contract.acceptance_criteria) {
    if (criterion.kind !== 'artifact_exists') continue
    cost += passes * artifactMatchCost(criterion.artifactPattern, artifacts)
    if (cost > maxArtifactMatchCells)
      throw new FocalError({
        code: 'invalid-argument',
        message: `matching the contract's artifact patterns against ${artifacts.length} artifacts needs more than the ${maxArtifactMatchCells} glob steps allowed: shorten the patterns or list fewer artifacts`,
        issues: [
          {
            path: 'artifacts',
            message: `too many or too long for the contract's artifact patterns (criterion ${criterion.id} passes the budget)`,
          },
        ],
      })
  }
}

/** The report of a metric the criterion's `metricPolicy` picks, for the output and the tools alike. */
function policyOf(criterion: GoalContract['acceptance_criteria'][number]): ExtractMetricOptions {
  const { metricPolicy, op } = criterion as { metricPolicy?: string; op?: string }
  if (metricPolicy === 'first') return { policy: 'first' }
  if (metricPolicy === 'best' && (op === '>=' || op === '>' || op === '<=' || op === '<'))
    return { policy: 'best', operator: op }
  return { policy: 'last' }
}

function sameMetric(left: string, right: string): boolean {
  return normalizeMarkerName(left) === normalizeMarkerName(right)
}

/**
 * A contract as canonical JSON: every object's keys sorted, so the same contract with its extra
 * fields in another order is the same contract (and has the same SHA-256 in the ledger).
 */
function canonical(contract: GoalContract): string {
  return JSON.stringify(contract, (_key, value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((key) => [key, (value as Record<string, unknown>)[key]]),
        )
      : value,
  )
}

/** A contract's own attempt budget. */
function budgetOf(contract: GoalContract): number {
  return contract.max_goal_attempts ?? defaultMaxGoalAttempts
}

/**
 * The most completions one session records. Only goals not met count against the budget, so a
 * run whose trust gate keeps failing would otherwise add an attempt (with the contract's criteria)
 * on every call, without end.
 */
export const maxRecordedAttempts = 50

/** `parseGoalContract` with its issues located in the completion's input (`contract.version`). */
function parseInputContract(contract: unknown): GoalContract {
  try {
    return parseGoalContract(contract)
  } catch (error) {
    if (!FocalError.isInstance(error) || error.code !== 'invalid-goal-contract') throw error
    const issues = error.issues.map((issue) => ({
      ...issue,
      path: issue.path === '' || issue.path === 'body' ? 'contract' : `contract.${issue.path}`,
    }))
    throw new FocalError({ code: 'invalid-goal-contract', message: error.message, issues })
  }
}

function failNoContract(sessionId: string): never {
  throw new FocalError({
    code: 'invalid-goal-contract',
    message: `session "${sessionId}" has no goal contract: pass one with its first completion`,
    issues: [{ path: 'contract', message: 'required on the first completion of a session' }],
  })
}
