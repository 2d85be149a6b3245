import {
  createDefinitionStreamGuard,
  createDefinitionTextGuard,
  createEnforcer,
  type FocalDefinition,
  FocalError,
  type ReplyEnforcer,
} from '@focal/core'
import { compileEngine, toEnforcementRules } from '@focal/core/engine'
import type { FocalAppServices, FocalEnforceOutcome } from './types.ts'

function fromEnforcer(
  enforcer: ReplyEnforcer,
  { text, mode, ruleIds }: { text: string; mode: 'check' | 'redact'; ruleIds: readonly string[] },
): FocalEnforceOutcome {
  const result = enforcer.check(text, { ruleIds })
  if (result.type === 'allowed') return { type: 'allowed', text: result.text, findings: result.findings }
  if (result.type === 'redacted') {
    const violations = result.violations
    if (mode === 'redact')
      return { type: 'redacted', text: result.text, findings: result.findings, violations }
    return { type: 'blocked', findings: result.findings, violations }
  }
  const refusal = result.type === 'blocked' && result.refusal !== undefined ? { refusal: result.refusal } : {}
  const findings = result.violations.flatMap((violation) => violation.findings ?? [])
  return { type: 'blocked', findings, violations: result.violations, ...refusal }
}

/** Refuses rule ids the definition does not have: a typo must not silently check nothing. */
function checkRuleIds(ruleIds: readonly string[], known: ReadonlySet<string>): void {
  const issues = ruleIds.flatMap((ruleId, index) =>
    known.has(ruleId) ? [] : [{ path: `ruleIds[${index}]`, message: `unknown rule "${ruleId}"` }],
  )
  const first = issues[0]
  if (first) {
    throw new FocalError({ code: 'invalid-request', message: `${first.path}: ${first.message}`, issues })
  }
}

/**
 * The `/v1/parse`, `/v1/enforce` and chat stream-guard services of one definition: the
 * definition's sensor, its Lane 1 enforcer (the one `createEngine` builds by default) and a stream
 * guard over its scanners (refused items block, the rest are redacted), with a whole-text guard
 * that releases clean text after one scan per compiled scanner.
 */
export function createDefinitionServices({
  definition,
  enforcer,
}: {
  definition: FocalDefinition
  enforcer?: ReplyEnforcer | undefined
}): FocalAppServices {
  const { sensor, rulesById } = compileEngine({ definition })
  const rules = toEnforcementRules(definition)
  const knownRuleIds = new Set([...rulesById.keys(), ...rules.map((rule) => rule.id)])
  const checker =
    enforcer ??
    createEnforcer({
      rules,
      refusal: definition.settings.refusalReply,
      masks: definition.settings.redaction,
    })
  const services: FocalAppServices = {
    parse: (text) => sensor.sense(text),
    enforce: (input) => {
      checkRuleIds(input.ruleIds, knownRuleIds)
      return fromEnforcer(checker, input)
    },
    // A custom enforcer streams its own way (and guards whole texts with its own stream).
    createStreamGuard: enforcer ? () => enforcer.createStream() : createDefinitionStreamGuard(definition),
  }
  if (!enforcer) services.guardText = createDefinitionTextGuard(definition, services.createStreamGuard)
  return services
}
