/** @module @focal/core/rules */
export { compareRules, type OrderedRule, ruleScopeType } from './compare-rules.ts'
export { createRuleIndex, type RuleIndexOptions } from './create-rule-index.ts'
export type {
  MatchedRule,
  RejectedRule,
  Rule,
  RuleBinding,
  RuleFireRecord,
  RuleIndex,
  RulePattern,
  RuleReplyCheck,
  RuleRetrieval,
  RuleRetrievalContext,
  RuleScope,
  RuleToolCall,
} from './types.ts'
