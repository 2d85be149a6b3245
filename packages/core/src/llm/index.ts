/** @module @focal/core/llm */
export type {
  GenerateOptions,
  GenerateResult,
  LanguageModel,
  LanguageModelMessage,
  LanguageModelUsage,
} from './types.ts'
