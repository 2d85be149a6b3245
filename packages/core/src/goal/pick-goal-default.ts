import type { GoalTarget } from './extract-goal-target.ts'
import type { GoalDefaultRow, GoalEntity, GoalIntent } from './types.ts'

/** What a default row can be matched against. */
export interface GoalDefaultContext {
  intent?: GoalIntent
  entity?: GoalEntity
  target: GoalTarget['kind']
  question: boolean
}

/** The value of the first row whose conditions all hold, or `fallback`. */
export function pickGoalDefault<Value extends string>(
  rows: readonly GoalDefaultRow<Value>[],
  context: GoalDefaultContext,
  fallback: Value,
): Value {
  for (const row of rows) {
    if (row.intent !== undefined && row.intent !== context.intent) continue
    if (row.entity !== undefined && row.entity !== context.entity) continue
    if (row.target !== undefined && row.target !== context.target) continue
    if (row.question !== undefined && row.question !== context.question) continue
    return row.value
  }
  return fallback
}
