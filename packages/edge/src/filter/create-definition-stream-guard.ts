import {
  createStreamRedactor,
  type DetectorId,
  type EnforcementRule,
  loadDefinition,
  type ScanOptions,
  type ScanPattern,
  toEnforcementRules,
} from '@focal/core'
import type { FocalStreamGuard } from './stream-guard.ts'

function mergeScans(rules: readonly EnforcementRule[]): ScanOptions | undefined {
  const detectors = new Set<DetectorId>()
  const blocklist = new Set<string>()
  const patterns: ScanPattern[] = []
  for (const { enforce } of rules) {
    for (const detector of enforce.detectors ?? []) detectors.add(detector)
    for (const word of enforce.blocklist ?? []) blocklist.add(word)
    patterns.push(...(enforce.patterns ?? []))
  }
  if (detectors.size + blocklist.size + patterns.length === 0) return undefined
  return { detectors: [...detectors], blocklist: [...blocklist], patterns }
}

/**
 * A stream guard from a definition's Lane 1 scanners: items of `refuse`/`escalate` rules block the
 * stream (hard safety), items of `redact` rules are replaced. Text passes the blocking guard first,
 * so a refused item never reaches the redacting one or the client.
 */
export function createDefinitionStreamGuard(definition: string | object): () => FocalStreamGuard {
  const rules = toEnforcementRules(loadDefinition(definition))
  const blocking = mergeScans(rules.filter((rule) => rule.enforce.onViolation !== 'redact'))
  const redacting = mergeScans(rules.filter((rule) => rule.enforce.onViolation === 'redact')) ?? {
    detectors: [],
  }
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
