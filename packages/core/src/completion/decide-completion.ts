import { FocalError } from '../errors/index.ts'
import { defaultMaxGoalAttempts } from './goal-contract-constants.ts'
import { assertGoalAttempt, parseGoalAttempts } from './parse-goal-attempts.ts'
import { type PivotRecommendation, recommendPivot } from './recommend-pivot.ts'
import type { GoalGateResult, GoalGateStatus } from './types.ts'

/** Completion statuses an agent may signal. */
export type CompletionStatus = 'SUCCESS' | 'PARTIAL' | 'BLOCKED' | 'ABORTED' | 'FAILED'

const completionStatuses: readonly unknown[] = ['SUCCESS', 'PARTIAL', 'BLOCKED', 'ABORTED', 'FAILED']

/** Why the decision came out as it did (one per row of the seed's matrix, plus the budget). */
export type CompletionReason =
  | 'trust-and-goal-passed'
  | 'goal-not-met'
  | 'goal-blocked'
  | 'trust-failed'
  | 'trust-and-goal-failed'
  | 'attempt-budget-exhausted'
  | 'requested-status-kept'
  | 'goal-contract-missing'

/** A warning attached to the decision, e.g. `GOAL_NOT_MET: Goal criteria not met: 2/3 criteria passed`. */
export interface CompletionWarning {
  code:
    | 'GOAL_NOT_MET'
    | 'GOAL_BLOCKED'
    | 'GOAL_ATTEMPTS_EXHAUSTED'
    | 'GOAL_CONTRACT_MISSING'
    | 'TRUST_GATE_FAILED'
  message: string
  severity: 'warning' | 'error'
}

/** Options of {@link decideCompletion}. */
export interface DecideCompletionOptions {
  /** Status the agent asked for; gates only ever lower it. */
  requestedStatus: CompletionStatus
  /** Trust gate outcome (a `TrustGateResult` or any `{ passed }`); only `passed: true` passes. */
  trustGate: { passed: boolean; reasons?: readonly string[] }
  /** This attempt's goal gate result; an inconsistent one throws `invalid-goal-attempt`. */
  goalGate: GoalGateResult
  /**
   * Goal failures recorded before this evaluation, or the earlier goal gate results (oldest first,
   * validated like `parseGoalAttempts`).
   * @default 0
   */
  attempts?: number | readonly GoalGateResult[]
  /**
   * The attempt budget, when the caller holds the contract (a goal tracker passes its contract's).
   * @default goalGate.maxGoalAttempts, else 3
   */
  maxGoalAttempts?: number
  /**
   * Refuse SUCCESS without a goal contract (new research); false keeps old notebooks working.
   * @default false
   */
  requireGoalContract?: boolean
}

/** The two-gate completion decision. */
export interface CompletionDecision {
  status: CompletionStatus
  requestedStatus: CompletionStatus
  /** True when `status` is lower than `requestedStatus`. */
  downgraded: boolean
  reason: CompletionReason
  trustGate: 'PASS' | 'FAIL'
  goalGate: GoalGateStatus
  /** Goal failures including this evaluation: store it and pass it back next time. */
  goalFailures: number
  /** This evaluation's attempt number, 1-based. */
  attemptNumber: number
  maxGoalAttempts: number
  warnings: CompletionWarning[]
  /** Pivot advice when trust passed but the goal was not met. */
  pivot?: PivotRecommendation
}

/**
 * Applies the trust gate × goal gate matrix to a requested SUCCESS: PASS+MET → SUCCESS,
 * PASS+NOT_MET → PARTIAL with pivot, any BLOCKED → BLOCKED, FAIL+MET → PARTIAL (rework trust),
 * FAIL+NOT_MET → PARTIAL. NO_CONTRACT counts as MET. The `max_goal_attempts`-th goal failure is
 * BLOCKED, and so is every attempt after the budget is spent, met or not. Fails closed: an unknown
 * status, a non-boolean `trustGate.passed` or an inconsistent goal gate result throws.
 */
export function decideCompletion({
  requestedStatus,
  trustGate,
  goalGate,
  attempts = 0,
  requireGoalContract = false,
  maxGoalAttempts: budget,
}: DecideCompletionOptions): CompletionDecision {
  assertDecisionInput(requestedStatus, trustGate, budget)
  assertGoalAttempt(goalGate, 'goalGate')
  const history = typeof attempts === 'number' ? [] : parseGoalAttempts(attempts)
  const previousFailures =
    typeof attempts === 'number'
      ? assertCount(attempts)
      : history.filter((entry) => entry.overallStatus === 'NOT_MET').length
  const goalFailed = goalGate.overallStatus === 'NOT_MET'
  const goalFailures = previousFailures + (goalFailed ? 1 : 0)
  // Results restored from storage may predate the field.
  const maxGoalAttempts = budget ?? goalGate.maxGoalAttempts ?? defaultMaxGoalAttempts
  const decision: Omit<CompletionDecision, 'status' | 'downgraded' | 'reason' | 'warnings'> = {
    requestedStatus,
    trustGate: trustGate.passed ? 'PASS' : 'FAIL',
    goalGate: goalGate.overallStatus,
    goalFailures,
    attemptNumber: previousFailures + 1,
    maxGoalAttempts,
  }
  const outcome = decideOutcome(requestedStatus, trustGate, goalGate, {
    previousFailures,
    budgetSpent: goalFailures >= maxGoalAttempts,
    maxGoalAttempts,
    requireGoalContract,
  })
  const result: CompletionDecision = {
    ...decision,
    ...outcome,
    downgraded: outcome.status !== requestedStatus,
  }
  if (outcome.reason === 'goal-not-met') {
    result.pivot = recommendPivot(goalGate, history.length > 0 ? history : previousFailures + 1, {
      maxAttempts: maxGoalAttempts,
    })
  }
  return result
}

type Outcome = Pick<CompletionDecision, 'status' | 'reason' | 'warnings'>

function decideOutcome(
  requested: CompletionStatus,
  trustGate: DecideCompletionOptions['trustGate'],
  goalGate: GoalGateResult,
  {
    previousFailures,
    budgetSpent,
    maxGoalAttempts,
    requireGoalContract,
  }: {
    previousFailures: number
    budgetSpent: boolean
    maxGoalAttempts: number
    requireGoalContract: boolean
  },
): Outcome {
  if (requested !== 'SUCCESS' && requested !== 'PARTIAL')
    return { status: requested, reason: 'requested-status-kept', warnings: [] }
  const goalWarning: CompletionWarning = {
    code: 'GOAL_NOT_MET',
    message: `Goal criteria not met: ${goalGate.metCount}/${goalGate.totalCount} criteria passed`,
    severity: 'warning',
  }
  const trustWarning: CompletionWarning = {
    code: 'TRUST_GATE_FAILED',
    message: `Trust gate failed${trustGate.reasons?.length ? `: ${trustGate.reasons.join('; ')}` : ''}`,
    severity: 'warning',
  }
  if (goalGate.overallStatus === 'BLOCKED') {
    const message = `Goal blocked: ${(goalGate.blockers ?? []).join('; ') || 'a criterion cannot be evaluated'}`
    return {
      status: 'BLOCKED',
      reason: 'goal-blocked',
      warnings: [{ code: 'GOAL_BLOCKED', message, severity: 'error' }],
    }
  }
  if (previousFailures >= maxGoalAttempts) {
    const message = `Goal attempt budget already spent: ${previousFailures} failed attempts of ${maxGoalAttempts} (max_goal_attempts = ${maxGoalAttempts}): revise the goal or escalate`
    return {
      status: 'BLOCKED',
      reason: 'attempt-budget-exhausted',
      warnings: [{ code: 'GOAL_ATTEMPTS_EXHAUSTED', message, severity: 'error' }],
    }
  }
  if (goalGate.overallStatus === 'NOT_MET' && budgetSpent) {
    const message = `Goal not met after ${maxGoalAttempts} attempts (max_goal_attempts = ${maxGoalAttempts}): revise the goal or escalate`
    return {
      status: 'BLOCKED',
      reason: 'attempt-budget-exhausted',
      warnings: [goalWarning, { code: 'GOAL_ATTEMPTS_EXHAUSTED', message, severity: 'error' }],
    }
  }
  if (requested === 'PARTIAL') return { status: 'PARTIAL', reason: 'requested-status-kept', warnings: [] }
  if (requireGoalContract && goalGate.overallStatus === 'NO_CONTRACT') {
    const message = 'SUCCESS needs a goal contract with acceptance criteria'
    return {
      status: 'PARTIAL',
      reason: 'goal-contract-missing',
      warnings: [{ code: 'GOAL_CONTRACT_MISSING', message, severity: 'warning' }],
    }
  }
  // Only MET (or no contract at all) counts as met; BLOCKED returned above.
  const goalMet = goalGate.overallStatus === 'MET' || goalGate.overallStatus === 'NO_CONTRACT'
  if (trustGate.passed && goalMet) return { status: 'SUCCESS', reason: 'trust-and-goal-passed', warnings: [] }
  if (trustGate.passed) return { status: 'PARTIAL', reason: 'goal-not-met', warnings: [goalWarning] }
  if (goalMet) return { status: 'PARTIAL', reason: 'trust-failed', warnings: [trustWarning] }
  return { status: 'PARTIAL', reason: 'trust-and-goal-failed', warnings: [trustWarning, goalWarning] }
}

function assertDecisionInput(requestedStatus: unknown, trustGate: unknown, maxGoalAttempts: unknown): void {
  const issues = []
  if (!completionStatuses.includes(requestedStatus))
    issues.push({ path: 'requestedStatus', message: 'must be SUCCESS, PARTIAL, BLOCKED, ABORTED or FAILED' })
  const passed =
    trustGate !== null && typeof trustGate === 'object'
      ? (trustGate as { passed?: unknown }).passed
      : undefined
  if (typeof passed !== 'boolean') issues.push({ path: 'trustGate.passed', message: 'must be a boolean' })
  if (
    maxGoalAttempts !== undefined &&
    !(Number.isInteger(maxGoalAttempts) && (maxGoalAttempts as number) >= 1)
  )
    issues.push({ path: 'maxGoalAttempts', message: 'must be a whole number >= 1' })
  if (issues.length === 0) return
  throw new FocalError({
    code: 'invalid-argument',
    message: `Invalid completion input: ${issues.map((issue) => `${issue.path} ${issue.message}`).join('; ')}`,
    issues,
  })
}

function assertCount(value: number): number {
  if (Number.isInteger(value) && value >= 0) return value
  throw new FocalError({
    code: 'invalid-argument',
    message: `attempts must be a whole number >= 0, got ${String(value)}`,
    issues: [{ path: 'attempts', message: 'must be a whole number >= 0' }],
  })
}
