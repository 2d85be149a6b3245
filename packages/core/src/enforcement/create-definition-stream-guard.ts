import { createStreamRedactor } from './create-stream-redactor.ts'
import { definitionScans } from './definition-scans.ts'
import type { FocalStreamGuard } from './stream-guard.ts'

/**
 * A stream guard from a definition's Lane 1 scanners: items of `refuse`/`escalate` rules block the
 * stream (hard safety), items of `redact` rules are replaced. Text passes the blocking guard first,
 * so a refused item never reaches the redacting one or the client.
 */
export function createDefinitionStreamGuard(definition: string | object): () => FocalStreamGuard {
  const { blocking, redacting } = definitionScans(definition)
  return () => {
    const block = blocking ? createStreamRedactor({ ...blocking, mode: 'block' }) : undefined
    const replace = createStreamRedactor({ ...redacting, mode: 'redact' })
    let stopped = false
    return {
      push(chunk) {
        if (stopped) return ''
        const passed = block ? block.push(chunk) : chunk
        if (block?.blocked() === undefined) return replace.push(passed)
        stopped = true
        return replace.push(passed) + replace.flush()
      },
      flush() {
        if (stopped) return ''
        return replace.push(block ? block.flush() : '') + replace.flush()
      },
      findings: () => [...(block?.findings() ?? []), ...replace.findings()],
      blocked: () => block?.blocked(),
    }
  }
}
