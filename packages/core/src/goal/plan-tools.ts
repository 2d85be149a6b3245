import { defaultGoalStrategy } from './default-goal-strategy.ts'
import type {
  GoalEvidenceClass,
  GoalStrategyOptions,
  GoalToolCall,
  GoalToolTemplate,
} from './strategy-types.ts'
import type { Goal } from './types.ts'

/**
 * `{target}` in a template becomes the goal's target, or `.` when it names none; `{commit}` the
 * target when it is a commit hash (7 to 40 hex digits: "show commit 855110d"), else `HEAD`.
 */
export function fillGoalTemplate(template: GoalToolTemplate, goal: Goal): GoalToolTemplate {
  const commit = goal.target !== undefined && /^[0-9a-f]{7,40}$/i.test(goal.target) ? goal.target : 'HEAD'
  return {
    tool: template.tool,
    args: template.args.replaceAll('{target}', goal.target ?? '.').replaceAll('{commit}', commit),
  }
}

/**
 * Ordered tool calls that produce `evidence` for `goal`: deterministic tools first, broad searches
 * last, each with the fallback to run if it fails. Evidence with no tool row is skipped.
 *
 * @example
 * planTools(goal, evidenceFor(goal)) // [{ tool: 'symbols', args: 'CommandRouter', evidence: 'symbol-search', fallback: { tool: 'grep', ... } }, ...]
 */
export function planTools(
  goal: Goal,
  evidence: readonly GoalEvidenceClass[],
  { strategy = defaultGoalStrategy }: GoalStrategyOptions = {},
): GoalToolCall[] {
  const planned = evidence.flatMap((needed, order) => {
    const row = strategy.tools.find((candidate) => candidate.evidence === needed)
    if (!row) return []
    const call: GoalToolCall = { ...fillGoalTemplate(row, goal), evidence: needed }
    if (row.fallback) call.fallback = fillGoalTemplate(row.fallback, goal)
    return [{ call, order, deterministic: row.deterministic }]
  })
  planned.sort(
    (left, right) => Number(right.deterministic) - Number(left.deterministic) || left.order - right.order,
  )
  return planned.map((entry) => entry.call)
}
