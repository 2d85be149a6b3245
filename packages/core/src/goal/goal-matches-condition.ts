import { isPathTarget, isRevision } from './extract-goal-target.ts'
import type { GoalCondition, GoalTargetKind } from './strategy-types.ts'
import type { Goal } from './types.ts'

function matches<Value extends string>(
  value: Value,
  expected: Value | readonly Value[] | undefined,
): boolean {
  if (expected === undefined) return true
  return typeof expected === 'string' ? value === expected : expected.includes(value)
}

/** True when every field the condition names matches the goal. */
export function goalMatchesCondition(goal: Goal, condition: GoalCondition): boolean {
  return (
    matches(goal.intent, condition.intent) &&
    matches(goal.entity, condition.entity) &&
    matches(goal.artifact, condition.artifact) &&
    (condition.hasTarget === undefined || condition.hasTarget === (goal.target !== undefined)) &&
    (condition.targetIs === undefined ||
      (goal.target !== undefined && matches(targetKind(goal.target), condition.targetIs)))
  )
}

/** What kind of target `target` is: a commit or range, a file path, else a name. */
export function targetKind(target: string): GoalTargetKind {
  if (isRevision(target)) return 'revision'
  return isPathTarget(target) ? 'path' : 'name'
}
