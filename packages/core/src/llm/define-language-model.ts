import { z } from 'zod'
import { FocalError } from '../errors/index.ts'
import { describeIssues, parseJsonOutput } from './parse-json-output.ts'
import type {
  GenerateOptions,
  GenerateResult,
  LanguageModel,
  LanguageModelMessage,
  LanguageModelUsage,
} from './types.ts'

/** One low-level completion request an adapter sends to its provider. */
export interface LanguageModelCompletionRequest {
  system?: string
  messages: readonly LanguageModelMessage[]
  /** JSON Schema (from the caller's zod schema) when a structured object is wanted. */
  jsonSchema?: Record<string, unknown>
  signal?: AbortSignal
  maxTokens?: number
  temperature: number
}

/** What a low-level completion resolves to. */
export interface LanguageModelCompletion {
  text: string
  usage: LanguageModelUsage
}

export interface DefineLanguageModelOptions {
  modelId: string
  /** Sends one request and resolves the assistant text; throws `FocalError` on transport failure. */
  complete(request: LanguageModelCompletionRequest): Promise<LanguageModelCompletion>
  /** Streams text deltas; omit when the provider cannot stream. */
  streamText?(request: LanguageModelCompletionRequest): AsyncIterable<string>
}

/**
 * Builds a {@link LanguageModel} from a single `complete` function, adding what every adapter
 * shares: zod schema → JSON Schema, validation of the reply, one repair call quoting the
 * validation error, then `FocalError('invalid-model-output')`; usage summed and latency measured.
 *
 * @example
 * const model = defineLanguageModel({
 *   modelId: 'echo',
 *   complete: async ({ messages }) => ({ text: messages.at(-1)?.content ?? '', usage: { inputTokens: 0, outputTokens: 0 } }),
 * })
 */
export function defineLanguageModel({
  modelId,
  complete,
  streamText,
}: DefineLanguageModelOptions): LanguageModel {
  const model: LanguageModel = {
    modelId,
    async generate<Schema extends z.ZodType | undefined = undefined>(
      options: GenerateOptions<Schema>,
    ): Promise<GenerateResult<Schema>> {
      const started = performance.now()
      const request = toCompletionRequest(options)
      const first = await complete(request)
      const schema = options.schema
      if (schema === undefined) {
        return finish(first.text, undefined, first.usage, started) as GenerateResult<Schema>
      }
      const parsed = parseJsonOutput(first.text, schema)
      if (parsed.type === 'valid') return finish(first.text, parsed.value, first.usage, started)
      const repairRequest = {
        ...request,
        messages: [
          ...request.messages,
          { role: 'assistant' as const, content: first.text },
          { role: 'user' as const, content: repairPrompt(describeIssues(parsed.issues)) },
        ],
      }
      const second = await complete(repairRequest)
      const usage = addUsage(first.usage, second.usage)
      const repaired = parseJsonOutput(second.text, schema)
      if (repaired.type === 'valid') return finish(second.text, repaired.value, usage, started)
      throw new FocalError({
        code: 'invalid-model-output',
        message: `model "${modelId}" returned output that does not match the schema, even after one repair`,
        issues: repaired.issues,
      })
    },
  }
  function finish<Value>(text: string, object: Value, usage: LanguageModelUsage, started: number) {
    return { text, object, usage, latencyMs: performance.now() - started, modelId } as never
  }
  if (streamText) model.stream = (options) => streamText(toCompletionRequest(options))
  return model
}

/** The follow-up message of the single repair attempt. */
export function repairPrompt(validationError: string): string {
  return `Your previous reply was not valid for the required JSON schema:\n${validationError}\nReply again with only the corrected JSON object, no prose.`
}

function toCompletionRequest(
  options: GenerateOptions<z.ZodType | undefined>,
): LanguageModelCompletionRequest {
  const request: LanguageModelCompletionRequest = {
    messages: options.messages,
    temperature: options.temperature ?? 0,
  }
  if (options.system !== undefined) request.system = options.system
  if (options.signal !== undefined) request.signal = options.signal
  if (options.maxTokens !== undefined) request.maxTokens = options.maxTokens
  if (options.schema !== undefined) {
    request.jsonSchema = z.toJSONSchema(options.schema, { unrepresentable: 'any' }) as Record<string, unknown>
  }
  return request
}

function addUsage(a: LanguageModelUsage, b: LanguageModelUsage): LanguageModelUsage {
  return { inputTokens: a.inputTokens + b.inputTokens, outputTokens: a.outputTokens + b.outputTokens }
}
