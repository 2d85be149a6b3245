import { compileExpression } from '../enforcement/compile-expression.ts'
import { compileRuleTemplate } from '../enforcement/compile-rule-template.ts'
import type { RuleTier } from '../enforcement/types.ts'
import { FocalError } from '../errors/index.ts'
import { generateObject } from '../llm/generate-object.ts'
import type { LanguageModel } from '../llm/index.ts'
import { compileCacheKey } from './compile-cache-key.ts'
import {
  compileExpressionSystemPrompt,
  expressionOutputSchema,
  generateTestCasesSystemPrompt,
  renderCompilerPrompt,
  testCasesOutputSchema,
} from './compiler-prompts.ts'
import { runRuleTestCases } from './run-rule-test-cases.ts'
import type {
  CachedRuleCompilation,
  CompileCacheStore,
  CompilerRule,
  CompilerToolSchema,
  RuleCompilation,
  RuleTemplateCompiler,
  RuleTestCase,
} from './types.ts'

/** Options of {@link compileRule}. */
export interface CompileRuleOptions {
  /** The rule, or just its text (id then defaults to `rule`). */
  rule: CompilerRule | string
  /** Tools the rule may refer to, with input schemas. @default [] */
  tools?: readonly CompilerToolSchema[]
  /** The compiler model (`resolveModel(roles, 'compiler')`); without one, non-template rules fall back. @default undefined */
  model?: LanguageModel
  /** Cache keyed by SHA-256 of (rule, tool schemas, model id). @default no cache */
  cache?: CompileCacheStore
  /** Offline templates tried first; `false` skips them. @default compileRuleTemplate (Lane 1's seed 004 §7 v1 templates) */
  templates?: RuleTemplateCompiler | false
  signal?: AbortSignal
}

/**
 * Compiles a free-text rule (seed 004 §7, CEL instead of JavaScript): offline templates first;
 * else the model writes a CEL expression and, in a separate call, test cases; the expression is
 * accepted only if it compiles and passes every case, otherwise the rule falls back to Lane 2
 * text judgment. Model results (compiled or fallback) are cached, so bootstrap compiles once.
 * Model failures (timeouts, rate limits) also fall back, uncached, so a later boot retries.
 *
 * @example
 * const result = await compileRule({ rule: 'Refunds over $500 need supervisor approval', tools, model, cache })
 * if (result.type === 'compiled') policy.requiresApproval = result.expression
 */
export async function compileRule(options: CompileRuleOptions): Promise<RuleCompilation> {
  const rule = typeof options.rule === 'string' ? { id: 'rule', text: options.rule } : options.rule
  if (typeof rule.text !== 'string' || rule.text.trim() === '') {
    throw new FocalError({
      code: 'invalid-argument',
      message: `rule "${rule.id}": text is empty`,
      issues: [{ path: 'rule.text', message: 'empty' }],
    })
  }
  const templates = options.templates ?? compileRuleTemplate
  const template = templates === false ? undefined : templates(rule.text)
  if (template !== undefined) return { type: 'template', rule, template }
  const { model, cache, tools = [] } = options
  if (model === undefined)
    return fallback(rule, {
      reason: 'no template matched and no compiler model is configured',
      failures: [],
      cached: false,
    })
  const cacheKey = await compileCacheKey(rule.text, tools, model.modelId)
  const hit = await cache?.get(cacheKey)
  if (hit !== undefined && hit.type !== 'guardrail') return fromCached(rule, hit, cacheKey)
  let computed: Exclude<CachedRuleCompilation, { type: 'guardrail' }>
  try {
    computed = await compileWithModel(rule.text, tools, model, options.signal)
  } catch (error) {
    if (!FocalError.isInstance(error) || error.code === 'aborted') throw error
    return fallback(rule, {
      reason: `compiler model failed: ${error.code}`,
      failures: [],
      cached: false,
      modelId: model.modelId,
      cacheKey,
    })
  }
  await cache?.set(cacheKey, computed)
  return fromCached(rule, computed, cacheKey, false)
}

async function compileWithModel(
  text: string,
  tools: readonly CompilerToolSchema[],
  model: LanguageModel,
  signal: AbortSignal | undefined,
): Promise<Exclude<CachedRuleCompilation, { type: 'guardrail' }>> {
  const prompt = [{ role: 'user' as const, content: renderCompilerPrompt(text, tools) }]
  const withSignal = signal === undefined ? {} : { signal }
  const expressionResult = await generateObject(model, {
    system: compileExpressionSystemPrompt,
    messages: prompt,
    schema: expressionOutputSchema,
    ...withSignal,
  })
  const casesResult = await generateObject(model, {
    system: generateTestCasesSystemPrompt,
    messages: prompt,
    schema: testCasesOutputSchema,
    ...withSignal,
  })
  const expression = expressionResult.object.expression.trim()
  const testCases: RuleTestCase[] = casesResult.object.test_cases.map(({ input, should_trigger, why }) =>
    why === undefined
      ? { input, shouldTrigger: should_trigger }
      : { input, shouldTrigger: should_trigger, why },
  )
  const modelId = model.modelId
  if (
    !testCases.some((testCase) => testCase.shouldTrigger) ||
    !testCases.some((testCase) => !testCase.shouldTrigger)
  ) {
    return {
      type: 'fallback',
      reason: 'generated test cases do not cover both outcomes',
      failures: [],
      modelId,
    }
  }
  let compiled: ReturnType<typeof compileExpression>
  try {
    compiled = compileExpression(expression, { path: 'compiled expression' })
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    return { type: 'fallback', reason: `expression does not compile: ${message}`, failures: [], modelId }
  }
  const failures = runRuleTestCases(compiled, testCases)
  if (failures.length > 0) {
    return {
      type: 'fallback',
      reason: `expression failed ${failures.length} of ${testCases.length} test cases`,
      failures,
      modelId,
    }
  }
  return { type: 'compiled', expression, testCases, modelId }
}

function fromCached(
  rule: CompilerRule,
  entry: Exclude<CachedRuleCompilation, { type: 'guardrail' }>,
  cacheKey: string,
  cached = true,
): RuleCompilation {
  if (entry.type === 'compiled') return { ...entry, rule, cacheKey, cached }
  return fallback(rule, {
    reason: entry.reason,
    failures: entry.failures,
    cached,
    modelId: entry.modelId,
    cacheKey,
  })
}

function fallback(
  rule: CompilerRule,
  details: Omit<Extract<RuleCompilation, { type: 'fallback' }>, 'type' | 'rule' | 'lane2Rule'>,
): RuleCompilation {
  const tier: RuleTier = rule.tier ?? 'process'
  return {
    type: 'fallback',
    rule,
    ...details,
    lane2Rule: { id: rule.id, tier, rubric: rule.text, subjective: true },
  }
}
