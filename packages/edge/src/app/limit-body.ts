import { FocalError } from '@focal/core'
import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'

/**
 * Middleware: 413 `payload-too-large` for a body over `maxSize` bytes. A declared
 * `content-length` is checked from the header alone (as Hono's `bodyLimit` does), without touching
 * `c.req.raw.body`: on `@hono/node-server` that would build a web `Request` and stream the body
 * through it instead of reading it directly. Chunked bodies go through Hono's counting `bodyLimit`.
 */
export function limitBody(maxSize: number): MiddlewareHandler {
  const tooLarge = (): never => {
    throw new FocalError({ code: 'payload-too-large', message: `The body is larger than ${maxSize} bytes.` })
  }
  const counting = bodyLimit({ maxSize, onError: tooLarge })
  return (context, next) => {
    const method = context.req.method
    if (method === 'GET' || method === 'HEAD') return next()
    const length = context.req.header('content-length')
    if (length === undefined || context.req.header('transfer-encoding') !== undefined)
      return counting(context, next)
    if (Number.parseInt(length || '0', 10) > maxSize) tooLarge()
    return next()
  }
}
