import { FocalError } from '../errors/focal-error.ts'
import { createNdjsonGuardStream } from './create-ndjson-guard-stream.ts'
import { createSseGuardStream } from './create-sse-guard-stream.ts'
import { createTextGuardStream } from './create-text-guard-stream.ts'
import { guardJsonBody } from './guard-json-body.ts'
import type { CreateStreamGuard } from './types.ts'

/** Options of {@link guardModelResponse}. */
export interface GuardModelResponseOptions {
  /** Builds the guard of one content channel (a text part, a tool call's arguments...). */
  createGuard: CreateStreamGuard
  /**
   * What a response Focal cannot read gets (a content type that is not SSE, JSON or text, or an
   * event stream of no known format): `block` fails closed with the `unknown-stream-format` code
   * (a 502 JSON error before the body starts, an SSE `error` event inside an event stream);
   * `pass` forwards it unguarded.
   * @default 'block'
   */
  onUnknownFormat?: 'block' | 'pass'
}

const encoder = new TextEncoder()
// The DOM lib types TextDecoderStream's writable side as BufferSource; bytes are what it gets here.
const decodeText = () => new TextDecoderStream() as unknown as TransformStream<Uint8Array, string>
const encodeText = () =>
  new TransformStream<string, Uint8Array>({
    transform: (chunk, controller) => controller.enqueue(encoder.encode(chunk)),
  })

function withBody(response: Response, body: BodyInit): Response {
  const headers = new Headers(response.headers)
  // The body is re-encoded text now: its old length and compression no longer apply.
  headers.delete('content-length')
  headers.delete('content-encoding')
  return new Response(body, { status: response.status, statusText: response.statusText, headers })
}

/** The 502 JSON error a response of no known format gets (fail closed). */
export function unknownFormatResponse(contentType: string): Response {
  const error = new FocalError({
    code: 'unknown-stream-format',
    message: `Focal cannot guard a "${contentType || 'untyped'}" response, so it was not passed on.`,
  })
  return Response.json({ error: { code: error.code, message: error.message } }, { status: 502 })
}

/**
 * Guards a model API response whatever its format, keeping it a well-formed response of that
 * format: `text/event-stream` (OpenAI Chat Completions, OpenAI Responses, Anthropic Messages, the
 * AI SDK UI message stream, told apart by their events), JSON bodies of those APIs (or any JSON:
 * every string), newline-delimited JSON (`application/x-ndjson`, JSON Lines: Ollama's streamed
 * text read across lines, every other string whole) and plain text (`text/*`; one that starts as
 * an event stream is read as one). Streams are guarded as they flow, holding back
 * only what could still become a match. Any other content type fails closed unless
 * `onUnknownFormat: 'pass'`.
 *
 * @example
 * const guarded = await guardModelResponse(await fetch(upstream, init), {
 *   createGuard: () => createStreamRedactor({ detectors: ['credit-card', 'email'] }),
 * })
 */
export async function guardModelResponse(
  response: Response,
  { createGuard, onUnknownFormat = 'block' }: GuardModelResponseOptions,
): Promise<Response> {
  if (response.body === null) return response
  const type = (response.headers.get('content-type') ?? '').toLowerCase()
  if (/^application\/(?:x-ndjson|ndjson|jsonl|x-jsonlines|json-lines)\b/.test(type)) {
    const guarded = response.body
      .pipeThrough(decodeText())
      .pipeThrough(createNdjsonGuardStream(createGuard))
      .pipeThrough(encodeText())
    return withBody(response, guarded)
  }
  // An event stream sent as plain text is still an event stream to the client that reads it (the
  // OpenAI SDKs parse the body, whatever its type): read as one, never as flat text.
  const body =
    type.startsWith('text/') && !type.startsWith('text/event-stream')
      ? await peekText(response.body)
      : undefined
  if (type.startsWith('text/event-stream') || (body !== undefined && looksLikeEventStream(body.head))) {
    const guarded = (body?.stream ?? response.body)
      .pipeThrough(decodeText())
      .pipeThrough(createSseGuardStream({ createGuard, onUnknownFormat }))
      .pipeThrough(encodeText())
    return withBody(response, guarded)
  }
  if (/^application\/([\w.+-]+\+)?json\b/.test(type)) {
    const text = await response.text()
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch {
      // Not JSON after all: guarded as text, so nothing in it escapes.
      const guard = createGuard()
      const released = guard.push(text) + guard.flush()
      return withBody(response, guard.blocked() === undefined ? released : '')
    }
    return withBody(response, JSON.stringify(guardJsonBody(value, createGuard).body))
  }
  if (type.startsWith('text/')) {
    const guarded = (body?.stream ?? response.body)
      .pipeThrough(decodeText())
      .pipeThrough(createTextGuardStream(createGuard()))
      .pipeThrough(encodeText())
    return withBody(response, guarded)
  }
  return onUnknownFormat === 'pass' ? response : unknownFormatResponse(type)
}

/** The first line an event stream can start with: a field (`data:`, `event:`, `id:`, `retry:`) or a comment. */
function looksLikeEventStream(head: string): boolean {
  return /^\uFEFF?(?::|(?:data|event|id|retry):)/u.test(head)
}

/** Longest start of a body read to tell an event stream from text. */
const peekLength = 256

/**
 * The start of `body` as text (up to its first line break, or `peekLength` bytes), and a stream
 * of the whole body, those bytes included.
 */
async function peekText(
  body: ReadableStream<Uint8Array>,
): Promise<{ head: string; stream: ReadableStream<Uint8Array> }> {
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  let done = false
  while (size < peekLength) {
    const next = await reader.read()
    if (next.done) {
      done = true
      break
    }
    chunks.push(next.value)
    size += next.value.length
    if (next.value.includes(10)) break
  }
  const decoder = new TextDecoder()
  const head = chunks.map((chunk) => decoder.decode(chunk, { stream: true })).join('')
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk)
      if (done) controller.close()
    },
    async pull(controller) {
      const next = await reader.read()
      if (next.done) controller.close()
      else controller.enqueue(next.value)
    },
    cancel: (reason) => reader.cancel(reason),
  })
  return { head, stream }
}
