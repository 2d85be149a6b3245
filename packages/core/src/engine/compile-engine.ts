import type { EnforcementPlan } from '../compiler/plan-types.ts'
import type { DefinitionRule, DefinitionScenario, FocalDefinition } from '../definition/definition-schema.ts'
import { compileExpression } from '../enforcement/compile-expression.ts'
import { createToolGate, type ToolGate } from '../enforcement/create-tool-gate.ts'
import type { CompiledExpression, ToolPolicy } from '../enforcement/types.ts'
import { FocalError } from '../errors/focal-error.ts'
import { createGoalParser } from '../goal/create-goal-parser.ts'
import { trainIntentClassifier } from '../goal/train-intent-classifier.ts'
import type { LanguageModel } from '../llm/types.ts'
import type { Clock, IdGenerator } from '../ports/ports.ts'
import { createRuleIndex } from '../rules/create-rule-index.ts'
import type { RuleIndex } from '../rules/types.ts'
import { createRouter, type Router } from '../scenarios/create-router.ts'
import { asksIfDone, namedActions } from '../sensor/asks-if-done.ts'
import { createIntentEvidence, type IntentEvidenceModel } from '../sensor/create-intent-evidence.ts'
import { createLlmSensor } from '../sensor/create-llm-sensor.ts'
import {
  createSensor,
  type DeterministicSensor,
  type SensorGoalParser,
  type SensorIntentClassifier,
} from '../sensor/create-sensor.ts'
import type { EntityPattern } from '../sensor/extract-entities.ts'
import type { Sensor } from '../sensor/types.ts'
import { planToolPolicies } from './reply-enforcer.ts'

/** A definition compiled once per engine: sensor, rule index, router and tool gate. */
export interface CompiledEngine {
  definition: FocalDefinition
  sensor: Sensor & Partial<Pick<DeterministicSensor, 'senseSync'>>
  rules: RuleIndex
  rulesById: Map<string, DefinitionRule>
  scenariosById: Map<string, DefinitionScenario>
  router: Router
  gate: ToolGate
  /** Content-word evidence per intent (routing inside a scenario, the engine's own offers). */
  evidence: IntentEvidenceModel
  /** The definition's id patterns (`entities`), compiled once: the sensor's, and the engine's own reads. */
  entityPatterns: readonly EntityPattern[]
  /**
   * The ids of the rules scoped to a scenario (and step) the turn is in, whatever their
   * condition, cues or cooldown: their Lane 1 checks run on every reply there, as global ones run
   * on every reply. A rule's condition says when its action applies, never when its check does.
   */
  rulesInScope(scenario: string | null, step: string | null): readonly string[]
  /**
   * The intents some of whose examples ask whether something was done ("has my refund gone
   * through"), each with the actions those examples name (`refund`): a status question about one
   * of them ("was the refund issued?") that is likely enough for the intent is read as it, never as
   * a request to do the action again.
   */
  statusIntents: ReadonlyMap<string, ReadonlySet<string>>
  /** Each tool's `confirmWhen`, compiled once, by tool id (a tool without one has no entry). */
  confirmWhen: ReadonlyMap<string, CompiledExpression>
  /** The tools whose calls a yes is asked for: `confirm: true`, or a `confirmWhen`. */
  confirmTools: ReadonlySet<string>
  /** Per scenario, the `confirmTools` its scoped rules call (a scenario calling none has no entry). */
  confirmToolsByScenario: ReadonlyMap<string, readonly string[]>
  /**
   * Per scenario, the action stems its intents' ids and labels name (`cancel` for "Cancel an
   * order"): "cancel it please" there asks for its own action again.
   */
  actionStems: ReadonlyMap<string, readonly string[]>
  /**
   * Per scenario, the tool calls its scoped rules make: the rule's step and the facts the call's
   * arguments name (`{{amount}}`), for a refusal said before the last fact is asked for.
   */
  scopedToolCalls: ReadonlyMap<string, readonly ScopedToolCall[]>
}

/** One tool call of a scenario's scoped rule (see `CompiledEngine.scopedToolCalls`). */
export interface ScopedToolCall {
  step: string | undefined
  call: { id: string; args?: Record<string, unknown> | undefined }
  named: ReadonlySet<string>
}

/** {@link CompiledEngine.scopedToolCalls} of a definition. */
function scopedToolCallsOf(definition: FocalDefinition): ReadonlyMap<string, readonly ScopedToolCall[]> {
  const byScenario = new Map<string, ScopedToolCall[]>()
  for (const rule of definition.rules) {
    if (rule.tools === undefined || typeof rule.scope !== 'object' || rule.scope.scenario === undefined)
      continue
    for (const call of rule.tools) {
      const named = new Set(
        Object.values(call.args ?? {}).flatMap((value) =>
          typeof value === 'string' ? [...value.matchAll(/\{\{\s*([\w.]+)/g)].map((match) => match[1]!) : [],
        ),
      )
      const list = byScenario.get(rule.scope.scenario) ?? []
      list.push({ step: rule.scope.step, call, named })
      byScenario.set(rule.scope.scenario, list)
    }
  }
  return byScenario
}

/** {@link CompiledEngine.rulesInScope} of a definition, each scenario and step's list built once. */
function scopedRules(rules: readonly DefinitionRule[]): CompiledEngine['rulesInScope'] {
  const lists = new Map<string, string[]>()
  const none: readonly string[] = []
  return (scenario, step) => {
    if (scenario === null) return none
    const key = `${scenario}\u0000${step ?? ''}`
    let list = lists.get(key)
    if (list === undefined) {
      list = rules
        .filter(
          (rule) =>
            rule.scope !== 'global' &&
            rule.scope.scenario === scenario &&
            (rule.scope.step === undefined || rule.scope.step === step),
        )
        .map((rule) => rule.id)
      lists.set(key, list)
    }
    return list
  }
}

/** Options of {@link compileEngine}. */
export interface CompileEngineOptions {
  definition: FocalDefinition
  /**
   * The sensor: `'deterministic'`, `'llm'` (one JSON call to `model`, deterministic fallback) or
   * your own. @default 'deterministic'
   */
  sensor?: (Sensor & Partial<Pick<DeterministicSensor, 'senseSync'>>) | 'deterministic' | 'llm'
  /** The model the `'llm'` sensor calls. @default undefined */
  model?: LanguageModel
  /**
   * Blended into the deterministic sensor's intent scores: a classifier, `'auto'` (trained on the
   * definition's intent examples, keywords and labels when two or more intents have examples) or
   * `false`. @default 'auto'
   */
  classifier?: SensorIntentClassifier | 'auto' | false
  /** Time source for approval expiry. @default { now: () => Date.now() } */
  clock?: Clock
  /** Approval id source. @default `approval_${crypto.randomUUID()}` */
  idGenerator?: IdGenerator
  /** Fills `perception.goal`. @default createGoalParser() */
  goalParser?: SensorGoalParser | false
}

function chooseSensor(
  options: CompileEngineOptions,
  deterministic: DeterministicSensor,
): CompiledEngine['sensor'] {
  const { sensor = 'deterministic', model } = options
  if (sensor === 'deterministic') return deterministic
  if (sensor !== 'llm') return sensor
  if (model === undefined) {
    throw new FocalError({ code: 'invalid-argument', message: "sensor: 'llm' needs a model" })
  }
  return createLlmSensor({ model, intents: options.definition.intents, fallback: deterministic })
}

/** A definition tool as the tool gate reads its policy. */
function toToolPolicy(tool: FocalDefinition['tools'][number]): ToolPolicy {
  const { policy } = tool
  const approval = policy.approval
  return {
    id: tool.id,
    allowed: policy.allowed,
    ...(policy.condition === undefined ? {} : { condition: policy.condition }),
    ...(policy.checks === undefined ? {} : { checks: policy.checks }),
    ...(policy.requiresApproval === undefined ? {} : { requiresApproval: policy.requiresApproval }),
    ...(approval === undefined
      ? {}
      : {
          approval: {
            defaultAction: approval.defaultAction,
            ...(approval.approver === undefined ? {} : { approver: approval.approver }),
            ...(approval.timeoutMs === undefined ? {} : { timeoutMs: approval.timeoutMs }),
          },
        }),
  }
}

/** Trains the definition's intent classifier, or undefined when fewer than two intents have examples. */
export function trainDefinitionClassifier(definition: FocalDefinition): SensorIntentClassifier | undefined {
  const taught = definition.intents.filter((intent) => intent.examples.length > 0)
  if (taught.length < 2) return undefined
  const examples = definition.intents.flatMap((intent) =>
    [...intent.examples, ...intent.keywords, ...(intent.label === undefined ? [] : [intent.label])].map(
      (text) => ({ text, label: intent.id }),
    ),
  )
  return trainIntentClassifier({ examples })
}

/** The topic of each intent: the `topic` of the first scenario that lists it and has one. */
function topicsOf(definition: FocalDefinition): Record<string, string> {
  const topics: Record<string, string> = {}
  for (const scenario of definition.scenarios)
    if (scenario.topic !== undefined) for (const intent of scenario.intents) topics[intent] ??= scenario.topic
  return topics
}

/** Intents each scenario answers itself: named by an enabled rule scoped to that scenario. */
function asidesOf(rules: readonly DefinitionRule[]): Record<string, string[]> {
  const asides: Record<string, string[]> = {}
  for (const rule of rules) {
    if (!rule.enabled || rule.scope === 'global' || rule.intents === undefined) continue
    asides[rule.scope.scenario] = [...(asides[rule.scope.scenario] ?? []), ...rule.intents]
  }
  return asides
}

/** Per scenario, the tools of `confirmTools` that its scoped rules call, each once. */
function confirmToolsByScenario(
  definition: FocalDefinition,
  confirmTools: ReadonlySet<string>,
): Map<string, readonly string[]> {
  const byScenario = new Map<string, string[]>()
  for (const rule of definition.rules) {
    if (rule.scope === 'global') continue
    for (const call of rule.tools ?? []) {
      if (!confirmTools.has(call.id)) continue
      const list = byScenario.get(rule.scope.scenario) ?? []
      if (!list.includes(call.id)) list.push(call.id)
      byScenario.set(rule.scope.scenario, list)
    }
  }
  return byScenario
}

/** Compiles a validated definition into the parts one turn needs. */
export function compileEngine(options: CompileEngineOptions): CompiledEngine {
  const { definition } = options
  const { settings } = definition
  const confirmTools = new Set(
    definition.tools.filter((tool) => tool.confirm || tool.confirmWhen !== undefined).map((tool) => tool.id),
  )
  const classifier =
    options.classifier === 'auto' || options.classifier === undefined
      ? trainDefinitionClassifier(definition)
      : options.classifier || undefined
  const goalParser = options.goalParser === undefined ? createGoalParser() : options.goalParser || undefined
  const evidence = createIntentEvidence({ intents: definition.intents, topicOf: topicsOf(definition) })
  const entityPatterns: EntityPattern[] = definition.entities.map((entity) => ({
    name: entity.name,
    pattern: new RegExp(entity.pattern, 'iu'),
    ...(entity.value === undefined ? {} : { value: entity.value }),
  }))
  const deterministic = createSensor({
    evidence,
    intents: definition.intents,
    entityPatterns,
    switchCues: settings.switchCues,
    ...(classifier === undefined ? {} : { classifier }),
    ...(goalParser === undefined ? {} : { goalParser }),
  })
  return {
    definition,
    sensor: chooseSensor(options, deterministic),
    rules: createRuleIndex({ rules: definition.rules }),
    rulesById: new Map(definition.rules.map((rule) => [rule.id, rule])),
    scenariosById: new Map(definition.scenarios.map((scenario) => [scenario.id, scenario])),
    router: createRouter({
      scenarios: definition.scenarios,
      stickiness: settings.stickiness,
      topicStickiness: settings.topicStickiness,
      returnPreference: settings.returnPreference,
      switchCueDiscount: settings.switchCueDiscount,
      answerStickiness: settings.answerStickiness,
      asides: asidesOf(definition.rules),
      entryThreshold: settings.entryThreshold,
      loopGuard: settings.loopGuard,
    }),
    gate: createDefinitionGate(definition, undefined, options),
    evidence,
    entityPatterns,
    rulesInScope: scopedRules(definition.rules),
    confirmWhen: new Map(
      definition.tools.flatMap((tool, index) =>
        tool.confirmWhen === undefined
          ? []
          : [
              [
                tool.id,
                compileExpression(tool.confirmWhen, { path: `tools[${index}].confirmWhen` }),
              ] as const,
            ],
      ),
    ),
    confirmTools,
    confirmToolsByScenario: confirmToolsByScenario(definition, confirmTools),
    scopedToolCalls: scopedToolCallsOf(definition),
    actionStems: new Map(
      definition.scenarios.map((scenario) => [
        scenario.id,
        scenario.intents.flatMap((id) =>
          namedActions(
            `${id.replaceAll('_', ' ')} ${definition.intents.find((intent) => intent.id === id)?.label ?? ''}`,
          ),
        ),
      ]),
    ),
    statusIntents: new Map(
      definition.intents.flatMap((intent) => {
        const asking = intent.examples.filter((example) => asksIfDone(example))
        return asking.length === 0
          ? []
          : [[intent.id, new Set(asking.flatMap((example) => namedActions(example)))] as const]
      }),
    ),
  }
}

/**
 * The tool gate of a definition: its tool policies and ordering, with an enforcement plan's
 * compiled tool-call checks folded in when given.
 */
export function createDefinitionGate(
  definition: FocalDefinition,
  plan: EnforcementPlan | undefined,
  options: Pick<CompileEngineOptions, 'clock' | 'idGenerator'>,
): ToolGate {
  const policies = definition.tools.map(toToolPolicy)
  return createToolGate({
    tools: plan === undefined ? policies : planToolPolicies(policies, plan),
    ordering: definition.tools.flatMap((tool) =>
      (tool.requires ?? []).map((requires) => ({ tool: tool.id, requires })),
    ),
    ...(options.clock === undefined ? {} : { clock: options.clock }),
    ...(options.idGenerator === undefined ? {} : { ids: options.idGenerator }),
  })
}
