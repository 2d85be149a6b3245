import { canonicalJson } from '../ledger/canonical-json.ts'
import type { CompilerToolSchema } from './types.ts'

/** Bumped when the compiler prompts or contract change, so old cache entries stop matching. */
export const compilerVersion = 1

const encoder = new TextEncoder()

/**
 * The cache key of a compilation: hex SHA-256 (Web Crypto) of the canonical JSON of the rule text,
 * the tool schemas (sorted by id), the model id and any `context`.
 */
export async function compileCacheKey(
  rule: string,
  tools: readonly CompilerToolSchema[],
  modelId: string,
  /** More inputs the compilation depends on (the kind of compilation, the business it serves). */
  context?: Record<string, string>,
): Promise<string> {
  const sortedTools = [...tools].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  const content = canonicalJson({
    compilerVersion,
    rule,
    tools: sortedTools,
    modelId,
    ...(context === undefined ? {} : { context }),
  })
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(content))
  let hex = ''
  for (const byte of new Uint8Array(digest)) hex += byte.toString(16).padStart(2, '0')
  return hex
}
