import { FocalError } from '@focal/core'
import type { Context } from 'hono'
import type { z } from 'zod'

/** Validates a path parameter (`:id`) with the id schema; `invalid-request` located at the param. */
export function readIdParam(context: Context, schema: z.ZodType<string>, name = 'id'): string {
  const parsed = schema.safeParse(context.req.param(name))
  if (parsed.success) return parsed.data
  const message = `${name}: ${parsed.error.issues[0]?.message ?? 'invalid'}`
  throw new FocalError({ code: 'invalid-request', message, issues: [{ path: name, message }] })
}
