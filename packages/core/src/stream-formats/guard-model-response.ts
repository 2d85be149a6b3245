import { FocalError } from '../errors/focal-error.ts'
import { createNdjsonGuardStream } from './create-ndjson-guard-stream.ts'
import { createSseGuardStream } from './create-sse-guard-stream.ts'
import { createTextGuardStream } from './create-text-guard-stream.ts'
import { guardJsonBody } from './guard-json-body.ts'
import { type CreateStreamGuard, focalStreamHeader } from './types.ts'

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
const textDecoderStream = (charset: string) =>
  new TextDecoderStream(charset) as unknown as TransformStream<Uint8Array, string>
const encodeText = () =>
  new TransformStream<string, Uint8Array>({
    transform: (chunk, controller) => controller.enqueue(encoder.encode(chunk)),
  })

function withBody(response: Response, body: BodyInit): Response {
  const headers = new Headers(response.headers)
  // The body is re-encoded text now: its old length and compression no longer apply, and it is
  // UTF-8 whatever charset it came in (a client decoding it as UTF-16 would read other text).
  headers.delete('content-length')
  headers.delete('content-encoding')
  const type = headers.get('content-type')
  if (type !== null && /;\s*charset=/iu.test(type))
    headers.set('content-type', type.replace(/;\s*charset=("?)[^;"]*\1/iu, '; charset=utf-8'))
  return new Response(body, { status: response.status, statusText: response.statusText, headers })
}

/** The charset a content type declares, `utf-8` when none; undefined when no decoder knows it. */
function charsetOf(type: string): string | undefined {
  const label = /;\s*charset=("?)([^;"]*)\1/iu.exec(type)?.[2]?.trim() || 'utf-8'
  try {
    return new TextDecoder(label).encoding
  } catch {
    return undefined
  }
}

/**
 * The body as the bytes the content encoding hides: decompressed when the runtime left it
 * compressed (workerd and Deno leave `deflate`, a handler's own response keeps `gzip`), as it is
 * when the runtime already decoded it (Node's fetch decodes and keeps the header). Undefined when
 * it is compressed in a way no web-standard stream reads (`br`, `zstd`): it cannot be guarded.
 */
async function decodedBody(
  body: ReadableStream<Uint8Array>,
  encoding: string,
): Promise<ReadableStream<Uint8Array> | undefined> {
  const codings = encoding
    .toLowerCase()
    .split(',')
    .map((coding) => coding.trim())
    .filter((coding) => coding !== '' && coding !== 'identity')
  if (codings.length === 0) return body
  // Two bytes tell a compressed body (its first chunk: a stream is never held for more).
  const { head, stream } = await peekBytes(body, 2)
  if (codings.length === 1 && codings[0] !== undefined) {
    const coding = codings[0]
    // gzip's magic bytes; zlib's header (deflate): a compression method of 8, a check over 31.
    if ((coding === 'gzip' || coding === 'x-gzip') && head[0] === 0x1f && head[1] === 0x8b)
      return stream.pipeThrough(decompress('gzip'))
    if (coding === 'deflate' && (head[0]! & 0x0f) === 8 && ((head[0]! << 8) | head[1]!) % 31 === 0)
      return stream.pipeThrough(decompress('deflate'))
  }
  // Already decoded by the runtime: the start of it reads as text. Compressed bytes never do.
  return readsAsText(head) ? stream : undefined
}

const decompress = (format: 'gzip' | 'deflate') =>
  new DecompressionStream(format) as unknown as TransformStream<Uint8Array, Uint8Array>

/** Do these first bytes of a body read as text: valid UTF-8 (or a UTF-16 byte-order mark), no control bytes? */
function readsAsText(head: Uint8Array): boolean {
  if (head.length === 0) return true
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) return true
  // Control bytes (but tab, line breaks, form feed) never start text.
  for (const byte of head) if (byte < 0x09 || (byte > 0x0d && byte < 0x20) || byte === 0x7f) return false
  try {
    // A character cut at the end of the peek is not a reason to refuse: only what came before counts.
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, utf8Boundary(head)))
    return true
  } catch {
    return false
  }
}

/** Where the last whole UTF-8 character of `bytes` ends. */
function utf8Boundary(bytes: Uint8Array): number {
  const end = bytes.length
  for (let back = 1; back <= 3 && end - back >= 0; back++) {
    const byte = bytes[end - back]!
    if ((byte & 0xc0) === 0x80) continue
    // A lead byte: keep its character only when all its bytes are here.
    const needs = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1
    return needs <= back ? end : end - back
  }
  return end
}

/** The 502 JSON error a response of no known format gets (fail closed). */
export function unknownFormatResponse(contentType: string, why?: string): Response {
  const error = new FocalError({
    code: 'unknown-stream-format',
    message: `Focal cannot guard a "${contentType || 'untyped'}" response${why === undefined ? '' : ` (${why})`}, so it was not passed on.`,
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
  // A body is read in the charset it declares (a UTF-16 one read as UTF-8 interleaves its digits
  // with NULs, and nothing matched), and as the bytes its content encoding hides.
  const charset = charsetOf(type)
  const encoding = response.headers.get('content-encoding') ?? ''
  const readable = encoding === '' ? response.body : await decodedBody(response.body, encoding)
  if (charset === undefined || readable === undefined) {
    if (onUnknownFormat === 'pass') return response
    return unknownFormatResponse(
      type,
      readable === undefined ? `its "${encoding}" encoding cannot be read here` : 'an unknown charset',
    )
  }
  const decodeText = () => textDecoderStream(charset)
  if (/^application\/(?:x-ndjson|ndjson|jsonl|x-jsonlines|json-lines)\b/.test(type)) {
    const guarded = readable
      .pipeThrough(decodeText())
      .pipeThrough(createNdjsonGuardStream(createGuard))
      .pipeThrough(encodeText())
    return withBody(response, guarded)
  }
  // An event stream sent as plain text is still an event stream to the client that reads it (the
  // OpenAI SDKs parse the body, whatever its type): read as one, never as flat text.
  const body =
    type.startsWith('text/') && !type.startsWith('text/event-stream')
      ? await peekText(readable, charset)
      : undefined
  if (type.startsWith('text/event-stream') || (body !== undefined && looksLikeEventStream(body.head))) {
    const guarded = (body?.stream ?? readable)
      .pipeThrough(decodeText())
      .pipeThrough(
        createSseGuardStream({
          createGuard,
          onUnknownFormat,
          // Focal's own data parts pass only in a stream Focal's chat route wrote.
          focalDataParts: response.headers.get(focalStreamHeader) === 'v1' ? 'pass' : 'guard',
        }),
      )
      .pipeThrough(encodeText())
    return withBody(response, guarded)
  }
  if (/^application\/([\w.+-]+\+)?json\b/.test(type)) {
    const text = new TextDecoder(charset).decode(await new Response(readable).arrayBuffer())
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
    const guarded = (body?.stream ?? readable)
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
  charset: string,
): Promise<{ head: string; stream: ReadableStream<Uint8Array> }> {
  const { chunks, stream } = await peek(body, peekLength, true)
  const decoder = new TextDecoder(charset)
  const head = chunks.map((chunk) => decoder.decode(chunk, { stream: true })).join('')
  return { head, stream }
}

/**
 * The first bytes of `body`: the chunks that hold at least `length` of them (fewer when it is
 * shorter), up to 64, and a stream of the whole body.
 */
async function peekBytes(
  body: ReadableStream<Uint8Array>,
  length: number,
): Promise<{ head: Uint8Array; stream: ReadableStream<Uint8Array> }> {
  const { chunks, stream } = await peek(body, length, false)
  const head = new Uint8Array(
    Math.min(
      64,
      chunks.reduce((size, chunk) => size + chunk.length, 0),
    ),
  )
  let at = 0
  for (const chunk of chunks) {
    const part = chunk.subarray(0, head.length - at)
    head.set(part, at)
    at += part.length
    if (at === head.length) break
  }
  return { head, stream }
}

/**
 * Reads chunks of `body` until `length` bytes (or, with `toLineBreak`, a line feed) came, and
 * returns them with a stream of the whole body, those chunks first.
 */
async function peek(
  body: ReadableStream<Uint8Array>,
  length: number,
  toLineBreak: boolean,
): Promise<{ chunks: Uint8Array[]; stream: ReadableStream<Uint8Array> }> {
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  let done = false
  while (size < length) {
    const next = await reader.read()
    if (next.done) {
      done = true
      break
    }
    chunks.push(next.value)
    size += next.value.length
    if (toLineBreak && next.value.includes(10)) break
  }
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
  return { chunks, stream }
}
