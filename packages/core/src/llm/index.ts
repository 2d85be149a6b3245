/** @module @focal/core/llm */
export type {
  DefineLanguageModelOptions,
  LanguageModelCompletion,
  LanguageModelCompletionRequest,
} from './define-language-model.ts'
export { defineLanguageModel, repairPrompt } from './define-language-model.ts'
export type { AiSdkCallOptionsLike, AiSdkLanguageModelLike, AiSdkUsageLike } from './from-ai-sdk.ts'
export { fromAiSdk } from './from-ai-sdk.ts'
export type { GeneratedObject } from './generate-object.ts'
export { generateObject } from './generate-object.ts'
export type { CreateModelRolesOptions, ModelRoleIds, ModelRoles, ModelUse } from './model-roles.ts'
export { createModelRoles, resolveModel } from './model-roles.ts'
export type { OpenAICompatibleOptions } from './open-ai-compatible.ts'
export { openAICompatible } from './open-ai-compatible.ts'
export type { JsonOutputParseResult } from './parse-json-output.ts'
export { parseJsonOutput } from './parse-json-output.ts'
export { parseRetryAfter } from './send-with-retries.ts'
export type {
  GenerateOptions,
  GenerateResult,
  LanguageModel,
  LanguageModelMessage,
  LanguageModelUsage,
} from './types.ts'
