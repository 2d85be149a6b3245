import { buildOfflineEnforcementPlan } from '../compiler/build-enforcement-plan.ts'
import type { EnforcementPlan } from '../compiler/plan-types.ts'
import type { FocalDefinition } from '../definition/definition-schema.ts'
import type { Lane2Rule } from '../enforcement/lane2/types.ts'
import type {
  DraftJudge,
  EnforcementContext,
  EnforcementResult,
  EnforcementRule,
  StreamRedactor,
  ToolPolicy,
} from '../enforcement/types.ts'

export { detectorRuleId, safetyPatternRuleId } from '../compiler/build-enforcement-plan.ts'

/** The Lane 1 part the engine uses (the enforcement module's `createEnforcer` result fits). */
export interface ReplyEnforcer {
  check(text: string, context?: EnforcementContext): EnforcementResult
  createStream(context?: EnforcementContext): StreamRedactor
  /**
   * How the hard-safety expression rules judge a draft while it is written. Without it, a turn in
   * scope of such a rule is held until checked.
   */
  createDraftJudge?(context?: EnforcementContext): DraftJudge
}

/**
 * How a live draft is judged by the hard-safety expression rules in play: the enforcer's own
 * judge, or, for an enforcer that has none, the draft held whenever the plan has such a rule in
 * scope (fail closed).
 */
export function draftJudgeOf(
  enforcer: ReplyEnforcer | undefined,
  plan: EnforcementPlan,
  context: EnforcementContext,
): DraftJudge {
  if (enforcer === undefined) return { type: 'streamed' }
  if (enforcer.createDraftJudge !== undefined) return enforcer.createDraftJudge(context)
  const ids = context.ruleIds === undefined ? undefined : new Set(context.ruleIds)
  const held = plan.rules.filter(
    (rule) =>
      rule.tier === 'hard-safety' &&
      rule.lane1?.target === 'reply' &&
      rule.lane1.expression !== undefined &&
      (ids === undefined || rule.scope === 'global' || ids.has(rule.id)),
  )
  return held.length === 0 ? { type: 'streamed' } : { type: 'held', ruleIds: held.map((rule) => rule.id) }
}

/**
 * The Lane 1 reply checks of an enforcement plan as the enforcement module reads them: the
 * built-in detectors and safety patterns, compiled guardrails (global) and authored `enforce` blocks.
 */
export function planEnforcementRules(plan: EnforcementPlan): EnforcementRule[] {
  return plan.rules.flatMap((rule): EnforcementRule[] => {
    if (rule.lane1?.target !== 'reply') return []
    const { target: _target, ...enforce } = rule.lane1
    return [
      {
        id: rule.id,
        tier: rule.tier,
        global: rule.scope === 'global',
        description: rule.text,
        enforce,
      },
    ]
  })
}

/**
 * The definition's Lane 1 rules with no model: its `enforce` blocks, the built-in detectors and
 * safety patterns, and the guardrails the offline templates can check (card numbers, named terms).
 */
export function toEnforcementRules(definition: FocalDefinition): EnforcementRule[] {
  return planEnforcementRules(buildOfflineEnforcementPlan({ definition }))
}

/**
 * The plan's Lane 2 rules judged on every reply in scope (guardrails with no exhaustive Lane 1
 * check, hard-safety rubrics): never gated on the user's words.
 */
export function everyReplyLane2Rules(
  plan: EnforcementPlan,
  scenario: string | null,
  step: string | null,
): Lane2Rule[] {
  const rules: Lane2Rule[] = []
  for (const rule of plan.rules) {
    if (rule.lane2?.runs !== 'every-reply') continue
    const { scope } = rule
    const inScope =
      scope === 'global' || (scope.scenario === scenario && (scope.step === undefined || scope.step === step))
    if (inScope) rules.push({ id: rule.id, tier: rule.tier, rubric: rule.lane2.rubric })
  }
  return rules
}

/**
 * The definition's tool policies with the plan's tool-call checks folded in: a `block` check
 * narrows the allowed condition, an `approval` check widens the approval condition.
 */
export function planToolPolicies(policies: readonly ToolPolicy[], plan: EnforcementPlan): ToolPolicy[] {
  const byId = new Map(policies.map((policy) => [policy.id, { ...policy }]))
  for (const rule of plan.rules) {
    if (rule.lane1?.target !== 'tool-call') continue
    const { tool, expression, effect } = rule.lane1
    const policy = byId.get(tool) ?? { id: tool, allowed: 'always' as const }
    if (effect === 'block') {
      if (expression === 'true') policy.allowed = 'never'
      else if (policy.allowed !== 'never') {
        const allowedWhen = `!(${expression})`
        policy.condition =
          policy.condition === undefined ? allowedWhen : `(${policy.condition}) && ${allowedWhen}`
        policy.allowed = 'conditional'
      }
    } else {
      policy.requiresApproval =
        policy.requiresApproval === undefined ? expression : `(${policy.requiresApproval}) || (${expression})`
      policy.approval ??= { defaultAction: 'reject' }
    }
    byId.set(tool, policy)
  }
  return [...byId.values()]
}
