import type { z } from 'zod'
import type { FocalIssue } from '../errors/index.ts'
import { zodIssuesToFocalIssues } from './zod-issues.ts'

/** The outcome of parsing model text as JSON validated by a schema. */
export type JsonOutputParseResult<Value> =
  | { type: 'valid'; value: Value }
  | { type: 'invalid'; issues: FocalIssue[] }

/**
 * Parses model text as JSON (tolerating a Markdown code fence or prose around one object) and
 * validates it with `schema`. Never throws: invalid output is a value the caller can repair.
 */
export function parseJsonOutput<Schema extends z.ZodType>(
  text: string,
  schema: Schema,
): JsonOutputParseResult<z.infer<Schema>> {
  const candidate = extractJsonText(text)
  let parsed: unknown
  try {
    parsed = JSON.parse(candidate)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    return { type: 'invalid', issues: [{ path: '', message: `not valid JSON: ${reason}` }] }
  }
  const result = schema.safeParse(parsed)
  if (result.success) return { type: 'valid', value: result.data }
  return { type: 'invalid', issues: zodIssuesToFocalIssues(result.error.issues) }
}

/** The JSON inside a ```json fence, else from the first `{`/`[` to the last `}`/`]`, else the text. */
function extractJsonText(text: string): string {
  const fenced = /```(?:json)?\s*\n([\s\S]*?)\n?```/.exec(text)
  if (fenced?.[1] !== undefined) return fenced[1].trim()
  const trimmed = text.trim()
  const start = trimmed.search(/[{[]/)
  const end = Math.max(trimmed.lastIndexOf('}'), trimmed.lastIndexOf(']'))
  if (start > 0 && end > start) return trimmed.slice(start, end + 1)
  return trimmed
}

/** One line per issue, for quoting back to a model: `verdict: Invalid option ...`. */
export function describeIssues(issues: readonly FocalIssue[]): string {
  return issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message)).join('\n')
}
