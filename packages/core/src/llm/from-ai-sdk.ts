import { FocalError } from '../errors/index.ts'
import { defineLanguageModel, type LanguageModelCompletionRequest } from './define-language-model.ts'
import type { LanguageModel, LanguageModelUsage } from './types.ts'

/** Token usage as AI SDK v2 (numbers) or v3 (objects with `total`) models report it. */
export type AiSdkUsageLike = {
  inputTokens?: number | { total?: number | undefined } | undefined
  outputTokens?: number | { total?: number | undefined } | undefined
}

/** The call options Focal sends to an AI SDK model (a subset of `LanguageModelV2/V3CallOptions`). */
export interface AiSdkCallOptionsLike {
  prompt: Array<
    | { role: 'system'; content: string }
    | { role: 'user' | 'assistant'; content: Array<{ type: 'text'; text: string }> }
  >
  maxOutputTokens?: number
  temperature?: number
  abortSignal?: AbortSignal
  responseFormat?: { type: 'text' } | { type: 'json'; schema?: Record<string, unknown>; name?: string }
}

/**
 * The structural shape of a Vercel AI SDK `LanguageModelV2` or `LanguageModelV3` (what
 * `openai('gpt-4o')` or `MockLanguageModelV3` return). Declared here so core never imports `ai`.
 */
export interface AiSdkLanguageModelLike {
  readonly specificationVersion: 'v2' | 'v3'
  readonly provider: string
  readonly modelId: string
  doGenerate(options: AiSdkCallOptionsLike): PromiseLike<{
    content: ReadonlyArray<{ type: string; text?: string }>
    usage: AiSdkUsageLike
  }>
  doStream(
    options: AiSdkCallOptionsLike,
  ): PromiseLike<{ stream: ReadableStream<{ type: string; delta?: string }> }>
}

/**
 * Adapts an AI SDK language model to Focal's {@link LanguageModel} port, with the same schema
 * validation and repair-once behaviour as {@link openAICompatible}.
 *
 * @example
 * import { openai } from '@ai-sdk/openai'
 * const model = fromAiSdk(openai('gpt-4o-mini'))
 */
export function fromAiSdk(model: AiSdkLanguageModelLike): LanguageModel {
  return defineLanguageModel({
    modelId: model.modelId,
    async complete(request) {
      try {
        const result = await model.doGenerate(toCallOptions(request))
        const text = result.content
          .filter((part) => part.type === 'text')
          .map((part) => part.text ?? '')
          .join('')
        return { text, usage: toUsage(result.usage) }
      } catch (error) {
        throw wrapError(error, request.signal, model.modelId)
      }
    },
    async *streamText(request) {
      const { stream } = await model.doStream(toCallOptions(request))
      const reader = stream.getReader()
      try {
        for (;;) {
          const { done, value } = await reader.read()
          if (done) return
          if (value.type === 'text-delta' && value.delta) yield value.delta
          if (value.type === 'error')
            throw new FocalError({ code: 'model-error', message: 'model stream failed', cause: value })
        }
      } finally {
        reader.releaseLock()
      }
    },
  })
}

function toCallOptions(request: LanguageModelCompletionRequest): AiSdkCallOptionsLike {
  const prompt: AiSdkCallOptionsLike['prompt'] = []
  if (request.system !== undefined) prompt.push({ role: 'system', content: request.system })
  for (const message of request.messages) {
    prompt.push({ role: message.role, content: [{ type: 'text', text: message.content }] })
  }
  const options: AiSdkCallOptionsLike = { prompt, temperature: request.temperature }
  if (request.maxTokens !== undefined) options.maxOutputTokens = request.maxTokens
  if (request.signal !== undefined) options.abortSignal = request.signal
  if (request.jsonSchema !== undefined) {
    options.responseFormat = { type: 'json', schema: request.jsonSchema, name: 'response' }
  }
  return options
}

function toUsage(usage: AiSdkUsageLike): LanguageModelUsage {
  const count = (value: AiSdkUsageLike['inputTokens']) =>
    typeof value === 'number' ? value : (value?.total ?? 0)
  return { inputTokens: count(usage.inputTokens), outputTokens: count(usage.outputTokens) }
}

function wrapError(error: unknown, signal: AbortSignal | undefined, modelId: string): FocalError {
  if (FocalError.isInstance(error)) return error
  if (signal?.aborted)
    return new FocalError({ code: 'aborted', message: `model "${modelId}" call aborted`, cause: error })
  return new FocalError({ code: 'model-error', message: `model "${modelId}" failed`, cause: error })
}
