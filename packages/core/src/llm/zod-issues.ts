import type { z } from 'zod'
import type { FocalIssue } from '../errors/index.ts'

/** Turns zod issues into located Focal issues (`choices[0].message: expected object`). */
export function zodIssuesToFocalIssues(issues: readonly z.core.$ZodIssue[], prefix = ''): FocalIssue[] {
  return issues.map((issue) => ({ path: formatIssuePath(prefix, issue.path), message: issue.message }))
}

/** Dotted path with bracketed indexes, e.g. `rules[3].scope.step`. */
export function formatIssuePath(prefix: string, path: readonly PropertyKey[]): string {
  let result = prefix
  for (const segment of path) {
    if (typeof segment === 'number') result += `[${segment}]`
    else result += result === '' ? String(segment) : `.${String(segment)}`
  }
  return result
}
