/** @module @focal/core/rules */
export { compareRules, type OrderedRule, ruleScopeType } from './compare-rules.ts'
export { createRuleIndex, type RuleIndexOptions } from './create-rule-index.ts'
export type {
  MatchedRule,
  RejectedRule,
  RuleFireRecord,
  RuleIndex,
  RuleRetrieval,
  RuleRetrievalContext,
} from './types.ts'
