import { createOpenAICompatible } from '@ai-sdk/openai-compatible'
import type { LanguageModelV3StreamPart, LanguageModelV3Usage } from '@ai-sdk/provider'
import { generateText, streamText, wrapLanguageModel } from 'ai'
import { MockLanguageModelV3 } from 'ai/test'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { redact } from '../enforcement/redact.ts'
import { scanText } from '../enforcement/scan-text.ts'
import { type ScriptedModelServer, startScriptedModelServer } from '../testing/scripted-model-server.ts'
import { focalMiddleware } from './focal-middleware.ts'

const scan = { detectors: ['credit-card', 'email'] } as const
const text = 'Your card 4242 4242 4242 4242 and ann@example.com are on file.'
const args = '{"card":"4242 4242 4242 4242","email":"ann@example.com"}'
const expectedText = redact(text, scanText(text, scan))
const expectedArgs = redact(args, scanText(args, scan))
const leak = /4242|ann@|@example|example\.com/

const usage: LanguageModelV3Usage = {
  inputTokens: { total: 5, noCache: 5, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 9, text: 9, reasoning: 0 },
}

function streamingModel(textParts: string[], argParts: string[]) {
  const parts: LanguageModelV3StreamPart[] = [
    { type: 'stream-start', warnings: [] },
    { type: 'text-start', id: 't1' },
    ...textParts.map((delta): LanguageModelV3StreamPart => ({ type: 'text-delta', id: 't1', delta })),
    { type: 'text-end', id: 't1' },
    { type: 'tool-input-start', id: 'call_1', toolName: 'save' },
    ...argParts.map(
      (delta): LanguageModelV3StreamPart => ({ type: 'tool-input-delta', id: 'call_1', delta }),
    ),
    { type: 'tool-input-end', id: 'call_1' },
    { type: 'tool-call', toolCallId: 'call_1', toolName: 'save', input: argParts.join('') },
    { type: 'finish', usage, finishReason: { unified: 'tool-calls', raw: 'tool_calls' } },
  ]
  return new MockLanguageModelV3({
    doStream: async () => ({
      stream: new ReadableStream({
        start(controller) {
          for (const part of parts) controller.enqueue(part)
          controller.close()
        },
      }),
    }),
  })
}

const splitAt = (value: string, point: number) => [value.slice(0, point), value.slice(point)]

describe('focalMiddleware', () => {
  it('redacts streamText text and tool-input deltas live, with the values split at every point', async () => {
    for (let point = 0; point <= text.length; point++) {
      const model = wrapLanguageModel({
        model: streamingModel(splitAt(text, point), splitAt(args, point % (args.length + 1))),
        middleware: focalMiddleware({ scan }),
      })
      const result = streamText({ model, prompt: 'card?' })
      const parts: unknown[] = []
      for await (const part of result.fullStream) parts.push(part)
      expect(JSON.stringify(parts), `split at ${point}`).not.toMatch(leak)
      expect(await result.text).toBe(expectedText)
      const [call] = await result.toolCalls
      expect(call?.input).toEqual(JSON.parse(expectedArgs))
    }
  })

  it('streams text before the reply is complete: only a possible match is held back', async () => {
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    const model = new MockLanguageModelV3({
      doStream: async () => ({
        stream: new ReadableStream<LanguageModelV3StreamPart>({
          async start(controller) {
            controller.enqueue({ type: 'stream-start', warnings: [] })
            controller.enqueue({ type: 'text-start', id: 't1' })
            controller.enqueue({ type: 'text-delta', id: 't1', delta: 'Hello there, your card 4242 42' })
            await gate
            controller.enqueue({ type: 'text-delta', id: 't1', delta: '42 4242 4242 is on file.' })
            controller.enqueue({ type: 'text-end', id: 't1' })
            controller.enqueue({ type: 'finish', usage, finishReason: { unified: 'stop', raw: 'stop' } })
            controller.close()
          },
        }),
      }),
    })
    const result = streamText({
      model: wrapLanguageModel({ model, middleware: focalMiddleware({ scan }) }),
      prompt: 'x',
    })
    const reader = result.textStream.getReader()
    const first = await reader.read()
    expect(first.value).toBe('Hello there, your card ')
    release()
    let rest = ''
    for (let next = await reader.read(); !next.done; next = await reader.read()) rest += next.value
    expect(`${first.value}${rest}`).toBe('Hello there, your card [CREDIT_CARD] is on file.')
  })

  it('ends a blocked stream with finishReason content-filter and the stream-blocked code', async () => {
    const model = wrapLanguageModel({
      model: streamingModel(splitAt(text, 20), [args]),
      middleware: focalMiddleware({ scan: { detectors: ['credit-card'] }, mode: 'block' }),
    })
    const result = streamText({ model, prompt: 'card?' })
    const parts: unknown[] = []
    for await (const part of result.fullStream) parts.push(part)
    expect(JSON.stringify(parts)).not.toMatch(/4242/)
    expect(await result.finishReason).toBe('content-filter')
    expect(await result.providerMetadata).toEqual({ focal: { code: 'stream-blocked' } })
    expect(await result.text).toBe('Your card ')
  })

  it('redacts generateText output: text and tool-call input', async () => {
    const model = new MockLanguageModelV3({
      doGenerate: {
        content: [
          { type: 'text', text },
          { type: 'tool-call', toolCallId: 'call_1', toolName: 'save', input: args },
        ],
        finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
        usage,
        warnings: [],
      },
    })
    const result = await generateText({
      model: wrapLanguageModel({ model, middleware: focalMiddleware({ scan }) }),
      prompt: 'card?',
    })
    expect(result.text).toBe(expectedText)
    expect(result.toolCalls[0]?.input).toEqual(JSON.parse(expectedArgs))
  })

  it('redacts user messages before the model sees them, and blocks a call without calling the model', async () => {
    const model = new MockLanguageModelV3({
      doGenerate: {
        content: [{ type: 'text', text: 'ok' }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage,
        warnings: [],
      },
    })
    await generateText({
      model: wrapLanguageModel({ model, middleware: focalMiddleware({ scan }) }),
      prompt: 'My email is ann@example.com',
    })
    expect(JSON.stringify(model.doGenerateCalls[0]?.prompt)).not.toMatch(leak)
    expect(JSON.stringify(model.doGenerateCalls[0]?.prompt)).toContain('My email is [EMAIL_ADDRESS]')

    const guarded = wrapLanguageModel({ model, middleware: focalMiddleware({ scan, mode: 'block' }) })
    const blocked = await generateText({ model: guarded, prompt: 'My card is 4242 4242 4242 4242' })
    expect(model.doGenerateCalls).toHaveLength(1)
    expect(blocked.finishReason).toBe('content-filter')
    expect(blocked.providerMetadata).toEqual({ focal: { code: 'input-blocked' } })
    const streamed = streamText({ model: guarded, prompt: 'My card is 4242 4242 4242 4242' })
    expect(await streamed.finishReason).toBe('content-filter')
    expect(model.doStreamCalls).toHaveLength(0)
  })

  it('takes an agent definition: its redact rules are replaced, its refuse rules block', async () => {
    const definition = {
      name: 'support',
      settings: { detectors: ['credit-card'] },
      guardrails: { never: ['mention Walmart'] },
    }
    const reply = (words: string) =>
      new MockLanguageModelV3({
        doGenerate: {
          content: [{ type: 'text', text: words }],
          finishReason: { unified: 'stop', raw: 'stop' },
          usage,
          warnings: [],
        },
      })
    const redacted = await generateText({
      model: wrapLanguageModel({
        model: reply('Card 4242 4242 4242 4242.'),
        middleware: focalMiddleware({ definition }),
      }),
      prompt: 'hi',
    })
    expect(redacted.text).not.toMatch(/4242/)
    const blocked = await generateText({
      model: wrapLanguageModel({
        model: reply('Try Walmart instead.'),
        middleware: focalMiddleware({ definition }),
      }),
      prompt: 'hi',
    })
    expect(blocked.text).toBe('')
    expect(blocked.finishReason).toBe('content-filter')
  })
})

describe('focalMiddleware with @ai-sdk/openai-compatible over loopback HTTP', () => {
  let server: ScriptedModelServer
  beforeAll(async () => {
    server = await startScriptedModelServer({
      script: (request) =>
        (request.body as { stream?: boolean }).stream
          ? {
              type: 'stream',
              chunks: ['Your card 42', '42 4242 42', '42 4242 and ann@exam', 'ple.com are on file.'],
            }
          : { type: 'completion', content: text },
    })
  })
  afterAll(async () => {
    await server?.close()
  })

  const model = () =>
    wrapLanguageModel({
      model: createOpenAICompatible({ name: 'scripted', baseURL: server.baseURL })('scripted-model'),
      middleware: focalMiddleware({ scan }),
    })

  it('redacts streamText from a real OpenAI-compatible stream and the user message it sends', async () => {
    const result = streamText({ model: model(), prompt: 'I am ann@example.com' })
    let streamed = ''
    for await (const delta of result.textStream) streamed += delta
    expect(streamed).toBe(expectedText)
    expect(JSON.stringify(server.requests.at(-1)?.body)).not.toMatch(leak)
  })

  it('redacts generateText from a real OpenAI-compatible completion', async () => {
    const { text: reply } = await generateText({ model: model(), prompt: 'card?' })
    expect(reply).toBe(expectedText)
  })
})
