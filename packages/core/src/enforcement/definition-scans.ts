import { buildOfflineEnforcementPlan } from '../compiler/build-enforcement-plan.ts'
import type { PlannedReplyCheck } from '../compiler/plan-types.ts'
import { loadDefinition } from '../definition/load-definition.ts'
import type { DetectorId, PartialMasks, ScanOptions, ScanPattern } from './types.ts'

/** A definition's Lane 1 scans, split by what a finding does to a stream. */
export interface DefinitionScans {
  /** Items of `refuse`/`escalate` rules: a finding blocks the stream (undefined when there are none). */
  blocking: ScanOptions | undefined
  /** Items of `redact` rules: findings are replaced. */
  redacting: ScanOptions
  /** The definition's partial masks (`settings.redaction`: "Visa ending 1111"), for the replacing stream. */
  masks?: PartialMasks
}

function mergeScans(checks: readonly PlannedReplyCheck[]): ScanOptions | undefined {
  const detectors = new Set<DetectorId>()
  const blocklist = new Set<string>()
  const patterns: ScanPattern[] = []
  for (const check of checks) {
    for (const detector of check.detectors ?? []) detectors.add(detector)
    for (const word of check.blocklist ?? []) blocklist.add(word)
    patterns.push(...(check.patterns ?? []))
  }
  if (detectors.size + blocklist.size + patterns.length === 0) return undefined
  return { detectors: [...detectors], blocklist: [...blocklist], patterns }
}

/**
 * The blocking and redacting scan options of a definition's Lane 1 reply checks (its offline
 * enforcement plan, the same rules the engine's enforcer reads): this is the stream outcome policy,
 * a finding of a `redact` rule is replaced and any other finding blocks.
 */
export function definitionScans(definition: string | object): DefinitionScans {
  // The reply checks of the plan, as the engine's `toEnforcementRules` reads them (read here so
  // enforcement does not import the engine).
  const loaded = loadDefinition(definition)
  const checks = buildOfflineEnforcementPlan({ definition: loaded }).rules.flatMap((rule) =>
    rule.lane1?.target === 'reply' ? [rule.lane1] : [],
  )
  const masks = loaded.settings.redaction
  return {
    blocking: mergeScans(checks.filter((check) => check.onViolation !== 'redact')),
    redacting: mergeScans(checks.filter((check) => check.onViolation === 'redact')) ?? { detectors: [] },
    ...(Object.keys(masks).length === 0 ? {} : { masks }),
  }
}
