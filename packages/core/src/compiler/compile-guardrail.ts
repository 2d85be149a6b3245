import { compileExpression } from '../enforcement/compile-expression.ts'
import { compileRuleTemplate } from '../enforcement/compile-rule-template.ts'
import { createEnforcer } from '../enforcement/create-enforcer.ts'
import type { CompiledRuleTemplate, RuleTier, VariableBinding } from '../enforcement/types.ts'
import { FocalError } from '../errors/focal-error.ts'
import { generateObject } from '../llm/generate-object.ts'
import type { LanguageModel } from '../llm/types.ts'
import { compileCacheKey } from './compile-cache-key.ts'
import {
  compileGuardrailSystemPrompt,
  type GuardrailCasesOutput,
  type GuardrailFormOutput,
  guardrailCasesOutputSchema,
  guardrailCasesSystemPrompt,
  guardrailFormOutputSchema,
  renderGuardrailPrompt,
} from './guardrail-prompts.ts'
import type { PlannedReplyCheck, PlannedToolCheck } from './plan-types.ts'
import type { CachedRuleCompilation, CompileCacheStore, CompilerToolSchema } from './types.ts'

/** Options of {@link compileGuardrail}. */
export interface CompileGuardrailOptions {
  /** The whole rule in words: "Never mention or compare with competitors." */
  text: string
  /** What the agent is for (the definition's description), so "competitors" can be named. */
  business: string
  tools: readonly CompilerToolSchema[]
  /** The offline tier classifier, used when no model compiles. */
  classify: (text: string) => RuleTier
  model?: LanguageModel
  cache?: CompileCacheStore
  signal?: AbortSignal
}

/** One guardrail compiled: tier, check (if any) and how it was obtained. */
export interface GuardrailCompilation {
  tier: RuleTier
  tierFrom: 'model' | 'classifier'
  check?: PlannedReplyCheck | PlannedToolCheck
  from: 'template' | 'model' | 'none'
  note: string
  cached: boolean
  modelId?: string
  /** Model calls made (0 offline or on a cache hit). */
  modelCalls: number
}

/**
 * Compiles one free-text guardrail (seed 004 §7 v2): with a model, two calls (the check and its
 * tier; independent test cases), accepted only when the check passes every case, cached by content
 * hash; the offline templates are only the fallback when no model is configured or it fails. A
 * rule with no check left is judged in text by Lane 2 (the plan decides when).
 */
export async function compileGuardrail(options: CompileGuardrailOptions): Promise<GuardrailCompilation> {
  const { model, cache, text } = options
  if (model === undefined) return compileGuardrailOffline(options)
  const cacheKey = await compileCacheKey(text, options.tools, model.modelId, {
    kind: 'guardrail',
    business: options.business,
  })
  const hit = await cache?.get(cacheKey)
  // A cache is outside the process (a KV namespace): its check is validated again before use.
  if (hit?.type === 'guardrail') return fromEntry(revalidated(hit), true, 0)
  let entry: Extract<CachedRuleCompilation, { type: 'guardrail' }>
  try {
    entry = await compileWithModel(options, model)
  } catch (error) {
    if (!FocalError.isInstance(error) || error.code === 'aborted') throw error
    // Not cached: a later boot retries the model.
    return compileGuardrailOffline(options, `compiler model failed (${error.code})`)
  }
  await cache?.set(cacheKey, entry)
  return fromEntry(entry, false, 2)
}

function fromEntry(
  entry: Extract<CachedRuleCompilation, { type: 'guardrail' }>,
  cached: boolean,
  modelCalls: number,
): GuardrailCompilation {
  return {
    tier: entry.tier,
    tierFrom: 'model',
    ...(entry.check === undefined ? {} : { check: entry.check }),
    from: entry.check === undefined ? 'none' : 'model',
    note: entry.reason,
    cached,
    modelId: entry.modelId,
    modelCalls,
  }
}

async function compileWithModel(
  options: CompileGuardrailOptions,
  model: LanguageModel,
): Promise<Extract<CachedRuleCompilation, { type: 'guardrail' }>> {
  const content = renderGuardrailPrompt(options.text, options.business, options.tools)
  const messages = [{ role: 'user' as const, content }]
  const signal = options.signal === undefined ? {} : { signal: options.signal }
  const form = (
    await generateObject(model, {
      system: compileGuardrailSystemPrompt,
      messages,
      schema: guardrailFormOutputSchema,
      ...signal,
    })
  ).object
  const cases = (
    await generateObject(model, {
      system: guardrailCasesSystemPrompt,
      messages,
      schema: guardrailCasesOutputSchema,
      ...signal,
    })
  ).object
  const base = { type: 'guardrail' as const, tier: form.tier, modelId: model.modelId }
  if (form.target === 'none')
    return { ...base, reason: 'the model found no mechanical check: judged in text by Lane 2' }
  const built = buildCheck(form, options.tools)
  if (typeof built === 'string') return { ...base, reason: `compiled check rejected: ${built}` }
  const failed = runCases(built, form.tier, cases)
  if (failed !== undefined) return { ...base, reason: failed }
  const count = built.target === 'reply' ? cases.replies.length : cases.tool_calls.length
  return {
    ...base,
    check: built,
    reason: `compiled by ${model.modelId}; passed ${count} generated test cases`,
  }
}

/** A cached entry whose check no longer loads (unsafe regex, bad CEL) is judged by Lane 2 instead. */
function revalidated(
  entry: Extract<CachedRuleCompilation, { type: 'guardrail' }>,
): Extract<CachedRuleCompilation, { type: 'guardrail' }> {
  const { check } = entry
  if (check === undefined) return entry
  try {
    if (check.target === 'tool-call') compileExpression(check.expression, { path: 'cached expression' })
    else {
      const { target: _target, ...enforce } = check
      createEnforcer({ rules: [{ id: 'cached', tier: entry.tier, global: true, enforce }] })
    }
    return entry
  } catch (error) {
    const { check: _dropped, ...rest } = entry
    const why = error instanceof Error ? error.message : String(error)
    return { ...rest, reason: `cached check rejected (${why}): judged in text by Lane 2` }
  }
}

/** The model's form as a plan check, or why it cannot be one. */
function buildCheck(
  form: GuardrailFormOutput,
  tools: readonly CompilerToolSchema[],
): PlannedReplyCheck | PlannedToolCheck | string {
  if (form.target === 'tool-call') {
    if (form.tool === undefined || form.expression === undefined || form.effect === undefined)
      return 'a tool-call check needs tool, expression and effect'
    if (tools.length > 0 && !tools.some((tool) => tool.id === form.tool)) return `unknown tool "${form.tool}"`
    return { target: 'tool-call', tool: form.tool, expression: form.expression, effect: form.effect }
  }
  const check: PlannedReplyCheck = {
    target: 'reply',
    onViolation: form.detectors !== undefined && form.detectors.length > 0 ? 'redact' : 'regenerate',
  }
  if (form.blocklist !== undefined && form.blocklist.length > 0) check.blocklist = form.blocklist
  if (form.patterns !== undefined && form.patterns.length > 0) check.patterns = form.patterns
  if (form.detectors !== undefined && form.detectors.length > 0) check.detectors = form.detectors
  if (form.expression !== undefined) {
    check.expression = form.expression
    check.bindings = (form.bindings ?? []).map(
      (binding): VariableBinding => ({
        name: binding.name,
        kind: binding.kind,
        pick: 'max',
        ...(binding.label === undefined ? {} : { label: binding.label }),
      }),
    )
  }
  const { blocklist, patterns, detectors, expression } = check
  if (
    blocklist === undefined &&
    patterns === undefined &&
    detectors === undefined &&
    expression === undefined
  )
    return 'a reply check needs a blocklist, patterns, detectors or an expression'
  return check
}

/** Runs the generated cases against the check; undefined when all pass. */
function runCases(
  check: PlannedReplyCheck | PlannedToolCheck,
  tier: RuleTier,
  cases: GuardrailCasesOutput,
): string | undefined {
  const outcomes: Array<{ violates: boolean; got: boolean | string }> = []
  try {
    if (check.target === 'reply') {
      const { target: _target, onViolation: _action, ...enforce } = check
      const enforcer = createEnforcer({
        rules: [{ id: 'candidate', tier, global: true, enforce: { ...enforce, onViolation: 'refuse' } }],
      })
      for (const reply of cases.replies)
        outcomes.push({ violates: reply.violates, got: enforcer.check(reply.text).type !== 'allowed' })
    } else {
      const expression = compileExpression(check.expression, { path: 'compiled expression' })
      for (const call of cases.tool_calls) {
        const outcome = expression.evaluate({ tool: call.tool, args: call.args })
        outcomes.push({
          violates: call.violates,
          got: outcome.type === 'value' && typeof outcome.value === 'boolean' ? outcome.value : 'error',
        })
      }
    }
  } catch (error) {
    return `compiled check rejected: ${error instanceof Error ? error.message : String(error)}`
  }
  if (!outcomes.some((outcome) => outcome.violates) || !outcomes.some((outcome) => !outcome.violates))
    return 'generated test cases do not cover both outcomes: judged in text by Lane 2'
  const failures = outcomes.filter((outcome) => outcome.got !== outcome.violates).length
  return failures === 0
    ? undefined
    : `compiled check failed ${failures} of ${outcomes.length} generated test cases: judged in text by Lane 2`
}

/** The offline path of {@link compileGuardrail}: the tier classifier and the seed 004 §7 v1 templates. */
export function compileGuardrailOffline(
  options: Pick<CompileGuardrailOptions, 'text' | 'tools' | 'classify'>,
  why = 'no compiler model is configured',
): GuardrailCompilation {
  const tier = options.classify(options.text)
  const base = { tier, tierFrom: 'classifier' as const, cached: false, modelCalls: 0 }
  const template = compileRuleTemplate(options.text)
  const check = template === undefined ? undefined : fromTemplate(template, options.tools)
  if (check === undefined) return { ...base, from: 'none', note: `no template matched (${why})` }
  return {
    ...base,
    // A named detector (card numbers, secrets) is hard safety whatever the classifier says.
    tier: check.target === 'reply' && check.detectors !== undefined ? 'hard-safety' : tier,
    check,
    from: 'template',
    note: `offline template "${template!.kind}" (${why})`,
  }
}

const celWords = new Set(['true', 'false', 'null', 'in', 'has', 'size', 'args', 'session', 'tool'])

function fromTemplate(
  template: CompiledRuleTemplate,
  tools: readonly CompilerToolSchema[],
): PlannedReplyCheck | PlannedToolCheck | undefined {
  if (template.kind === 'never-mention' && template.scan !== undefined) {
    const { detectors, blocklist } = template.scan
    if (detectors !== undefined && detectors.length > 0)
      return { target: 'reply', detectors: [...detectors], onViolation: 'redact' }
    if (blocklist !== undefined && blocklist.length > 0)
      return { target: 'reply', blocklist: [...blocklist], onViolation: 'regenerate' }
    return undefined
  }
  if (template.kind === 'threshold' && template.expression !== undefined) {
    const names = [...new Set(template.expression.match(/[A-Za-z_]\w*/gu) ?? [])].filter(
      (name) => !celWords.has(name),
    )
    const bindings = names.map(
      (name): VariableBinding => ({
        name,
        kind: /amount|price|cost|total|fee|refund|charge/iu.test(name) ? 'money' : 'number',
        pick: 'max',
      }),
    )
    return {
      target: 'reply',
      expression: template.expression,
      bindings: template.bindings ?? bindings,
      onViolation: 'regenerate',
    }
  }
  if (template.tool === undefined) return undefined
  const wanted = template.tool.id
  const tool =
    tools.find((candidate) => candidate.id === wanted) ??
    tools.find((candidate) => candidate.id.includes(wanted) || wanted.includes(candidate.id))
  if (tool === undefined) return undefined
  if (template.kind === 'tool-never')
    return { target: 'tool-call', tool: tool.id, expression: 'true', effect: 'block' }
  return { target: 'tool-call', tool: tool.id, expression: template.expression ?? 'true', effect: 'approval' }
}
