import type { CachedRuleCompilation, CompileCacheStore } from './types.ts'

/**
 * An in-memory {@link CompileCacheStore}; seed it with `entries` (e.g. a JSON file read at boot).
 *
 * @example
 * const cache = createMemoryCompileCache()
 * await compileRule({ rule, model, cache }) // the second call with the same inputs makes no model call
 */
export function createMemoryCompileCache(
  entries: Record<string, CachedRuleCompilation> = {},
): CompileCacheStore & { entries(): Record<string, CachedRuleCompilation> } {
  const map = new Map(Object.entries(entries))
  return {
    get: (key) => map.get(key),
    set: (key, value) => {
      map.set(key, value)
    },
    entries: () => Object.fromEntries(map),
  }
}
