/**
 * A real HTTP server on 127.0.0.1 speaking the OpenAI Chat Completions protocol with scripted
 * responses, for tests of anything that calls a model. Node only; import it by relative path from
 * tests (it is deliberately not exported from `@focal/core/testing`).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** Token counts the server reports in `usage`. */
export interface ScriptedUsage {
  promptTokens: number
  completionTokens: number
}

/** One scripted answer to one POST /chat/completions request. */
export type ScriptedModelResponse =
  /** A normal (non-streamed) completion whose assistant message content is `content`. */
  | {
      type: 'completion'
      content: string
      usage?: ScriptedUsage
      delayMs?: number
      /** Answers only once it settles (see `stream`'s `hold`). */
      hold?: Promise<void>
    }
  /** A streamed completion: one SSE chunk per entry of `chunks`, then a usage chunk and `[DONE]`. */
  | {
      type: 'stream'
      chunks: string[]
      chunkDelayMs?: number
      usage?: ScriptedUsage
      delayMs?: number
      /**
       * After `holdAfter` chunks, waits for `hold` before sending the rest: lets a test see what a
       * client received while the model is still writing, with no timing involved.
       */
      holdAfter?: number
      hold?: Promise<void>
    }
  /** HTTP 429 with an optional `Retry-After` header (seconds or an HTTP date). */
  | { type: 'rate-limited'; retryAfter?: string; delayMs?: number }
  /** An HTTP error status (5xx or 4xx) with an OpenAI-style error body. */
  | { type: 'http-error'; status: number; message?: string; delayMs?: number }
  /** Any status and raw body, e.g. a 200 whose body is not JSON. */
  | { type: 'raw'; status: number; body: string; contentType?: string; delayMs?: number }
  /** Accepts the request and never answers (until the client aborts or the server closes). */
  | { type: 'hang' }

/** What the server recorded about one request. */
export interface ScriptedModelRequest {
  method: string
  path: string
  headers: Record<string, string | string[] | undefined>
  /** The parsed JSON body, or `undefined` when it was not JSON. */
  body: unknown
}

/** The script: a list consumed in order, or a function of the request and its 0-based index. */
export type ModelServerScript =
  | readonly ScriptedModelResponse[]
  | ((request: ScriptedModelRequest, index: number) => ScriptedModelResponse)

export interface StartScriptedModelServerOptions {
  /** Answers in order; a request past the end of a list gets HTTP 500 "script exhausted". */
  script: ModelServerScript
  /** Model id echoed in responses. @default 'scripted-model' */
  modelId?: string
}

export interface ScriptedModelServer {
  /** `http://127.0.0.1:<port>/v1`: pass it as `baseURL` to `openAICompatible`. */
  baseURL: string
  /** Every request received so far, in order. */
  requests: ScriptedModelRequest[]
  close(): Promise<void>
}

/**
 * Starts the server on 127.0.0.1, port 0.
 *
 * @example
 * const server = await startScriptedModelServer({ script: [{ type: 'completion', content: 'hi' }] })
 * const model = openAICompatible({ baseURL: server.baseURL, model: 'm' })
 * await server.close()
 */
export async function startScriptedModelServer({
  script,
  modelId = 'scripted-model',
}: StartScriptedModelServerOptions): Promise<ScriptedModelServer> {
  const requests: ScriptedModelRequest[] = []
  const timers = new Set<ReturnType<typeof setTimeout>>()
  const server = createServer((incoming, outgoing) => {
    void readBody(incoming).then((raw) => {
      const request: ScriptedModelRequest = {
        method: incoming.method ?? 'GET',
        path: incoming.url ?? '/',
        headers: incoming.headers,
        body: parseJson(raw),
      }
      const index = requests.length
      requests.push(request)
      let scripted: ScriptedModelResponse | undefined
      try {
        scripted = typeof script === 'function' ? script(request, index) : script[index]
      } catch (error) {
        // A throwing script is a test bug: answer 500 with its message instead of crashing the server.
        scripted = { type: 'http-error', status: 500, message: `script threw: ${String(error)}` }
      }
      const wait = (ms: number) =>
        new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            timers.delete(timer)
            resolve()
          }, ms)
          timers.add(timer)
        })
      void respond(outgoing, scripted, { modelId, wait }).catch(() => outgoing.destroy())
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer)
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

interface RespondContext {
  modelId: string
  wait: (ms: number) => Promise<void>
}

async function respond(
  outgoing: ServerResponse,
  scripted: ScriptedModelResponse | undefined,
  { modelId, wait }: RespondContext,
): Promise<void> {
  if (scripted === undefined) {
    return sendJson(outgoing, 500, { error: { message: 'script exhausted', type: 'server_error' } })
  }
  if (scripted.type === 'hang') return
  if (scripted.delayMs) await wait(scripted.delayMs)
  if (outgoing.destroyed) return
  switch (scripted.type) {
    case 'completion':
      await scripted.hold
      if (outgoing.destroyed) return
      return sendJson(outgoing, 200, completionBody(modelId, scripted.content, scripted.usage))
    case 'rate-limited': {
      const headers = scripted.retryAfter === undefined ? {} : { 'retry-after': scripted.retryAfter }
      return sendJson(outgoing, 429, { error: { message: 'rate limited', type: 'rate_limit' } }, headers)
    }
    case 'http-error':
      return sendJson(outgoing, scripted.status, {
        error: { message: scripted.message ?? 'scripted error', type: 'server_error' },
      })
    case 'raw':
      outgoing.writeHead(scripted.status, { 'content-type': scripted.contentType ?? 'application/json' })
      outgoing.end(scripted.body)
      return
    case 'stream':
      return sendStream(outgoing, modelId, scripted, wait)
  }
}

async function sendStream(
  outgoing: ServerResponse,
  modelId: string,
  scripted: Extract<ScriptedModelResponse, { type: 'stream' }>,
  wait: (ms: number) => Promise<void>,
): Promise<void> {
  outgoing.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
  const base = { id: 'chatcmpl-scripted', object: 'chat.completion.chunk', created: 0, model: modelId }
  const write = (payload: unknown) => outgoing.write(`data: ${JSON.stringify(payload)}\n\n`)
  write({ ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] })
  for (const [index, chunk] of scripted.chunks.entries()) {
    if (index === scripted.holdAfter) await scripted.hold
    if (scripted.chunkDelayMs) await wait(scripted.chunkDelayMs)
    if (outgoing.destroyed) return
    write({ ...base, choices: [{ index: 0, delta: { content: chunk }, finish_reason: null }] })
  }
  write({ ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })
  write({ ...base, choices: [], usage: usageBody(scripted.usage) })
  outgoing.end('data: [DONE]\n\n')
}

function completionBody(modelId: string, content: string, usage: ScriptedUsage | undefined) {
  return {
    id: 'chatcmpl-scripted',
    object: 'chat.completion',
    created: 0,
    model: modelId,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: usageBody(usage),
  }
}

function usageBody(usage: ScriptedUsage = { promptTokens: 10, completionTokens: 5 }) {
  return {
    prompt_tokens: usage.promptTokens,
    completion_tokens: usage.completionTokens,
    total_tokens: usage.promptTokens + usage.completionTokens,
  }
}

function sendJson(
  outgoing: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  outgoing.writeHead(status, { 'content-type': 'application/json', ...headers })
  outgoing.end(JSON.stringify(body))
}

function readBody(incoming: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let raw = ''
    incoming.setEncoding('utf8')
    incoming.on('data', (chunk: string) => {
      raw += chunk
    })
    incoming.on('end', () => resolve(raw))
    incoming.on('error', () => resolve(raw))
  })
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw)
  } catch {
    return undefined
  }
}
