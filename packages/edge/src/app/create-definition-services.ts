import {
  compileEngine,
  createStreamRedactor,
  type FocalDefinition,
  type ReplyEnforcer,
  redact,
  type ScanOptions,
  type ScanPattern,
  scanText,
} from '@focal/core'
import type { FocalAppServices, FocalEnforceOutcome } from './types.ts'

/** The scanners a definition turns on: its detectors, safety patterns and rule blocklists. */
function scanOptionsOf(definition: FocalDefinition): ScanOptions {
  const patterns = definition.safetyPatterns.map(
    (pattern) =>
      Object.fromEntries(
        Object.entries(pattern).filter(([, value]) => value !== undefined),
      ) as unknown as ScanPattern,
  )
  const blocklist = definition.rules.flatMap((rule) => (rule.enabled ? (rule.enforce?.blocklist ?? []) : []))
  return { detectors: definition.settings.detectors, patterns, blocklist }
}

function fromEnforcer(enforcer: ReplyEnforcer, text: string, mode: 'check' | 'redact'): FocalEnforceOutcome {
  const result = enforcer.check(text)
  if (result.type === 'allowed') return { type: 'allowed', text: result.text, findings: result.findings }
  if (result.type === 'redacted') {
    const violations = result.violations
    if (mode === 'redact')
      return { type: 'redacted', text: result.text, findings: result.findings, violations }
    return { type: 'blocked', findings: result.findings, violations }
  }
  return { type: 'blocked', findings: [], violations: result.violations }
}

/**
 * The `/v1/parse`, `/v1/enforce` and chat stream-guard services of one definition: the
 * definition's sensor, and its Lane 1 enforcer when given (otherwise its scanners).
 */
export function createDefinitionServices({
  definition,
  enforcer,
}: {
  definition: FocalDefinition
  enforcer?: ReplyEnforcer | undefined
}): FocalAppServices {
  const scanOptions = scanOptionsOf(definition)
  const { sensor } = compileEngine({ definition })
  return {
    parse: (text) => sensor.sense(text),
    enforce({ text, mode }) {
      if (enforcer) return fromEnforcer(enforcer, text, mode)
      const findings = scanText(text, scanOptions)
      if (findings.length === 0) return { type: 'allowed', text, findings }
      if (mode === 'redact')
        return { type: 'redacted', text: redact(text, findings, 'placeholder'), findings }
      return { type: 'blocked', findings }
    },
    createStreamGuard: () => enforcer?.createStream() ?? createStreamRedactor(scanOptions),
  }
}
