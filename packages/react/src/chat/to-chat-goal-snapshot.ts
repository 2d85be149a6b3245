import type { ChatGoalSnapshot } from './types.ts'

type Loose = Record<string, unknown>

const isRecord = (value: unknown): value is Loose => typeof value === 'object' && value !== null

const firstNumber = (...values: unknown[]): number | undefined =>
  values.find((value): value is number => typeof value === 'number' && Number.isFinite(value))

const firstString = (...values: unknown[]): string | undefined =>
  values.find((value): value is string => typeof value === 'string' && value !== '')

const isMet = (criterion: Loose) =>
  criterion.met === true || criterion.passed === true || String(criterion.status).toUpperCase() === 'MET'

function toCriteria(value: unknown): ChatGoalSnapshot['criteria'] {
  if (!Array.isArray(value)) return []
  return value.filter(isRecord).map((criterion, index) => ({
    id: firstString(criterion.id) ?? `criterion-${index + 1}`,
    description: firstString(criterion.description, criterion.label, criterion.message, criterion.id) ?? '',
    met: isMet(criterion),
  }))
}

/**
 * The widget status: a completion decision (SUCCESS / PARTIAL / BLOCKED) when the payload has one,
 * otherwise derived from core's goal snapshot status (MET, NOT_MET, BLOCKED, NOT_EVALUATED).
 */
function toStatus(data: Loose, met: number): ChatGoalSnapshot['status'] | undefined {
  const decision = firstString(data.decision, data.completion, data.outcome)?.toUpperCase()
  const status = decision ?? firstString(data.status)?.toUpperCase().replace('-', '_')
  switch (status) {
    case 'SUCCESS':
    case 'MET':
      return 'SUCCESS'
    case 'PARTIAL':
      return 'PARTIAL'
    case 'BLOCKED':
    case 'FAILED':
    case 'ABORTED':
      return 'BLOCKED'
    case 'NOT_MET':
      return met > 0 ? 'PARTIAL' : 'IN_PROGRESS'
    case 'IN_PROGRESS':
    case 'NOT_EVALUATED':
      return 'IN_PROGRESS'
    default:
      return undefined
  }
}

/**
 * Reads a `data-goal-gate` payload (core's `GoalSnapshot`, a completion decision, or a gate
 * result) into the shape `GoalProgress` renders; `undefined` when it has no recognisable status.
 */
export function toChatGoalSnapshot(data: unknown): ChatGoalSnapshot | undefined {
  if (!isRecord(data)) return undefined
  const source = isRecord(data.snapshot) ? { ...data.snapshot, ...data } : data
  const attempts = isRecord(source.attempts) ? source.attempts : {}
  const criteria = toCriteria(source.criteria)
  const criteriaMet =
    firstNumber(source.metCount, source.criteriaMet, source.met) ?? criteria.filter((item) => item.met).length
  const status = toStatus(source, criteriaMet)
  if (!status) return undefined
  const snapshot: ChatGoalSnapshot = {
    status,
    criteriaMet,
    criteriaTotal: firstNumber(source.criteriaCount, source.criteriaTotal, source.total) ?? criteria.length,
    attempt: firstNumber(source.attemptNumber, source.attempt, attempts.used, attempts.current) ?? 0,
    // 0 means unknown: a bare gate result carries no attempt budget, and the widget leaves it out.
    maxAttempts: firstNumber(source.maxAttempts, attempts.max) ?? 0,
    criteria,
  }
  const detail = firstString(source.detail, source.pivot, source.reason, source.goal_text)
  return detail === undefined ? snapshot : { ...snapshot, detail }
}
