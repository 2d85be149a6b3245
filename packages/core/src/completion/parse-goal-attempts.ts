import { FocalError, type FocalIssue } from '../errors/index.ts'
import type { GoalGateResult } from './types.ts'

const gateStatuses: readonly unknown[] = ['MET', 'NOT_MET', 'BLOCKED', 'NO_CONTRACT']
const criterionStatuses: readonly unknown[] = ['MET', 'NOT_MET', 'BLOCKED', 'UNKNOWN']

/**
 * Validates goal attempts read back from storage (what `GoalTracker.attempts()` returned, through
 * JSON) and returns them; throws `invalid-goal-attempt` with an issue per problem, located as
 * `attempts[1].overallStatus`. A corrupted attempt must not quietly stop counting against the budget.
 * @example
 * const attempts = parseGoalAttempts(JSON.parse(await store.get(`goal-attempts:${sessionId}`)))
 */
export function parseGoalAttempts(value: unknown): GoalGateResult[] {
  if (!Array.isArray(value))
    throw invalidAttempts([{ path: 'attempts', message: 'must be an array of goal gate results' }])
  const issues = value.flatMap((attempt, index) => goalAttemptIssues(attempt, `attempts[${index}]`))
  if (issues.length > 0) throw invalidAttempts(issues)
  return value as GoalGateResult[]
}

/** Throws `invalid-goal-attempt` unless the value is a consistent goal gate result (see {@link goalAttemptIssues}). */
export function assertGoalAttempt(value: unknown, path: string): asserts value is GoalGateResult {
  const issues = goalAttemptIssues(value, path)
  if (issues.length > 0) throw invalidAttempts(issues)
}

/**
 * Every problem of one goal gate result, located under `path`: unknown statuses, counts that
 * disagree with the criteria, a MET with no criteria (an empty contract), BLOCKED without a blocker,
 * an attempt budget that is not a whole number >= 1. Empty when it is consistent.
 */
export function goalAttemptIssues(value: unknown, path: string): FocalIssue[] {
  if (!isRecord(value)) return [{ path, message: 'must be a goal gate result object' }]
  const issues: FocalIssue[] = []
  const at = (field: string, message: string) => issues.push({ path: `${path}.${field}`, message })
  const { overallStatus, criteriaResults, metCount, totalCount, blockers, maxGoalAttempts } = value
  if (!gateStatuses.includes(overallStatus))
    at('overallStatus', 'must be MET, NOT_MET, BLOCKED or NO_CONTRACT')
  if (value.passed !== (overallStatus === 'MET' || overallStatus === 'NO_CONTRACT'))
    at('passed', 'must be true exactly when overallStatus is MET or NO_CONTRACT')
  if (!Array.isArray(criteriaResults)) at('criteriaResults', 'must be an array')
  const results: unknown[] = Array.isArray(criteriaResults) ? criteriaResults : []
  issues.push(
    ...results.flatMap((result, index) => criterionIssues(result, `${path}.criteriaResults[${index}]`)),
  )
  const met = results.filter((result) => isRecord(result) && result.status === 'MET').length
  if (metCount !== met) at('metCount', `must equal the MET criteria (${met})`)
  if (totalCount !== results.length) at('totalCount', `must equal the number of criteria (${results.length})`)
  else if (overallStatus === 'MET' && (results.length === 0 || met !== results.length))
    at('totalCount', 'a MET goal needs at least one criterion, all of them MET')
  else if (overallStatus === 'NO_CONTRACT' && results.length > 0)
    at('totalCount', 'must be 0 without a contract')
  if (blockers !== undefined && !isStringList(blockers)) at('blockers', 'must be an array of strings')
  else if (overallStatus === 'BLOCKED' && (blockers === undefined || blockers.length === 0))
    at('blockers', 'a BLOCKED goal needs at least one blocker')
  // Results stored before the field existed fall back to the default budget.
  if (
    maxGoalAttempts !== undefined &&
    !(Number.isInteger(maxGoalAttempts) && (maxGoalAttempts as number) >= 1)
  )
    at('maxGoalAttempts', 'must be a whole number >= 1')
  if (value.approach !== undefined && typeof value.approach !== 'string') at('approach', 'must be a string')
  return issues
}

function criterionIssues(value: unknown, path: string): FocalIssue[] {
  if (!isRecord(value)) return [{ path, message: 'must be a criterion result object' }]
  const issues: FocalIssue[] = []
  const { criterion, status, message, actualValue } = value
  if (!isRecord(criterion) || typeof criterion.id !== 'string' || typeof criterion.kind !== 'string')
    issues.push({ path: `${path}.criterion`, message: 'must be a criterion with a string id and kind' })
  if (!criterionStatuses.includes(status))
    issues.push({ path: `${path}.status`, message: 'must be MET, NOT_MET, BLOCKED or UNKNOWN' })
  if (typeof message !== 'string') issues.push({ path: `${path}.message`, message: 'must be a string' })
  const plain =
    actualValue === undefined ||
    typeof actualValue === 'string' ||
    typeof actualValue === 'boolean' ||
    (typeof actualValue === 'number' && Number.isFinite(actualValue))
  if (!plain)
    issues.push({ path: `${path}.actualValue`, message: 'must be a finite number, a string or a boolean' })
  return issues
}

function invalidAttempts(issues: readonly FocalIssue[]): FocalError {
  return new FocalError({
    code: 'invalid-goal-attempt',
    message: `Invalid goal attempt: ${issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ')}`,
    issues,
  })
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((entry) => typeof entry === 'string')
}
