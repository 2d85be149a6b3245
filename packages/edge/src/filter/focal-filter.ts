import {
  createDefinitionStreamGuard,
  createStreamRedactor,
  type FocalStreamGuard,
  type StreamRedactorOptions,
} from '@focal/core'
import { guardModelResponse, guardToolCardEcho } from '@focal/core/stream-formats'
import type { Context, MiddlewareHandler } from 'hono'
import { drain, readBounded, withReadBody } from '../app/limit-body.ts'

/** Options of {@link focalFilter}. */
export interface FocalFilterOptions {
  /**
   * `redact` replaces each detected item and keeps streaming; `block` ends the stream at the first
   * detected item (hard safety), releasing nothing of it.
   * @default 'redact'
   */
  mode?: 'redact' | 'block'
  /**
   * Scanner options (detectors, blocklist, patterns, redaction style) of the default guard.
   * @default every built-in detector, placeholder style
   */
  scan?: Omit<StreamRedactorOptions, 'mode'>
  /**
   * An agent definition (YAML text or object) whose Lane 1 scanners guard the stream: items of
   * `refuse` rules (e.g. a competitor blocklist) block it, items of `redact` rules (the definition's
   * detectors, safety patterns) are replaced. Replaces `scan` and `mode`.
   */
  definition?: string | object
  /**
   * Builds the guard for one content channel of a response (e.g. an enforcer's `createStream`);
   * replaces `scan`.
   * @default () => createStreamRedactor({ ...scan, mode })
   */
  createGuard?: () => FocalStreamGuard
  /**
   * A response Focal cannot read (not SSE, JSON or text; an event stream of no known format):
   * `block` fails closed with the `unknown-stream-format` code (502 JSON, or an SSE `error` event
   * once an event stream has started); `pass` forwards it unguarded.
   * @default 'block'
   */
  onUnknownFormat?: 'block' | 'pass'
  /**
   * Reads the tool results the request carries back to the model (Chat Completions `tool`
   * messages, Responses `function_call_output` items, Anthropic `tool_result` blocks, AI SDK tool
   * parts): when one holds a card number, each channel of the reply is held whole and blocked if
   * it spells that card out past the detectors ("four one one one, …", its groups split by other
   * words). Replies to requests without such a tool result stream live. `false` streams every reply
   * live (a card written as a number is still found by the detectors).
   * @default true
   */
  toolCardEcho?: boolean
  /**
   * Largest request body, in bytes, the tool-result check reads (it reads a JSON or text body
   * before the route runs). A larger one gets 413 `payload-too-large` and never reaches the route:
   * a body too large to read would otherwise carry a tool result past the check, and an unbounded
   * read lets any client fill the isolate's memory. Raise it for requests with inline images or
   * files; `toolCardEcho: false` reads no body at all.
   * @default 8 MiB
   */
  maxRequestBytes?: number
}

/**
 * Middleware for "edge function filtering responses": put it in front of any route that returns
 * model output and every detected item is redacted, or the response blocked, on the fly. It reads
 * OpenAI Chat Completions (text and tool-call arguments), OpenAI Responses, Anthropic Messages and
 * AI SDK UI message streams, the JSON bodies of those APIs and plain text, and answers in the same
 * format, holding back only as much text as the longest match needs (core's `guardModelResponse`).
 *
 * @example
 * app.use('/v1/chat/completions', focalFilter({ mode: 'redact' }))
 * app.post('/v1/chat/completions', (c) => fetch(upstreamUrl, c.req.raw))
 */
export function focalFilter({
  mode = 'redact',
  scan = {},
  definition,
  createGuard,
  onUnknownFormat = 'block',
  toolCardEcho = true,
  maxRequestBytes = 8 * 1024 * 1024,
}: FocalFilterOptions = {}): MiddlewareHandler {
  if (!Number.isSafeInteger(maxRequestBytes) || maxRequestBytes < 0) {
    throw new TypeError(
      `focalFilter: maxRequestBytes must be a whole number of bytes ≥ 0, got ${maxRequestBytes}`,
    )
  }
  const guard =
    createGuard ??
    (definition === undefined ? undefined : createDefinitionStreamGuard(definition)) ??
    (() => createStreamRedactor({ ...scan, mode }))
  return async (context, next) => {
    // Read before the route runs (it may send the body upstream); the route gets the same bytes.
    const requestBody = toolCardEcho ? await readJsonBody(context, maxRequestBytes) : undefined
    if (requestBody === tooLarge) {
      const message = `The request body is larger than ${maxRequestBytes} bytes (focalFilter's maxRequestBytes).`
      return context.json({ error: { code: 'payload-too-large', message } }, 413)
    }
    if (requestBody instanceof Unreadable) return context.json(requestBody.body, requestBody.status)
    await next()
    const createGuardFor = requestBody === undefined ? guard : guardToolCardEcho(guard, requestBody)
    const guarded = await guardModelResponse(context.res, { createGuard: createGuardFor, onUnknownFormat })
    if (guarded === context.res) return
    context.res = undefined as never
    context.res = guarded
  }
}

const tooLarge = Symbol('too large')

/** A request body the tool-result check cannot read: refused, never passed on unchecked. */
class Unreadable {
  readonly body: { error: { code: string; message: string } }
  constructor(
    readonly status: 400 | 415,
    code: 'unsupported-media-type' | 'invalid-request',
    message: string,
  ) {
    this.body = { error: { code, message } }
  }
}

/** The content codings a request body may be sent in (RFC 9110), those the check decodes. */
const decodable = new Map<string, 'gzip' | 'deflate'>([
  ['gzip', 'gzip'],
  ['x-gzip', 'gzip'],
  ['deflate', 'deflate'],
])

/**
 * The body as sent before its `Content-Encoding` (codings undone last to first), bounded by
 * `maxBytes` once decoded too (a small gzip body can inflate a thousandfold). No runtime decodes a
 * request body before the middleware, so the codings are taken at their word.
 */
async function decoded(
  bytes: Uint8Array<ArrayBuffer>,
  encoding: string,
  maxBytes: number,
): Promise<Uint8Array<ArrayBuffer> | typeof tooLarge | Unreadable> {
  const codings = encoding
    .toLowerCase()
    .split(',')
    .map((coding) => coding.trim())
    .filter((coding) => coding !== '' && coding !== 'identity')
  const unknown = codings.find((coding) => !decodable.has(coding))
  if (unknown !== undefined) {
    return new Unreadable(
      415,
      'unsupported-media-type',
      `focalFilter reads the request body for tool results and cannot decode Content-Encoding "${unknown}": send it uncompressed, gzip or deflate (or turn the check off with toolCardEcho: false).`,
    )
  }
  let body = bytes
  for (const coding of codings.reverse()) {
    const reader = new Blob([body])
      .stream()
      .pipeThrough(new DecompressionStream(decodable.get(coding)!) as TransformStream<Uint8Array, Uint8Array>)
      .getReader()
    try {
      const read = await readBounded(reader, maxBytes)
      if ('over' in read) {
        reader.cancel().catch(() => {})
        return tooLarge
      }
      body = read.bytes
    } catch {
      return new Unreadable(
        400,
        'invalid-request',
        `The request body is not valid ${coding} (its Content-Encoding).`,
      )
    }
  }
  return body
}

/** Reads and discards a refused body's rest (up to 16 MiB in all, 10 s) so the client gets the 413. */
const drainRefused = (reader: ReadableStreamDefaultReader<Uint8Array>, read: number) =>
  drain(reader, 16 * 1024 * 1024 - read, Date.now() + 10_000)

/**
 * The request's JSON body, or undefined when it has none (or is no JSON), or `tooLarge` past
 * `maxBytes` (as sent, or once its Content-Encoding is undone), or an {@link Unreadable} refusal
 * of a body in a coding the check cannot undo (read as sent, it would pass unchecked). The bytes
 * are read once, counted as they arrive, and handed to the route as a fresh request, so a route
 * that forwards `c.req.raw` (or its body) upstream sends exactly what was read.
 */
async function readJsonBody(context: Context, maxBytes: number): Promise<unknown> {
  const request = context.req.raw
  if (request.method === 'GET' || request.method === 'HEAD') return undefined
  const type = (request.headers.get('content-type') ?? '').toLowerCase()
  // Model API clients send JSON; browsers may send it as text/plain (no CORS preflight). A body of
  // another declared type (a form, an upload) is not a model request.
  if (type !== '' && !/^(?:application\/([\w.+-]+\+)?json|text\/plain)\b/.test(type)) return undefined
  const declared = Number.parseInt(request.headers.get('content-length') ?? '', 10)
  if (declared > maxBytes) {
    if (!request.bodyUsed && request.body) await drainRefused(request.body.getReader(), 0)
    return tooLarge
  }
  let bytes: Uint8Array<ArrayBuffer>
  if (request.bodyUsed) {
    // An earlier middleware read it through Hono, which keeps a copy.
    bytes = new Uint8Array(await context.req.arrayBuffer())
    if (bytes.length > maxBytes) return tooLarge
  } else {
    if (request.body === null) return undefined
    const reader = request.body.getReader()
    const read = await readBounded(reader, maxBytes)
    if ('over' in read) {
      await drainRefused(reader, read.over)
      return tooLarge
    }
    bytes = read.bytes
    context.req.raw = withReadBody(request, bytes)
  }
  // The route gets the bytes as sent (still compressed); the check reads them decoded.
  const body = await decoded(bytes, request.headers.get('content-encoding') ?? '', maxBytes)
  if (body === tooLarge || body instanceof Unreadable) return body
  try {
    return JSON.parse(new TextDecoder().decode(body))
  } catch {
    return undefined
  }
}
