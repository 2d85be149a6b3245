import type { FocalIssue } from './focal-error.ts'

/**
 * One issue as a line a person can act on: where it is (line, what it is inside), its path and
 * what is wrong, e.g. `line 2034, conversation "refund cap": conversations[152].turns[1].expect:
 * Unrecognized key: "tpye"`.
 */
export function formatFocalIssue(issue: FocalIssue): string {
  const where = [
    ...(issue.line === undefined ? [] : [`line ${issue.line}`]),
    ...(issue.label === undefined ? [] : [issue.label]),
  ].join(', ')
  return `${where === '' ? '' : `${where}: `}${issue.path || '(root)'}: ${issue.message}`
}
