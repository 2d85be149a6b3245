import { defaultMaxGoalAttempts } from './goal-contract-constants.ts'
import type { GoalContract } from './goal-contract-schema.ts'
import type { CriterionStatus, GoalGateResult, GoalGateStatus } from './types.ts'
import { parseGoalContract } from './validate-goal-contract.ts'

/** One criterion line of a snapshot. */
export interface GoalSnapshotCriterion {
  id: string
  kind: string
  status: CriterionStatus | 'NOT_EVALUATED'
  message: string
  actualValue?: number | string | boolean
}

/** Plain JSON view of goal progress for planners and the GoalProgress widget. */
export interface GoalSnapshot {
  goal_text: string
  goal_type?: string
  /** Number of acceptance criteria in the contract. */
  criteriaCount: number
  /** Criteria met by the last attempt (0 before any attempt). */
  metCount: number
  /**
   * The last evaluation's attempt number as the completion decision counts it (goals not met
   * before it, plus one): a met goal evaluated again spends no attempt. 0 before the first.
   */
  attemptNumber: number
  maxAttempts: number
  /** Overall state after the last attempt. */
  status: 'NOT_EVALUATED' | Exclude<GoalGateStatus, 'NO_CONTRACT'>
  /** One line such as `2/3 criteria met · attempt 2 of 3`. */
  summary: string
  criteria: GoalSnapshotCriterion[]
  lastAttempt?: {
    overallStatus: GoalGateStatus
    metCount: number
    totalCount: number
    approach?: string
    blockers?: string[]
  }
}

/** Options of {@link goalSnapshot}. */
export interface GoalSnapshotOptions {
  /** The goal contract; without one there is nothing to show. */
  contract: GoalContract | undefined
  /**
   * Goal gate results so far, oldest first.
   * @default []
   */
  attempts?: readonly GoalGateResult[]
}

/**
 * Goal text, criteria met/total, attempt n of max and the last attempt's result; undefined without a
 * contract. A malformed or empty contract throws `invalid-goal-contract`.
 */
export function goalSnapshot({
  contract: given,
  attempts = [],
}: GoalSnapshotOptions): GoalSnapshot | undefined {
  if (given === undefined) return undefined
  const contract = parseGoalContract(given)
  const last = attempts.at(-1)
  const maxAttempts = contract.max_goal_attempts ?? defaultMaxGoalAttempts
  const criteriaCount = contract.acceptance_criteria.length
  const metCount = last?.metCount ?? 0
  // Numbered as the decision numbers it (seed 001): an attempt is spent by a goal not met, so the
  // last evaluation is attempt (failures before it + 1); a met goal evaluated again spends none.
  const failuresBefore = attempts.slice(0, -1).filter((entry) => entry.overallStatus === 'NOT_MET').length
  const attemptNumber = last === undefined ? 0 : failuresBefore + 1
  const status =
    last === undefined || last.overallStatus === 'NO_CONTRACT' ? 'NOT_EVALUATED' : last.overallStatus
  const snapshot: GoalSnapshot = {
    goal_text: contract.goal_text,
    criteriaCount,
    metCount,
    attemptNumber,
    maxAttempts,
    status,
    summary: `${metCount}/${criteriaCount} criteria met · attempt ${attemptNumber} of ${maxAttempts}`,
    criteria: contract.acceptance_criteria.map((criterion) =>
      snapshotCriterion(criterion.id, criterion.kind, last),
    ),
  }
  if (contract.goal_type !== undefined) snapshot.goal_type = contract.goal_type
  if (last !== undefined) snapshot.lastAttempt = lastAttemptOf(last)
  return snapshot
}

function snapshotCriterion(
  id: string,
  kind: string,
  last: GoalGateResult | undefined,
): GoalSnapshotCriterion {
  const result = last?.criteriaResults.find((entry) => entry.criterion.id === id)
  if (result === undefined) return { id, kind, status: 'NOT_EVALUATED', message: 'Not evaluated yet' }
  const line: GoalSnapshotCriterion = { id, kind, status: result.status, message: result.message }
  if (result.actualValue !== undefined) line.actualValue = result.actualValue
  return line
}

function lastAttemptOf(result: GoalGateResult): NonNullable<GoalSnapshot['lastAttempt']> {
  const attempt: NonNullable<GoalSnapshot['lastAttempt']> = {
    overallStatus: result.overallStatus,
    metCount: result.metCount,
    totalCount: result.totalCount,
  }
  if (result.approach !== undefined) attempt.approach = result.approach
  if (result.blockers !== undefined) attempt.blockers = [...result.blockers]
  return attempt
}
