import type { DefinitionRuleTier } from './definition-schema.ts'

const hardSafety =
  /\b(card|payment|credit|ssn|social security|password|secret|token|api key|credential|pii|personal data|private|delete|destroy|drop|wipe|bank|account number|medical|diagnos)/iu
const processCue =
  /\b(verify|verif|before|after|first|confirm|approval|approve|authenticate|identity|log|record|escalate|refund|limit|cap|never exceed|at most|no more than|check)/iu

/**
 * Seed 004 §1 auto-classification of a free-text guardrail: privacy, secrets and destructive
 * actions are hard-safety; workflow and evidence rules are process; the rest is style.
 */
export function classifyGuardrailTier(text: string): DefinitionRuleTier {
  if (hardSafety.test(text)) return 'hard-safety'
  if (processCue.test(text)) return 'process'
  return 'style'
}
