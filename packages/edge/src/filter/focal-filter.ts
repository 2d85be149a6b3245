import {
  createDefinitionStreamGuard,
  createStreamRedactor,
  type FocalStreamGuard,
  type StreamRedactorOptions,
} from '@focal/core'
import { guardModelResponse, guardToolCardEcho } from '@focal/core/stream-formats'
import type { MiddlewareHandler } from 'hono'

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
}: FocalFilterOptions = {}): MiddlewareHandler {
  const guard =
    createGuard ??
    (definition === undefined ? undefined : createDefinitionStreamGuard(definition)) ??
    (() => createStreamRedactor({ ...scan, mode }))
  return async (context, next) => {
    // Read before the route runs (it may send the body upstream), from a copy.
    const requestBody = toolCardEcho ? await readJsonBody(context.req.raw) : undefined
    await next()
    const createGuardFor = requestBody === undefined ? guard : guardToolCardEcho(guard, requestBody)
    const guarded = await guardModelResponse(context.res, { createGuard: createGuardFor, onUnknownFormat })
    if (guarded === context.res) return
    context.res = undefined as never
    context.res = guarded
  }
}

/** The request's JSON body, read from a copy (the route still reads the original), or undefined. */
async function readJsonBody(request: Request): Promise<unknown> {
  if (request.body === null || request.method === 'GET' || request.method === 'HEAD') return undefined
  const type = (request.headers.get('content-type') ?? '').toLowerCase()
  // Model API clients send JSON; browsers may send it as text/plain (no CORS preflight). A body of
  // another declared type (a form, an upload) is not a model request.
  if (type !== '' && !/^(?:application\/([\w.+-]+\+)?json|text\/plain)\b/.test(type)) return undefined
  try {
    return await request.clone().json()
  } catch {
    return undefined
  }
}
