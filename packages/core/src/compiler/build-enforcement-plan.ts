import { classifyGuardrailTier } from '../definition/classify-guardrail-tier.ts'
import type { DefinitionRule, FocalDefinition } from '../definition/definition-schema.ts'
import type { RuleTier, ScanPattern, VariableBinding } from '../enforcement/types.ts'
import type { LanguageModel } from '../llm/types.ts'
import { compileGuardrail, compileGuardrailOffline, type GuardrailCompilation } from './compile-guardrail.ts'
import type { EnforcementPlan, PlannedReplyCheck, PlannedRule } from './plan-types.ts'
import type { CompileCacheStore, CompilerToolSchema } from './types.ts'

/** Id of the built-in global rule that redacts the definition's detectors (cards, SSNs, secrets). */
export const detectorRuleId = 'focal:detectors'
/** Id of the built-in global rule that applies the definition's `safetyPatterns`. */
export const safetyPatternRuleId = 'focal:safety-patterns'

/** Options of {@link buildEnforcementPlan}. */
export interface BuildEnforcementPlanOptions {
  definition: FocalDefinition
  /** The compiler model; without one, guardrails use the offline templates and tier classifier. */
  model?: LanguageModel
  /** Compilations by content hash: a definition compiled before makes no model call. @default none */
  cache?: CompileCacheStore
  /**
   * A Lane 2 judge will run: rules with no mechanical check are judged in text. Without one they
   * are marked `unenforced` (prompt text only). @default model !== undefined
   */
  lane2?: boolean
  /** Offline tier classifier. @default classifyGuardrailTier */
  classify?: (text: string) => RuleTier
  /** Tool schemas (e.g. from `importMcpTools`). @default the definition's tools */
  tools?: readonly CompilerToolSchema[]
  /** Guardrails compiled at once. @default 4 */
  concurrency?: number
  signal?: AbortSignal
}

/**
 * Builds the definition's enforcement plan, once, at load: every `never`/`always` guardrail,
 * rule, detector and safety pattern with its tier, its lanes and its compiled form. Guardrails are
 * global: whatever Lane 1 cannot check mechanically is judged by Lane 2 on every reply, never
 * gated on the user's words; so are hard-safety rules with a `judge` rubric. The plan is data:
 * the engine turns it into the Lane 1 enforcer, the tool gate and the Lane 2 rules of a turn.
 *
 * @example
 * const plan = await buildEnforcementPlan({ definition, model, cache })
 * console.log(formatEnforcementPlan(plan))
 */
export async function buildEnforcementPlan(options: BuildEnforcementPlanOptions): Promise<EnforcementPlan> {
  const { definition, model } = options
  const tools = toolsOf(options)
  const business = [definition.name, definition.description, definition.persona]
    .filter((part) => part !== undefined && part !== '')
    .join(' — ')
  const guardrails = guardrailsOf(definition)
  const compiled: GuardrailCompilation[] = new Array(guardrails.length)
  let next = 0
  const worker = async () => {
    while (next < guardrails.length) {
      const index = next++
      compiled[index] = await compileGuardrail({
        text: guardrails[index]!.text,
        business,
        tools,
        classify: options.classify ?? classifyGuardrailTier,
        ...(model === undefined ? {} : { model }),
        ...(options.cache === undefined ? {} : { cache: options.cache }),
        ...(options.signal === undefined ? {} : { signal: options.signal }),
      })
    }
  }
  const workers = Math.max(1, Math.min(options.concurrency ?? 4, guardrails.length))
  await Promise.all(Array.from({ length: workers }, worker))
  return assemblePlan(definition, guardrails, compiled, options.lane2 ?? model !== undefined)
}

/**
 * The plan with no model: guardrails through the offline templates and tier classifier only.
 * Synchronous, for hosts that scan without an engine (the edge output filter).
 */
export function buildOfflineEnforcementPlan(
  options: Pick<BuildEnforcementPlanOptions, 'definition' | 'classify' | 'tools' | 'lane2'>,
): EnforcementPlan {
  const tools = toolsOf(options)
  const guardrails = guardrailsOf(options.definition)
  const classify = options.classify ?? classifyGuardrailTier
  const compiled = guardrails.map((guardrail) =>
    compileGuardrailOffline({ text: guardrail.text, tools, classify }),
  )
  return assemblePlan(options.definition, guardrails, compiled, options.lane2 ?? false)
}

interface Guardrail {
  id: string
  source: string
  text: string
}

function toolsOf(options: Pick<BuildEnforcementPlanOptions, 'definition' | 'tools'>): CompilerToolSchema[] {
  return [
    ...(options.tools ??
      options.definition.tools.map((tool) => ({
        id: tool.id,
        ...(tool.description === undefined ? {} : { description: tool.description }),
      }))),
  ]
}

function guardrailsOf(definition: FocalDefinition): Guardrail[] {
  // A guardrail a rule of its id already writes out (`importSkill`'s mapping; the loader refuses
  // one of the same id and another text) is that rule: planned once, as the rule.
  const ruleIds = new Set(definition.rules.map((rule) => rule.id))
  return [
    ...definition.guardrails.never.map((text, index) => ({
      id: `never-${index + 1}`,
      source: `guardrails.never[${index}]`,
      text: asRule('Never', text),
    })),
    ...definition.guardrails.always.map((text, index) => ({
      id: `always-${index + 1}`,
      source: `guardrails.always[${index}]`,
      text: asRule('Always', text),
    })),
  ].filter((guardrail) => !ruleIds.has(guardrail.id))
}

function assemblePlan(
  definition: FocalDefinition,
  guardrails: readonly Guardrail[],
  compiled: readonly GuardrailCompilation[],
  lane2: boolean,
): EnforcementPlan {
  const rules: PlannedRule[] = [
    ...builtIns(definition),
    ...guardrails.map((guardrail, index) => planGuardrail(guardrail, compiled[index]!, lane2)),
    ...definition.rules.flatMap((rule, index) => (rule.enabled ? [planRule(rule, index, lane2)] : [])),
  ]
  return {
    definition: definition.name,
    rules,
    summary: {
      rules: rules.length,
      lane1: rules.filter((rule) => rule.lane1 !== undefined).length,
      lane2EveryReply: rules.filter((rule) => rule.lane2?.runs === 'every-reply').length,
      lane2WhenMatched: rules.filter((rule) => rule.lane2?.runs === 'when-matched').length,
      unenforced: rules.filter((rule) => rule.unenforced === true).length,
      modelCalls: compiled.reduce((sum, entry) => sum + entry.modelCalls, 0),
      cached: compiled.filter((entry) => entry.cached).length,
    },
  }
}

/** "Mention competitors." → "Never mention competitors."; a text that already says never stays. */
function asRule(kind: 'Never' | 'Always', text: string): string {
  const trimmed = text.trim()
  if (new RegExp(`^${kind}\\b`, 'iu').test(trimmed)) return trimmed
  if (kind === 'Never' && /^(do not|don't|must not|no)\b/iu.test(trimmed)) return trimmed
  return `${kind} ${trimmed.charAt(0).toLowerCase()}${trimmed.slice(1)}`
}

function builtIns(definition: FocalDefinition): PlannedRule[] {
  const rules: PlannedRule[] = []
  if (definition.settings.detectors.length > 0)
    rules.push({
      id: detectorRuleId,
      text: `Sensitive data is never shown: ${definition.settings.detectors.join(', ')}`,
      source: 'settings.detectors',
      scope: 'global',
      tier: 'hard-safety',
      tierFrom: 'built-in',
      lane1: { target: 'reply', detectors: [...definition.settings.detectors], onViolation: 'redact' },
      from: 'built-in',
      note: 'built-in detectors with checksums, redacted in every reply and every streamed delta',
    })
  if (definition.safetyPatterns.length > 0)
    rules.push({
      id: safetyPatternRuleId,
      text: 'Safety patterns of the definition',
      source: 'safetyPatterns',
      scope: 'global',
      tier: 'hard-safety',
      tierFrom: 'built-in',
      lane1: {
        target: 'reply',
        patterns: definition.safetyPatterns.map((pattern) => stripUndefined<ScanPattern>(pattern)),
        onViolation: 'redact',
      },
      from: 'author',
      note: 'author regexes (checked for catastrophic backtracking), redacted in every reply',
    })
  return rules
}

function planGuardrail(
  guardrail: { id: string; source: string; text: string },
  compiled: GuardrailCompilation,
  lane2: boolean,
): PlannedRule {
  const { check } = compiled
  // Names are never an exhaustive list: a blocklist is backed by a judgment of the rule's words.
  const judged =
    check === undefined ||
    (check.target === 'reply' && check.detectors === undefined && check.expression === undefined)
  const planned: PlannedRule = {
    id: guardrail.id,
    text: guardrail.text,
    source: guardrail.source,
    scope: 'global',
    tier: compiled.tier,
    tierFrom: compiled.tierFrom,
    from: compiled.from,
    note: compiled.note,
    ...(check === undefined ? {} : { lane1: check }),
    ...(compiled.from === 'model' || compiled.modelId !== undefined ? { cached: compiled.cached } : {}),
    ...(compiled.modelId === undefined ? {} : { modelId: compiled.modelId }),
  }
  if (judged && lane2) planned.lane2 = { rubric: guardrail.text, runs: 'every-reply' }
  if (check === undefined && !lane2) {
    planned.unenforced = true
    planned.note = `${planned.note}; no model to judge it, so it is prompt text only (add a rule with \`enforce\` for a Lane 1 check)`
  }
  return planned
}

function planRule(rule: DefinitionRule, index: number, lane2: boolean): PlannedRule {
  const planned: PlannedRule = {
    id: rule.id,
    text: rule.description ?? rule.action ?? rule.id,
    source: `rules[${index}]`,
    scope:
      rule.scope === 'global' || rule.scope.step === undefined
        ? rule.scope === 'global'
          ? 'global'
          : { scenario: rule.scope.scenario }
        : { scenario: rule.scope.scenario, step: rule.scope.step },
    tier: rule.tier,
    tierFrom: 'author',
    from: 'author',
    note: 'an instruction (action), not a check',
  }
  if (rule.enforce !== undefined) {
    const { enforce } = rule
    const check: PlannedReplyCheck = { target: 'reply', onViolation: enforce.onViolation }
    if (enforce.expression !== undefined) check.expression = enforce.expression
    if (enforce.bindings !== undefined)
      check.bindings = enforce.bindings.map((binding) => stripUndefined<VariableBinding>(binding))
    if (enforce.detectors !== undefined) check.detectors = [...enforce.detectors]
    if (enforce.blocklist !== undefined) check.blocklist = [...enforce.blocklist]
    if (enforce.patterns !== undefined)
      check.patterns = enforce.patterns.map((pattern) => stripUndefined<ScanPattern>(pattern))
    if (enforce.refusal !== undefined) check.refusal = enforce.refusal
    planned.lane1 = check
    planned.note =
      rule.scope === 'global'
        ? 'author check, run on every reply (global)'
        : 'author check, run on every reply in its scope'
  }
  if (rule.judge !== undefined) {
    const rubric = typeof rule.judge === 'string' ? rule.judge : rule.judge.rubric
    // Hard safety is never gated on the user's words: judged on every reply in its scope.
    const runs = rule.tier === 'hard-safety' ? 'every-reply' : 'when-matched'
    if (lane2) planned.lane2 = { rubric, runs }
    const judged =
      runs === 'every-reply'
        ? 'judged by Lane 2 on every reply in its scope'
        : 'judged by Lane 2 when the rule matches'
    planned.note = rule.enforce === undefined ? judged : `${planned.note}; ${judged}`
    if (!lane2 && rule.enforce === undefined) {
      planned.unenforced = true
      planned.note = 'a Lane 2 rubric, but no judge model is configured: prompt text only'
    }
  }
  return planned
}

function stripUndefined<Value>(value: object): Value {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Value
}
