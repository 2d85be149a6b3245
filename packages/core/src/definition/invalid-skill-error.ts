import { FocalError, type FocalIssue } from '../errors/focal-error.ts'

/** The `invalid-definition` error `importSkill` throws, listing every located problem of the skill. */
export function invalidSkillError(issues: readonly FocalIssue[], cause?: unknown): FocalError {
  return new FocalError({
    code: 'invalid-definition',
    message: `invalid skill: ${issues.map((issue) => (issue.path === '' ? issue.message : `${issue.path}: ${issue.message}`)).join('; ')}`,
    issues,
    cause,
  })
}
