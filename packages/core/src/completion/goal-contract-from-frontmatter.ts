import { FocalError, type FocalIssue } from '../errors/index.ts'
import type { GoalContract } from './goal-contract-schema.ts'
import type { FrontmatterReadResult } from './research-frontmatter-schema.ts'
import { validateGoalContract } from './validate-goal-contract.ts'

/**
 * The goal contract of read frontmatter, failing closed: undefined only when there is no contract
 * at all (no frontmatter, or no `goal_contract` key; the goal gate is then skipped). A present but
 * invalid contract, or frontmatter too broken to tell, throws `invalid-goal-contract` with issues
 * located under `gyoshu.goal_contract`. Use it instead of `result.goalContract`, which is undefined
 * for an invalid contract too.
 * @example
 * const contract = goalContractFromFrontmatter(readNotebookFrontmatter(notebook))
 * const goalGate = evaluateGoalGate(contract, { output: notebookOutputText(notebook) })
 */
export function goalContractFromFrontmatter(frontmatter: FrontmatterReadResult): GoalContract | undefined {
  if (frontmatter.type === 'absent') return undefined
  if (frontmatter.type === 'invalid') {
    throw new FocalError({
      code: 'invalid-goal-contract',
      message: `Cannot read the goal contract: the frontmatter is invalid (${frontmatter.errors.join('; ')})`,
      issues: frontmatter.errors.map(frontmatterIssue),
    })
  }
  const raw = frontmatter.research.goal_contract
  if (raw === undefined) return undefined
  const validation = validateGoalContract(raw)
  if (validation.isValid) return validation.contract
  const issues = validation.issues.map((issue) => ({
    path: issue.path === '' ? 'gyoshu.goal_contract' : `gyoshu.goal_contract.${issue.path}`,
    message: issue.message,
  }))
  throw new FocalError({
    code: 'invalid-goal-contract',
    message: `Invalid goal contract: ${issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ')}`,
    issues,
  })
}

// Read errors are `gyoshu.status: message` or `YAML: message` sentences.
function frontmatterIssue(error: string): FocalIssue {
  const located = /^(gyoshu\S*): (.*)$/s.exec(error)
  if (located?.[1] !== undefined && located[2] !== undefined) return { path: located[1], message: located[2] }
  return { path: 'gyoshu', message: error }
}
