import type { FocalDefinition } from '../definition/definition-schema.ts'
import type {
  EnforcementContext,
  EnforcementResult,
  EnforcementRule,
  ScanPattern,
  StreamRedactor,
  VariableBinding,
} from '../enforcement/types.ts'

/** The Lane 1 part the engine uses (the enforcement module's `createEnforcer` result fits). */
export interface ReplyEnforcer {
  check(text: string, context?: EnforcementContext): EnforcementResult
  createStream(context?: EnforcementContext): StreamRedactor
}

/** Id of the built-in global rule that redacts the definition's detectors (cards, SSNs, secrets). */
export const detectorRuleId = 'focal:detectors'
/** Id of the built-in global rule that applies the definition's `safetyPatterns`. */
export const safetyPatternRuleId = 'focal:safety-patterns'

/**
 * The definition's Lane 1 rules as the enforcement module reads them: every rule with `enforce`,
 * plus two global hard-safety rules for the built-in detectors and the safety patterns.
 */
export function toEnforcementRules(definition: FocalDefinition): EnforcementRule[] {
  const rules: EnforcementRule[] = []
  if (definition.settings.detectors.length > 0) {
    rules.push({
      id: detectorRuleId,
      tier: 'hard-safety',
      global: true,
      description: 'Sensitive data (cards, SSNs, secrets) is never shown',
      enforce: { detectors: definition.settings.detectors, onViolation: 'redact' },
    })
  }
  if (definition.safetyPatterns.length > 0) {
    rules.push({
      id: safetyPatternRuleId,
      tier: 'hard-safety',
      global: true,
      description: 'Safety patterns of the definition',
      enforce: {
        patterns: definition.safetyPatterns.map((pattern) => stripUndefined<ScanPattern>(pattern)),
        onViolation: 'redact',
      },
    })
  }
  for (const rule of definition.rules) {
    if (rule.enforce === undefined || !rule.enabled) continue
    const { enforce } = rule
    rules.push({
      id: rule.id,
      tier: rule.tier,
      global: rule.scope === 'global',
      ...(rule.description === undefined ? {} : { description: rule.description }),
      enforce: {
        onViolation: enforce.onViolation,
        ...(enforce.expression === undefined ? {} : { expression: enforce.expression }),
        ...(enforce.bindings === undefined
          ? {}
          : { bindings: enforce.bindings.map((binding) => stripUndefined<VariableBinding>(binding)) }),
        ...(enforce.detectors === undefined ? {} : { detectors: enforce.detectors }),
        ...(enforce.blocklist === undefined ? {} : { blocklist: enforce.blocklist }),
        ...(enforce.patterns === undefined
          ? {}
          : { patterns: enforce.patterns.map((pattern) => stripUndefined<ScanPattern>(pattern)) }),
        ...(enforce.refusal === undefined ? {} : { refusal: enforce.refusal }),
        ...(enforce.maxRegenerations === undefined ? {} : { maxRegenerations: enforce.maxRegenerations }),
      },
    })
  }
  return rules
}

function stripUndefined<Value>(value: object): Value {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Value
}
