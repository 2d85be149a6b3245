import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { FocalError } from '../errors/index.ts'
import {
  type ScriptedModelResponse,
  type ScriptedModelServer,
  startScriptedModelServer,
} from '../testing/scripted-model-server.ts'
import { openAICompatible } from './open-ai-compatible.ts'

const verdictSchema = z.object({ verdict: z.enum(['PASS', 'FAIL']), reason: z.string() })
const user = [{ role: 'user' as const, content: 'Judge this.' }]
let server: ScriptedModelServer | undefined

afterEach(async () => {
  await server?.close()
  server = undefined
})

async function modelFor(
  script: ScriptedModelResponse[],
  options: { timeoutMs?: number; maxRetries?: number } = {},
) {
  server = await startScriptedModelServer({ script })
  return openAICompatible({
    baseURL: server.baseURL,
    model: 'judge-1',
    apiKey: 'k',
    retryBaseDelayMs: 1,
    ...options,
  })
}

async function errorOf(promise: Promise<unknown>): Promise<FocalError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  if (!FocalError.isInstance(error)) throw new Error(`expected a FocalError, got ${String(error)}`)
  return error
}

describe('openAICompatible', () => {
  it('posts a Chat Completions request and returns text, usage, latency and model id', async () => {
    const model = await modelFor([
      { type: 'completion', content: 'Hello', usage: { promptTokens: 7, completionTokens: 2 } },
    ])
    const result = await model.generate({ system: 'Be brief.', messages: user, maxTokens: 50 })
    expect(result.text).toBe('Hello')
    expect(result.usage).toEqual({ inputTokens: 7, outputTokens: 2 })
    expect(result.modelId).toBe('judge-1')
    expect(result.latencyMs).toBeGreaterThanOrEqual(0)
    const [request] = server!.requests
    expect(request?.path).toBe('/v1/chat/completions')
    expect(request?.headers.authorization).toBe('Bearer k')
    expect(request?.body).toMatchObject({
      model: 'judge-1',
      max_tokens: 50,
      temperature: 0,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Judge this.' },
      ],
    })
  })

  it('asks for json_schema output converted from the zod schema and returns the validated object', async () => {
    const model = await modelFor([{ type: 'completion', content: '{"verdict":"PASS","reason":"ok"}' }])
    const result = await model.generate({ messages: user, schema: verdictSchema })
    expect(result.object).toEqual({ verdict: 'PASS', reason: 'ok' })
    const body = server!.requests[0]?.body as {
      response_format: { type: string; json_schema: { schema: unknown } }
    }
    expect(body.response_format.type).toBe('json_schema')
    expect(body.response_format.json_schema.schema).toMatchObject({
      type: 'object',
      required: ['verdict', 'reason'],
      properties: { verdict: { enum: ['PASS', 'FAIL'] } },
    })
  })

  it('uses JSON mode with the schema in the system prompt when structuredOutput is json-object', async () => {
    server = await startScriptedModelServer({
      script: [{ type: 'completion', content: '{"verdict":"FAIL","reason":"x"}' }],
    })
    const model = openAICompatible({ baseURL: server.baseURL, model: 'm', structuredOutput: 'json-object' })
    const result = await model.generate({ system: 'Judge.', messages: user, schema: verdictSchema })
    expect(result.object.verdict).toBe('FAIL')
    const body = server.requests[0]?.body as {
      response_format: unknown
      messages: Array<{ content: string }>
    }
    expect(body.response_format).toEqual({ type: 'json_object' })
    expect(body.messages[0]?.content).toContain('Judge.')
    expect(body.messages[0]?.content).toContain('"verdict"')
  })

  it('repairs invalid JSON once with a follow-up call quoting the validation error', async () => {
    const model = await modelFor([
      {
        type: 'completion',
        content: '{"verdict":"MAYBE"}',
        usage: { promptTokens: 10, completionTokens: 3 },
      },
      {
        type: 'completion',
        content: '```json\n{"verdict":"FAIL","reason":"rude"}\n```',
        usage: { promptTokens: 20, completionTokens: 6 },
      },
    ])
    const result = await model.generate({ messages: user, schema: verdictSchema })
    expect(result.object).toEqual({ verdict: 'FAIL', reason: 'rude' })
    expect(result.usage).toEqual({ inputTokens: 30, outputTokens: 9 })
    const repair = server!.requests[1]?.body as { messages: Array<{ role: string; content: string }> }
    expect(repair.messages.at(-2)).toEqual({ role: 'assistant', content: '{"verdict":"MAYBE"}' })
    expect(repair.messages.at(-1)?.content).toContain('verdict')
    expect(repair.messages.at(-1)?.content).toContain('reason')
  })

  it('throws invalid-model-output after the single repair also fails, making exactly two calls', async () => {
    const model = await modelFor([
      { type: 'completion', content: 'not json at all' },
      { type: 'completion', content: '{"verdict":"PASS"}' },
      { type: 'completion', content: '{"verdict":"PASS","reason":"never reached"}' },
    ])
    const error = await errorOf(model.generate({ messages: user, schema: verdictSchema }))
    expect(error.code).toBe('invalid-model-output')
    expect(error.issues.map((issue) => issue.path)).toContain('reason')
    expect(server!.requests).toHaveLength(2)
  })

  it('retries a 429 after Retry-After instead of its own (huge) backoff', async () => {
    server = await startScriptedModelServer({
      script: [
        { type: 'rate-limited', retryAfter: '0' },
        { type: 'completion', content: 'after wait' },
      ],
    })
    const model = openAICompatible({ baseURL: server.baseURL, model: 'm', retryBaseDelayMs: 600_000 })
    expect((await model.generate({ messages: user })).text).toBe('after wait')
    expect(server.requests).toHaveLength(2)
  })

  it('throws model-rate-limited when 429 persists past maxRetries', async () => {
    const model = await modelFor(
      [
        { type: 'rate-limited' },
        { type: 'rate-limited' },
        { type: 'rate-limited' },
        { type: 'completion', content: 'x' },
      ],
      { maxRetries: 2 },
    )
    const error = await errorOf(model.generate({ messages: user }))
    expect(error.code).toBe('model-rate-limited')
    expect(server!.requests).toHaveLength(3)
  })

  it('retries 5xx responses and succeeds', async () => {
    const model = await modelFor([
      { type: 'http-error', status: 503 },
      { type: 'http-error', status: 500 },
      { type: 'completion', content: 'recovered' },
    ])
    expect((await model.generate({ messages: user })).text).toBe('recovered')
    expect(server!.requests).toHaveLength(3)
  })

  it('does not retry a 4xx other than 429', async () => {
    const model = await modelFor([
      { type: 'http-error', status: 400, message: 'bad model' },
      { type: 'completion', content: 'x' },
    ])
    const error = await errorOf(model.generate({ messages: user }))
    expect(error.code).toBe('model-error')
    expect(error.message).toContain('400')
    expect(server!.requests).toHaveLength(1)
  })

  it('reports a response body that is not JSON as a model-error', async () => {
    const model = await modelFor([{ type: 'raw', status: 200, body: '{"choices": [ {"message":' }])
    const error = await errorOf(model.generate({ messages: user }))
    expect(error.code).toBe('model-error')
    expect(error.message).toContain('not JSON')
  })

  it('reports a JSON body without choices as a located model-error', async () => {
    const model = await modelFor([{ type: 'raw', status: 200, body: '{"choices":[]}' }])
    const error = await errorOf(model.generate({ messages: user }))
    expect(error.code).toBe('model-error')
    expect(error.issues[0]?.path).toBe('choices')
  })

  it('times out a server that never answers, without retrying', async () => {
    const model = await modelFor([{ type: 'hang' }, { type: 'completion', content: 'late' }], {
      timeoutMs: 150,
    })
    const error = await errorOf(model.generate({ messages: user }))
    expect(error.code).toBe('model-timeout')
    expect(server!.requests).toHaveLength(1)
  })

  it('throws aborted when the caller aborts', async () => {
    const model = await modelFor([{ type: 'hang' }])
    const controller = new AbortController()
    const pending = model.generate({ messages: user, signal: controller.signal })
    setTimeout(() => controller.abort(), 20)
    expect((await errorOf(pending)).code).toBe('aborted')
  })

  it('streams text deltas from SSE chunks in order', async () => {
    const model = await modelFor([{ type: 'stream', chunks: ['Hel', 'lo, ', 'world'] }])
    const deltas: string[] = []
    for await (const delta of model.stream!({ messages: user })) deltas.push(delta)
    expect(deltas).toEqual(['Hel', 'lo, ', 'world'])
    expect(server!.requests[0]?.body).toMatchObject({ stream: true })
  })

  it('lets a consumer stop a stream early and still serve the next request', async () => {
    const model = await modelFor([
      { type: 'stream', chunks: ['a', 'b', 'c'], chunkDelayMs: 20 },
      { type: 'completion', content: 'next' },
    ])
    for await (const delta of model.stream!({ messages: user })) {
      expect(delta).toBe('a')
      break
    }
    expect((await model.generate({ messages: user })).text).toBe('next')
  })

  it('retries a 429 before a stream starts', async () => {
    const model = await modelFor([
      { type: 'rate-limited', retryAfter: '0' },
      { type: 'stream', chunks: ['ok'] },
    ])
    const deltas: string[] = []
    for await (const delta of model.stream!({ messages: user })) deltas.push(delta)
    expect(deltas.join('')).toBe('ok')
  })

  it('reports a streamed chunk that is not JSON as a model-error after the good deltas', async () => {
    const body = 'data: {"choices":[{"delta":{"content":"ok"}}]}\n\ndata: {"choices": [\n\n'
    const model = await modelFor([{ type: 'raw', status: 200, body, contentType: 'text/event-stream' }])
    const deltas: string[] = []
    const consume = async () => {
      for await (const delta of model.stream!({ messages: user })) deltas.push(delta)
    }
    expect((await errorOf(consume())).code).toBe('model-error')
    expect(deltas).toEqual(['ok'])
  })

  it('times out a stream that stalls between chunks', async () => {
    const model = await modelFor([{ type: 'stream', chunks: ['a', 'b'], chunkDelayMs: 2_000 }], {
      timeoutMs: 150,
    })
    const consume = async () => {
      for await (const _delta of model.stream!({ messages: user })) {
        // drain
      }
    }
    expect((await errorOf(consume())).code).toBe('model-timeout')
  })
})
