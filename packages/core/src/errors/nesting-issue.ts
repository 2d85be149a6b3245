import type { FocalIssue } from './focal-error.ts'

/**
 * The first place where `value` (parsed JSON, or any plain data) nests deeper than `maxDepth`
 * objects and arrays, as a located issue (`contract.extra[0][0]…`), or undefined. Walked without
 * recursion, so a value of any depth is checked without exhausting the stack: data nested deeper
 * than any real request would be stored and could not be read back (a deep copy or a JSON
 * serialisation of it overflows the stack).
 */
export function nestingIssue(value: unknown, maxDepth: number, path = ''): FocalIssue | undefined {
  const pending: Array<{ value: unknown; depth: number; path: string }> = [{ value, depth: 0, path }]
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (typeof next.value !== 'object' || next.value === null) continue
    if (next.depth >= maxDepth)
      return {
        path: next.path || 'body',
        message: `nested deeper than ${maxDepth} levels of objects and arrays`,
      }
    if (Array.isArray(next.value)) {
      for (let index = next.value.length - 1; index >= 0; index--)
        pending.push({ value: next.value[index], depth: next.depth + 1, path: `${next.path}[${index}]` })
    } else {
      const entries = Object.entries(next.value)
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, child] = entries[index] as [string, unknown]
        pending.push({ value: child, depth: next.depth + 1, path: next.path ? `${next.path}.${key}` : key })
      }
    }
  }
  return undefined
}
