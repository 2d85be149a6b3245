import { FocalError } from '@focal/core'
import type { MiddlewareHandler } from 'hono'

/** Options of {@link limitBody}. */
export interface LimitBodyOptions {
  /** Largest body in bytes; a larger one gets 413 `payload-too-large`. */
  maxSize: number
  /** How long reading the body may take; an incomplete body then gets 408 `request-timeout`. */
  timeoutMs: number
  /**
   * How many bytes of a body over `maxSize` are still read (and thrown away) so the client gets the
   * 413; beyond them the body is cancelled and the runtime may reset the connection instead.
   * @default 16 MiB
   */
  drainLimit?: number
}

const tooLarge = (maxSize: number): FocalError =>
  new FocalError({ code: 'payload-too-large', message: `The body is larger than ${maxSize} bytes.` })

const timedOut = (timeoutMs: number): FocalError =>
  new FocalError({ code: 'request-timeout', message: `The body did not arrive within ${timeoutMs} ms.` })

/** `promise`, or a rejection with `error()` once `deadline` (epoch ms) has passed. */
function beforeDeadline<T>(promise: Promise<T>, deadline: number, error: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(error()), Math.max(0, deadline - Date.now()))
  })
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer))
}

/**
 * Reads and discards the rest of a refused body, up to `limit` bytes or the deadline, then cancels
 * what is left. Why read at all: workerd (and Deno) close a connection whose request body is still
 * unread when the response is done; the unread bytes make the kernel send a reset, and the client
 * (or `wrangler dev`'s proxy, which then answers its own text 503) loses the 413.
 */
export async function drain(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  limit: number,
  deadline: number,
): Promise<void> {
  let drained = 0
  try {
    while (drained <= limit) {
      const { done, value } = await beforeDeadline(
        reader.read(),
        deadline,
        () => new Error('drain timed out'),
      )
      if (done) return
      drained += value.length
    }
  } catch {
    // A client that stalls or disconnects mid-body still gets (or misses) the 413; nothing to add.
  }
  reader.cancel().catch(() => {})
}

/**
 * Reads a body to its end, counting as it arrives: its bytes, or `{ over }` (the bytes read so far)
 * once more than `maxSize` came, the reader left mid-body for `drain`. `read` may bound each read
 * (a deadline).
 */
export async function readBounded(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  maxSize: number,
  read: () => Promise<ReadableStreamReadResult<Uint8Array>> = () => reader.read(),
): Promise<{ bytes: Uint8Array<ArrayBuffer> } | { over: number }> {
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await read()
    if (done) break
    size += value.length
    if (size > maxSize) return { over: size }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.length
  }
  return { bytes }
}

/**
 * `request` with its body read whole as `bytes`: sent on with its length, not as the client's
 * chunked stream (a route forwarding `c.req.raw` with Node's fetch refuses a `transfer-encoding`
 * header it did not make).
 */
export function withReadBody(request: Request, bytes: Uint8Array<ArrayBuffer>): Request {
  const headers = new Headers(request.headers)
  headers.delete('transfer-encoding')
  headers.set('content-length', String(bytes.length))
  return new Request(request, { body: bytes, headers })
}

/**
 * Middleware: 413 `payload-too-large` for a body over `maxSize` bytes, 408 `request-timeout` for a
 * body that does not arrive within `timeoutMs` (a client that declares more bytes than it sends).
 * An acceptable declared `content-length` is read with `c.req.arrayBuffer()` (cached for the route), never
 * through `c.req.raw.body`: on `@hono/node-server` that would build a web `Request` and stream the
 * body through it instead of reading it directly. Chunked bodies are counted as they arrive.
 */
export function limitBody({
  maxSize,
  timeoutMs,
  drainLimit = 16 * 1024 * 1024,
}: LimitBodyOptions): MiddlewareHandler {
  return async (context, next) => {
    const method = context.req.method
    if (method === 'GET' || method === 'HEAD') return next()
    const deadline = Date.now() + timeoutMs
    const length = context.req.header('content-length')
    if (length !== undefined && context.req.header('transfer-encoding') === undefined) {
      const declared = Number.parseInt(length || '0', 10)
      if (declared > maxSize) {
        const body = context.req.raw.body
        if (body && declared <= drainLimit) await drain(body.getReader(), drainLimit, deadline)
        throw tooLarge(maxSize)
      }
      // Read here (Hono caches it for the route) so a stalled body times out; a body cut short by the
      // client is left to the route, which answers `invalid-json` for it.
      if (declared > 0) {
        // As bytes: a route that reads text gets it from them, one that checks UTF-8 gets the bytes
        // sent (a text read first would have turned bad bytes into U+FFFD for every later read).
        await beforeDeadline(context.req.arrayBuffer(), deadline, () => timedOut(timeoutMs)).catch(
          (error) => {
            if (FocalError.isInstance(error)) throw error
          },
        )
      }
      return next()
    }
    const body = context.req.raw.body
    if (!body) return next()
    const reader = body.getReader()
    const read = await readBounded(reader, maxSize, () =>
      beforeDeadline(reader.read(), deadline, () => timedOut(timeoutMs)).catch((error) => {
        reader.cancel().catch(() => {})
        throw error
      }),
    )
    if ('over' in read) {
      await drain(reader, drainLimit - read.over, deadline)
      throw tooLarge(maxSize)
    }
    context.req.raw = withReadBody(context.req.raw, read.bytes)
    return next()
  }
}
