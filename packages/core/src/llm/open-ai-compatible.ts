import { FocalError } from '../errors/index.ts'
import { chatCompletionChunkSchema, chatCompletionResponseSchema } from './chat-completion-schemas.ts'
import { defineLanguageModel, type LanguageModelCompletionRequest } from './define-language-model.ts'
import { parseServerSentEvents } from './parse-server-sent-events.ts'
import { type GuardedResponse, type SendWithRetriesOptions, sendWithRetries } from './send-with-retries.ts'
import type { LanguageModel } from './types.ts'
import { zodIssuesToFocalIssues } from './zod-issues.ts'

/** Options of {@link openAICompatible}. */
export interface OpenAICompatibleOptions {
  /** API root up to and including the version, e.g. `https://api.openai.com/v1`; `/chat/completions` is appended. */
  baseURL: string
  /** Sent as `Authorization: Bearer <apiKey>`. @default no header */
  apiKey?: string
  /** Model id sent in every request. */
  model: string
  /** The fetch implementation. @default globalThis.fetch */
  fetch?: typeof fetch
  /** Per-request budget until headers arrive, and between stream chunks. @default 30000 */
  timeoutMs?: number
  /** Retries after a 429, a 5xx or a network failure. @default 2 */
  maxRetries?: number
  /** First backoff delay when no `Retry-After` is given; doubles per retry. @default 500 */
  retryBaseDelayMs?: number
  /** Upper bound of any wait between retries, `Retry-After` included. @default 30000 */
  maxRetryDelayMs?: number
  /** How a schema is requested: `json-schema` (`response_format.json_schema`) or `json-object` (JSON mode + schema in the system prompt). @default 'json-schema' */
  structuredOutput?: 'json-schema' | 'json-object'
  /** Extra headers on every request. @default {} */
  headers?: Record<string, string>
}

/**
 * A {@link LanguageModel} over any server speaking the OpenAI Chat Completions protocol (OpenAI,
 * Azure, vLLM, Ollama, LM Studio, OpenRouter...), using only `fetch`.
 *
 * @example
 * const model = openAICompatible({ baseURL: 'http://127.0.0.1:11434/v1', model: 'llama3.1' })
 * const { object } = await model.generate({ messages: [{ role: 'user', content: 'Hi' }], schema: z.object({ reply: z.string() }) })
 */
export function openAICompatible(options: OpenAICompatibleOptions): LanguageModel {
  const {
    baseURL,
    apiKey,
    model,
    fetch: fetchImplementation = globalThis.fetch,
    timeoutMs = 30_000,
    maxRetries = 2,
    retryBaseDelayMs = 500,
    maxRetryDelayMs = 30_000,
    structuredOutput = 'json-schema',
    headers = {},
  } = options
  const url = `${baseURL.replace(/\/+$/, '')}/chat/completions`
  const requestHeaders: Record<string, string> = { 'content-type': 'application/json', ...headers }
  if (apiKey !== undefined) requestHeaders.authorization = `Bearer ${apiKey}`

  const post = (request: LanguageModelCompletionRequest, stream: boolean): Promise<GuardedResponse> => {
    const body = JSON.stringify(buildRequestBody({ model, request, stream, structuredOutput }))
    const retryOptions: SendWithRetriesOptions = {
      send: (signal) => fetchImplementation(url, { method: 'POST', headers: requestHeaders, body, signal }),
      signal: request.signal,
      timeoutMs,
      maxRetries,
      retryBaseDelayMs,
      maxRetryDelayMs,
      modelId: model,
    }
    return sendWithRetries(retryOptions)
  }

  return defineLanguageModel({
    modelId: model,
    async complete(request) {
      const { response, guard } = await post(request, false)
      let raw: string
      try {
        raw = await response.text()
      } catch (error) {
        throw stoppedOrFailed(guard.isTimedOut(), request.signal, model, timeoutMs, error)
      } finally {
        guard.clear()
      }
      const body = parseResponseBody(raw, model)
      return {
        text: body.choices[0]?.message.content ?? '',
        usage: {
          inputTokens: body.usage?.prompt_tokens ?? 0,
          outputTokens: body.usage?.completion_tokens ?? 0,
        },
      }
    },
    async *streamText(request) {
      const { response, guard } = await post(request, true)
      try {
        if (response.body === null)
          throw new FocalError({ code: 'model-error', message: 'stream had no body' })
        for await (const data of parseServerSentEvents(response.body, guard.resetTimeout)) {
          if (data.trim() === '[DONE]') return
          const delta = parseChunk(data, model)
          if (delta) yield delta
        }
      } catch (error) {
        if (FocalError.isInstance(error)) throw error
        throw stoppedOrFailed(guard.isTimedOut(), request.signal, model, timeoutMs, error)
      } finally {
        guard.clear()
        // A consumer that stops early must not leave the connection open.
        response.body?.cancel().catch(() => {})
      }
    },
  })
}

interface RequestBodyInput {
  model: string
  request: LanguageModelCompletionRequest
  stream: boolean
  structuredOutput: 'json-schema' | 'json-object'
}

/** The Chat Completions request body for one call. */
export function buildRequestBody({ model, request, stream, structuredOutput }: RequestBodyInput) {
  let system = request.system
  const body: Record<string, unknown> = { model, temperature: request.temperature }
  if (request.maxTokens !== undefined) body.max_tokens = request.maxTokens
  if (request.jsonSchema !== undefined) {
    if (structuredOutput === 'json-schema') {
      body.response_format = {
        type: 'json_schema',
        json_schema: { name: 'response', schema: request.jsonSchema, strict: false },
      }
    } else {
      body.response_format = { type: 'json_object' }
      const instruction = `Reply with one JSON object matching this JSON Schema:\n${JSON.stringify(request.jsonSchema)}`
      system = system === undefined ? instruction : `${system}\n\n${instruction}`
    }
  }
  const messages = request.messages.map(({ role, content }) => ({ role, content }))
  body.messages = system === undefined ? messages : [{ role: 'system', content: system }, ...messages]
  if (stream) {
    body.stream = true
    body.stream_options = { include_usage: true }
  }
  return body
}

function parseResponseBody(raw: string, model: string) {
  let json: unknown
  try {
    json = JSON.parse(raw)
  } catch {
    throw new FocalError({
      code: 'model-error',
      message: `model "${model}" answered with a body that is not JSON: ${raw.slice(0, 120)}`,
    })
  }
  const parsed = chatCompletionResponseSchema.safeParse(json)
  if (parsed.success) return parsed.data
  throw new FocalError({
    code: 'model-error',
    message: `model "${model}" answered with an unexpected Chat Completions body`,
    issues: zodIssuesToFocalIssues(parsed.error.issues),
  })
}

function parseChunk(data: string, model: string): string {
  let json: unknown
  try {
    json = JSON.parse(data)
  } catch {
    throw new FocalError({
      code: 'model-error',
      message: `model "${model}" streamed a chunk that is not JSON`,
    })
  }
  const parsed = chatCompletionChunkSchema.safeParse(json)
  if (!parsed.success) {
    throw new FocalError({
      code: 'model-error',
      message: `model "${model}" streamed an unexpected chunk`,
      issues: zodIssuesToFocalIssues(parsed.error.issues),
    })
  }
  return parsed.data.choices[0]?.delta?.content ?? ''
}

function stoppedOrFailed(
  timedOut: boolean,
  signal: AbortSignal | undefined,
  model: string,
  timeoutMs: number,
  cause: unknown,
): FocalError {
  if (signal?.aborted)
    return new FocalError({ code: 'aborted', message: `model "${model}" call aborted`, cause })
  if (timedOut) {
    return new FocalError({
      code: 'model-timeout',
      message: `model "${model}" stalled for ${timeoutMs} ms`,
      cause,
    })
  }
  return new FocalError({ code: 'model-error', message: `model "${model}" connection failed`, cause })
}
