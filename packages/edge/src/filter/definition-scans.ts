import {
  type DetectorId,
  type EnforcementRule,
  loadDefinition,
  type ScanOptions,
  type ScanPattern,
  toEnforcementRules,
} from '@focal/core'

/** A definition's Lane 1 scans, split by what a finding does to a stream. */
export interface DefinitionScans {
  /** Items of `refuse`/`escalate` rules: a finding blocks the stream (undefined when there are none). */
  blocking: ScanOptions | undefined
  /** Items of `redact` rules: findings are replaced. */
  redacting: ScanOptions
}

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

/** The blocking and redacting scan options of a definition's Lane 1 rules. */
export function definitionScans(definition: string | object): DefinitionScans {
  const rules = toEnforcementRules(loadDefinition(definition))
  return {
    blocking: mergeScans(rules.filter((rule) => rule.enforce.onViolation !== 'redact')),
    redacting: mergeScans(rules.filter((rule) => rule.enforce.onViolation === 'redact')) ?? { detectors: [] },
  }
}
