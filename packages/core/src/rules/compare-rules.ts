import type { Rule } from './types.ts'

const tierRank = { 'hard-safety': 0, process: 1, style: 2 } as const
const scopeRank = { step: 0, scenario: 1, global: 2 } as const

/** A rule with its declaration position (the last tie-break). */
export interface OrderedRule {
  rule: Rule
  /** Position in the definition's `rules` list. */
  index: number
}

/**
 * The total order of retrieved rules: priority (high first), then tier (hard-safety, process,
 * style), then the narrower scope (step, scenario, global), then declaration order. No two rules
 * compare equal, so the order is the same on every run.
 */
export function compareRules(left: OrderedRule, right: OrderedRule): number {
  return (
    right.rule.priority - left.rule.priority ||
    tierRank[left.rule.tier] - tierRank[right.rule.tier] ||
    scopeRank[ruleScopeType(left.rule)] - scopeRank[ruleScopeType(right.rule)] ||
    left.index - right.index
  )
}

/** `global`, `scenario` or `step`, from a rule's scope. */
export function ruleScopeType(rule: Rule): 'global' | 'scenario' | 'step' {
  if (rule.scope === 'global') return 'global'
  return rule.scope.step === undefined ? 'scenario' : 'step'
}
