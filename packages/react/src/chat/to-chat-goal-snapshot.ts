import type { ChatGoalSnapshot } from './types.ts'

type Loose = Record<string, unknown>

const isRecord = (value: unknown): value is Loose => typeof value === 'object' && value !== null

const firstNumber = (...values: unknown[]): number | undefined =>
  values.find((value): value is number => typeof value === 'number' && Number.isFinite(value))

const firstString = (...values: unknown[]): string | undefined =>
  values.find((value): value is string => typeof value === 'string')

const statuses = new Set(['SUCCESS', 'PARTIAL', 'BLOCKED', 'IN_PROGRESS'])

function toCriteria(value: unknown): ChatGoalSnapshot['criteria'] {
  if (!Array.isArray(value)) return []
  return value.filter(isRecord).map((criterion, index) => ({
    id: firstString(criterion.id) ?? `criterion-${index + 1}`,
    description: firstString(criterion.description, criterion.label, criterion.id) ?? '',
    met: criterion.met === true || criterion.passed === true || criterion.status === 'met',
  }))
}

/**
 * Reads a `data-goal-gate` payload (core's goal snapshot or gate result) into the shape
 * `GoalProgress` renders; `undefined` when it carries no recognisable status.
 */
export function toChatGoalSnapshot(data: unknown): ChatGoalSnapshot | undefined {
  if (!isRecord(data)) return undefined
  const attempts = isRecord(data.attempts) ? data.attempts : {}
  const status = firstString(data.status, data.decision, data.outcome)?.toUpperCase().replace('-', '_')
  if (!status || !statuses.has(status)) return undefined
  const criteria = toCriteria(data.criteria)
  const snapshot: ChatGoalSnapshot = {
    status: status as ChatGoalSnapshot['status'],
    criteriaMet: firstNumber(data.criteriaMet, data.met) ?? criteria.filter((item) => item.met).length,
    criteriaTotal: firstNumber(data.criteriaTotal, data.total) ?? criteria.length,
    attempt: firstNumber(data.attempt, attempts.used, attempts.current) ?? 1,
    maxAttempts: firstNumber(data.maxAttempts, attempts.max) ?? 1,
    criteria,
  }
  const detail = firstString(data.detail, data.pivot, data.reason)
  return detail === undefined ? snapshot : { ...snapshot, detail }
}
