import type { z } from 'zod'

/** One chat message sent to a language model. */
export interface LanguageModelMessage {
  role: 'user' | 'assistant'
  content: string
}

/** Options of {@link LanguageModel.generate}. */
export interface GenerateOptions<Schema extends z.ZodType | undefined = undefined> {
  /** System prompt. */
  system?: string
  messages: readonly LanguageModelMessage[]
  /** When given, the model is asked for JSON and the result is validated with this schema. */
  schema?: Schema
  signal?: AbortSignal
  /** @default adapter-specific */
  maxTokens?: number
  /** @default 0 */
  temperature?: number
}

/** Token usage reported by a model call. */
export interface LanguageModelUsage {
  inputTokens: number
  outputTokens: number
}

/** What {@link LanguageModel.generate} resolves to. */
export interface GenerateResult<Schema extends z.ZodType | undefined = undefined> {
  text: string
  /** The validated object when a schema was given. */
  object: Schema extends z.ZodType ? z.infer<Schema> : undefined
  usage: LanguageModelUsage
  latencyMs: number
  modelId: string
}

/**
 * The language-model port. Core never calls a model except through this interface; adapters
 * (`openAICompatible`, `fromAiSdk`) implement it over `fetch`.
 */
export interface LanguageModel {
  readonly modelId: string
  generate<Schema extends z.ZodType | undefined = undefined>(
    options: GenerateOptions<Schema>,
  ): Promise<GenerateResult<Schema>>
  /** Streams text deltas; adapters without streaming may omit it (callers fall back to generate). */
  stream?(options: GenerateOptions): AsyncIterable<string>
}
