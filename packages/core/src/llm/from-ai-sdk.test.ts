import { MockLanguageModelV3 } from 'ai/test'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { FocalError } from '../errors/index.ts'
import { type AiSdkLanguageModelLike, fromAiSdk } from './from-ai-sdk.ts'

const v3Usage = (input: number, output: number) => ({
  inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: output, text: output, reasoning: 0 },
})

function v3Result(text: string, input = 4, output = 2) {
  return {
    content: [{ type: 'text' as const, text }],
    finishReason: { unified: 'stop', raw: 'stop' },
    usage: v3Usage(input, output),
    warnings: [],
  }
}

describe('fromAiSdk', () => {
  it('adapts a LanguageModelV3: prompt with system and text parts, text and usage back', async () => {
    const mock = new MockLanguageModelV3({
      modelId: 'mock-3',
      doGenerate: v3Result('Hi there', 11, 3) as never,
    })
    const model = fromAiSdk(mock)
    const result = await model.generate({
      system: 'Be kind.',
      messages: [{ role: 'user', content: 'Hello' }],
      maxTokens: 9,
    })
    expect(result).toMatchObject({
      text: 'Hi there',
      usage: { inputTokens: 11, outputTokens: 3 },
      modelId: 'mock-3',
    })
    expect(mock.doGenerateCalls[0]).toMatchObject({
      prompt: [
        { role: 'system', content: 'Be kind.' },
        { role: 'user', content: [{ type: 'text', text: 'Hello' }] },
      ],
      maxOutputTokens: 9,
      temperature: 0,
    })
  })

  it('asks for JSON with the schema and repairs once on invalid output', async () => {
    const mock = new MockLanguageModelV3({
      doGenerate: [v3Result('{"ok":"yes"}'), v3Result('{"ok":true}')] as never,
    })
    const model = fromAiSdk(mock)
    const result = await model.generate({
      messages: [{ role: 'user', content: 'q' }],
      schema: z.object({ ok: z.boolean() }),
    })
    expect(result.object).toEqual({ ok: true })
    expect(mock.doGenerateCalls[0]?.responseFormat).toMatchObject({
      type: 'json',
      schema: { type: 'object' },
    })
    expect(mock.doGenerateCalls).toHaveLength(2)
    expect(result.usage).toEqual({ inputTokens: 8, outputTokens: 4 })
  })

  it('streams text deltas from doStream', async () => {
    const parts = [
      { type: 'stream-start', warnings: [] },
      { type: 'text-start', id: '1' },
      { type: 'text-delta', id: '1', delta: 'a' },
      { type: 'text-delta', id: '1', delta: 'b' },
      { type: 'text-end', id: '1' },
    ]
    const stream = new ReadableStream({
      start(controller) {
        for (const part of parts) controller.enqueue(part)
        controller.close()
      },
    })
    const model = fromAiSdk(new MockLanguageModelV3({ doStream: { stream } as never }))
    const deltas: string[] = []
    for await (const delta of model.stream!({ messages: [{ role: 'user', content: 'q' }] }))
      deltas.push(delta)
    expect(deltas).toEqual(['a', 'b'])
  })

  it('reads v2 numeric usage and wraps provider errors as model-error', async () => {
    let calls = 0
    const v2: AiSdkLanguageModelLike = {
      specificationVersion: 'v2',
      provider: 'p',
      modelId: 'v2-model',
      doGenerate: async () => {
        calls++
        if (calls > 1) throw new Error('provider down')
        return { content: [{ type: 'text', text: 'x' }], usage: { inputTokens: 5, outputTokens: 1 } }
      },
      doStream: async () => ({ stream: new ReadableStream() }),
    }
    const model = fromAiSdk(v2)
    expect((await model.generate({ messages: [{ role: 'user', content: 'q' }] })).usage).toEqual({
      inputTokens: 5,
      outputTokens: 1,
    })
    const error = await model
      .generate({ messages: [{ role: 'user', content: 'q' }] })
      .catch((caught: unknown) => caught)
    expect(FocalError.isInstance(error) && error.code).toBe('model-error')
  })
})
