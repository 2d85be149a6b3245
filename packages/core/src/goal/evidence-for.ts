import { defaultGoalStrategy } from './default-goal-strategy.ts'
import { goalMatchesCondition } from './goal-matches-condition.ts'
import type { GoalEvidenceClass, GoalStrategyOptions } from './strategy-types.ts'
import type { Goal } from './types.ts'

/**
 * The evidence classes a goal needs, from the first evidence row whose condition holds.
 *
 * @example
 * evidenceFor({ intent: 'status', entity: 'git-working-tree', artifact: 'status', scope: 'recent' }) // ['git-status']
 */
export function evidenceFor(
  goal: Goal,
  { strategy = defaultGoalStrategy }: GoalStrategyOptions = {},
): GoalEvidenceClass[] {
  const row = strategy.evidence.find((candidate) => goalMatchesCondition(goal, candidate.when))
  return row ? [...row.evidence] : []
}
