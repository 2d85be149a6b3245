import { defaultGoalStrategy } from './default-goal-strategy.ts'
import { isPathTarget, isRevision } from './extract-goal-target.ts'
import type { GoalEvidenceClass, GoalToolCall, GoalToolTemplate, PlanToolsOptions } from './strategy-types.ts'
import type { Goal } from './types.ts'

/**
 * `{target}` in a template becomes the goal's target, or `.` when it names none; `{commit}` the
 * target when it is a commit hash or a range ("show commit 855110d", `855110d..HEAD`), else
 * `HEAD`; `{revision}` the same, else nothing (`diff {revision}` is the working tree's diff);
 * `{pathspec}` a file path target as git pathspecs: the path (`src/auth.ts`), and a bare file
 * name in any folder too (`orders.ts` is also `src/orders.ts`), else nothing.
 */
export function fillGoalTemplate(template: GoalToolTemplate, goal: Goal): GoalToolTemplate {
  const revision = goal.target !== undefined && isRevision(goal.target) ? goal.target : undefined
  const path = goal.target !== undefined && isPathTarget(goal.target) ? goal.target : undefined
  return {
    tool: template.tool,
    args: template.args
      .replaceAll('{target}', goal.target ?? '.')
      .replaceAll('{commit}', revision ?? 'HEAD')
      .replaceAll('{revision}', revision ?? '')
      .replaceAll('{pathspec}', path === undefined ? '' : pathspecOf(path))
      .trim(),
  }
}

/** A path as git pathspecs: a bare file name (`orders.ts`) matches that name in every folder too. */
function pathspecOf(path: string): string {
  const bare = path.replace(/^\.\//u, '')
  return bare.includes('/') ? bare : `${bare} */${bare}`
}

/**
 * Ordered tool calls that produce `evidence` for `goal`: deterministic tools first, broad searches
 * last, each with the fallback to run if it fails. Evidence with no tool row is skipped. With
 * `lines`, a row's `lines` args (the patch) replace its `args` (the stat).
 *
 * @example
 * planTools(goal, evidenceFor(goal)) // [{ tool: 'symbols', args: 'CommandRouter', evidence: 'symbol-search', fallback: { tool: 'grep', ... } }, ...]
 */
export function planTools(
  goal: Goal,
  evidence: readonly GoalEvidenceClass[],
  { strategy = defaultGoalStrategy, lines = false }: PlanToolsOptions = {},
): GoalToolCall[] {
  const planned = evidence.flatMap((needed, order) => {
    const row = strategy.tools.find((candidate) => candidate.evidence === needed)
    if (!row) return []
    const template = lines && row.lines !== undefined ? { tool: row.tool, args: row.lines } : row
    const call: GoalToolCall = { ...fillGoalTemplate(template, goal), evidence: needed }
    if (row.fallback) call.fallback = fillGoalTemplate(row.fallback, goal)
    return [{ call, order, deterministic: row.deterministic }]
  })
  planned.sort(
    (left, right) => Number(right.deterministic) - Number(left.deterministic) || left.order - right.order,
  )
  return planned.map((entry) => entry.call)
}
