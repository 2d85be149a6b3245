import type { CompileCacheStore } from '@focal/core'
import type { CachedRuleCompilation } from '@focal/core/compiler'

/** The part of a Workers KV namespace the compile cache uses. */
export interface FocalKvNamespace {
  get(key: string, type: 'json'): Promise<unknown>
  put(key: string, value: string): Promise<void>
}

/** Options of {@link createKvCompileCache}. */
export interface KvCompileCacheOptions {
  namespace: FocalKvNamespace
  /** Key prefix, so one namespace can serve several uses. @default 'focal:compile:' */
  prefix?: string
}

/**
 * Guardrail compilations in a Workers KV namespace, keyed by content hash: an isolate that starts
 * cold over a definition compiled before makes no model call. Entries are immutable (the key is
 * the hash of what produced them), so KV's eventual consistency is harmless: a miss only costs one
 * compilation.
 *
 * @example
 * export default serveFocal((env: Env) => ({ definition, model, compileCache: createKvCompileCache({ namespace: env.FOCAL_COMPILE_CACHE }) }))
 */
export function createKvCompileCache({
  namespace,
  prefix = 'focal:compile:',
}: KvCompileCacheOptions): CompileCacheStore {
  return {
    async get(key) {
      const value = await namespace.get(`${prefix}${key}`, 'json')
      return isEntry(value) ? value : undefined
    },
    async set(key, value) {
      await namespace.put(`${prefix}${key}`, JSON.stringify(value))
    },
  }
}

/** A stored value is used only when it has an entry's shape; anything else is a miss. */
function isEntry(value: unknown): value is CachedRuleCompilation {
  if (typeof value !== 'object' || value === null) return false
  const { type, modelId } = value as { type?: unknown; modelId?: unknown }
  return (type === 'compiled' || type === 'fallback' || type === 'guardrail') && typeof modelId === 'string'
}
