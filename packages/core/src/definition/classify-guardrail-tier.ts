import type { DefinitionRuleTier } from './definition-schema.ts'
import { explainGuardrailTier } from './explain-guardrail-tier.ts'

/**
 * Seed 004 §1 auto-classification of a free-text guardrail: privacy, secrets, destructive actions,
 * money caps, regulated advice and security are hard-safety; workflow order, verification,
 * approvals and evidence are process; tone and format are style. The tier of
 * {@link explainGuardrailTier}, which also gives the confidence and deciding cues.
 */
export function classifyGuardrailTier(text: string): DefinitionRuleTier {
  return explainGuardrailTier(text).tier
}
