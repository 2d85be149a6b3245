/** @module @focal/core/compiler */
export {
  type BuildEnforcementPlanOptions,
  buildEnforcementPlan,
  buildOfflineEnforcementPlan,
} from './build-enforcement-plan.ts'
export { compileCacheKey, compilerVersion } from './compile-cache-key.ts'
export {
  type CompileDefinitionRulesOptions,
  type CompileDefinitionRulesReport,
  compileDefinitionRules,
  formatCompileReport,
} from './compile-definition-rules.ts'
export {
  type CompileGuardrailOptions,
  compileGuardrail,
  compileGuardrailOffline,
  type GuardrailCompilation,
} from './compile-guardrail.ts'
export { type CompileRuleOptions, compileRule } from './compile-rule.ts'
export {
  compileExpressionSystemPrompt,
  expressionOutputSchema,
  generateTestCasesSystemPrompt,
  renderCompilerPrompt,
  testCasesOutputSchema,
} from './compiler-prompts.ts'
export { createMemoryCompileCache } from './create-memory-compile-cache.ts'
export { formatEnforcementPlan } from './format-enforcement-plan.ts'
export {
  compileGuardrailSystemPrompt,
  guardrailCasesOutputSchema,
  guardrailCasesSystemPrompt,
  guardrailFormOutputSchema,
} from './guardrail-prompts.ts'
export type {
  EnforcementPlan,
  PlannedReplyCheck,
  PlannedRule,
  PlannedToolCheck,
} from './plan-types.ts'
export { runRuleTestCases } from './run-rule-test-cases.ts'
export type {
  CachedRuleCompilation,
  CompileCacheStore,
  CompilerRule,
  CompilerToolSchema,
  RuleCompilation,
  RuleTemplateCompiler,
  RuleTestCase,
  RuleTestFailure,
} from './types.ts'
