import { existsSync, readFileSync } from 'node:fs'
import { type CachedRuleCompilation, createMemoryCompileCache } from '@focal/core/compiler'
import { type LanguageModel, openAICompatible } from '@focal/core/llm'

/** The compile cache kept in a JSON file (empty when the file does not exist yet). */
export function readCompileCache(path: string) {
  return createMemoryCompileCache(
    existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, CachedRuleCompilation>) : {},
  )
}

/**
 * The compiler model from FOCAL_COMPILER_BASE_URL / FOCAL_COMPILER_MODEL / FOCAL_COMPILER_API_KEY,
 * or undefined (offline templates only).
 */
export function compilerModelFromEnvironment(): LanguageModel | undefined {
  const baseURL = process.env.FOCAL_COMPILER_BASE_URL
  const modelId = process.env.FOCAL_COMPILER_MODEL
  if (!baseURL || !modelId) return undefined
  const apiKey = process.env.FOCAL_COMPILER_API_KEY
  return openAICompatible({ baseURL, model: modelId, ...(apiKey ? { apiKey } : {}) })
}
