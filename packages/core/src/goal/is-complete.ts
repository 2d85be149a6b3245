import { evidenceFor } from './evidence-for.ts'
import type { GoalEvidenceStore, GoalStrategyOptions } from './strategy-types.ts'
import type { Goal } from './types.ts'

/**
 * True when the store holds every evidence class the goal needs.
 *
 * @example
 * isComplete(goal, new Set(['git-status'])) // true for a working-tree status goal
 */
export function isComplete(
  goal: Goal,
  evidenceStore: GoalEvidenceStore,
  options: GoalStrategyOptions = {},
): boolean {
  return evidenceFor(goal, options).every((needed) => evidenceStore.has(needed))
}
