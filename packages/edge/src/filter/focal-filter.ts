import {
  createDefinitionStreamGuard,
  createStreamRedactor,
  type FocalStreamGuard,
  type StreamRedactorOptions,
} from '@focal/core'
import type { MiddlewareHandler } from 'hono'
import { createOpenAiSseFilter } from './filter-openai-sse.ts'
import { splitSseEvents, sseData } from './split-sse-events.ts'

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
   * Builds the guard for one response (e.g. an enforcer's `createStream`); replaces `scan`.
   * @default () => createStreamRedactor({ ...scan, mode })
   */
  createGuard?: () => FocalStreamGuard
}

const encoder = new TextEncoder()
// The DOM lib types TextDecoderStream's writable side as BufferSource; bytes are what it gets here.
const decodeText = () => new TextDecoderStream() as unknown as TransformStream<Uint8Array, string>

function filterText(body: ReadableStream<Uint8Array>, guard: FocalStreamGuard): ReadableStream<Uint8Array> {
  let stopped = false
  return body.pipeThrough(decodeText()).pipeThrough(
    new TransformStream<string, Uint8Array>({
      transform(chunk, controller) {
        if (stopped) return
        const released = guard.push(chunk)
        if (released) controller.enqueue(encoder.encode(released))
        if (guard.blocked() !== undefined) {
          stopped = true
          controller.terminate()
        }
      },
      flush(controller) {
        if (stopped) return
        const rest = guard.flush()
        if (rest) controller.enqueue(encoder.encode(rest))
      },
    }),
  )
}

function filterSse(
  body: ReadableStream<Uint8Array>,
  createGuard: () => FocalStreamGuard,
): ReadableStream<Uint8Array> {
  const filter = createOpenAiSseFilter(createGuard)
  return body
    .pipeThrough(decodeText())
    .pipeThrough(splitSseEvents())
    .pipeThrough(
      new TransformStream<string, Uint8Array>({
        transform(event, controller) {
          const output = filter.event(sseData(event), event)
          if (output) controller.enqueue(encoder.encode(output))
          if (filter.stopped) controller.terminate()
        },
        flush(controller) {
          const output = filter.end()
          if (output) controller.enqueue(encoder.encode(output))
        },
      }),
    )
}

/**
 * Middleware for "edge function filtering responses": put it in front of any route that returns
 * streamed model output (OpenAI-style SSE, or plain text) and every detected item is redacted or
 * the stream blocked on the fly, with only as much text held back as the longest match needs.
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
}: FocalFilterOptions = {}): MiddlewareHandler {
  const guard =
    createGuard ??
    (definition === undefined ? undefined : createDefinitionStreamGuard(definition)) ??
    (() => createStreamRedactor({ ...scan, mode }))
  return async (context, next) => {
    await next()
    const response = context.res
    const type = response.headers.get('content-type') ?? ''
    if (!response.body || !/^(text\/|application\/x-ndjson)/i.test(type)) return
    const body = type.startsWith('text/event-stream')
      ? filterSse(response.body, guard)
      : filterText(response.body, guard())
    const headers = new Headers(response.headers)
    headers.delete('content-length')
    context.res = undefined as never
    context.res = new Response(body, { status: response.status, statusText: response.statusText, headers })
  }
}
