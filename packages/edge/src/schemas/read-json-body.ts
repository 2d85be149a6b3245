import { FocalError, type FocalIssue, nestingIssue } from '@focal/core'
import type { Context } from 'hono'
import type { z } from 'zod'

const utf8 = new TextDecoder('utf-8', { fatal: true })

/** `messages[0].parts[1].type` from a zod issue path. */
function formatPath(path: readonly PropertyKey[]): string {
  let result = ''
  for (const key of path) {
    if (typeof key === 'number') result += `[${key}]`
    else result += result ? `.${String(key)}` : String(key)
  }
  return result
}

/**
 * Zod issues as located Focal issues, first one first. An unknown key is located at itself
 * (`evil`, `messages[0].evil`), and a problem with the whole body (`null`, `[]`, `5`) at `body`.
 */
export function toFocalIssues(error: z.ZodError): FocalIssue[] {
  return error.issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys')
      return issue.keys.map((key) => ({
        path: formatPath([...issue.path, key]),
        message: `unknown key "${key}"`,
      }))
    return [{ path: formatPath(issue.path) || 'body', message: issue.message }]
  })
}

/**
 * Reads the request body as JSON and validates it: 415 for another media type, `invalid-json` for
 * bytes that are not JSON, `invalid-request` (with the path of the first problem) for the wrong
 * shape or for objects and arrays nested deeper than `maxDepth`.
 */
export async function readJsonBody<Schema extends z.ZodType>(
  context: Context,
  schema: Schema,
  maxDepth: number,
): Promise<z.output<Schema>> {
  const contentType = context.req.header('content-type') ?? ''
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(contentType)) {
    throw new FocalError({ code: 'unsupported-media-type', message: 'Send the body as application/json.' })
  }
  let body: unknown
  let text: string
  try {
    // Bytes that are not UTF-8 are refused, not read as U+FFFD: the text would not be what was sent.
    text = utf8.decode(await context.req.arrayBuffer())
  } catch (cause) {
    if (FocalError.isInstance(cause)) throw cause
    throw new FocalError({ code: 'invalid-json', message: 'The request body is not valid UTF-8.' })
  }
  try {
    body = JSON.parse(text)
  } catch (cause) {
    if (FocalError.isInstance(cause)) throw cause
    throw new FocalError({ code: 'invalid-json', message: 'The request body is not valid JSON.' })
  }
  const deep = nestingIssue(body, maxDepth)
  if (deep !== undefined)
    throw new FocalError({
      code: 'invalid-request',
      message: `${deep.path}: ${deep.message}`,
      issues: [deep],
    })
  const parsed = schema.safeParse(body)
  if (!parsed.success) {
    const issues = toFocalIssues(parsed.error)
    const first = issues[0]
    const message = first ? `${first.path}: ${first.message}` : 'Invalid request body.'
    throw new FocalError({ code: 'invalid-request', message, issues })
  }
  return parsed.data
}
