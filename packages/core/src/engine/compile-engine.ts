import type { DefinitionRule, DefinitionScenario, FocalDefinition } from '../definition/definition-schema.ts'
import { createRuleIndex } from '../rules/create-rule-index.ts'
import type { RuleIndex } from '../rules/types.ts'
import { createRouter, type Router } from '../scenarios/create-router.ts'
import {
  createSensor,
  type DeterministicSensor,
  type SensorIntentClassifier,
} from '../sensor/create-sensor.ts'
import type { Sensor } from '../sensor/types.ts'
import { createToolCallGate, type ToolCallGate } from './gate-tool-call.ts'

/** A definition compiled once per engine: sensor, rule index, router and tool gate. */
export interface CompiledEngine {
  definition: FocalDefinition
  sensor: Sensor & Partial<Pick<DeterministicSensor, 'senseSync'>>
  rules: RuleIndex
  rulesById: Map<string, DefinitionRule>
  scenariosById: Map<string, DefinitionScenario>
  router: Router
  gate: ToolCallGate
}

/** Options of {@link compileEngine}. */
export interface CompileEngineOptions {
  definition: FocalDefinition
  /** Replaces the deterministic sensor (e.g. `createLlmSensor`). @default createSensor(...) */
  sensor?: Sensor & Partial<Pick<DeterministicSensor, 'senseSync'>>
  /** Blended into the deterministic sensor's intent scores. @default undefined */
  classifier?: SensorIntentClassifier
}

/** Compiles a validated definition into the parts one turn needs. */
export function compileEngine(options: CompileEngineOptions): CompiledEngine {
  const { definition } = options
  const { settings } = definition
  const sensor =
    options.sensor ??
    createSensor({
      intents: definition.intents,
      entityPatterns: definition.entities.map((entity) => ({
        name: entity.name,
        pattern: new RegExp(entity.pattern, 'iu'),
      })),
      switchCues: settings.switchCues,
      ...(options.classifier === undefined ? {} : { classifier: options.classifier }),
    })
  return {
    definition,
    sensor,
    rules: createRuleIndex({ rules: definition.rules }),
    rulesById: new Map(definition.rules.map((rule) => [rule.id, rule])),
    scenariosById: new Map(definition.scenarios.map((scenario) => [scenario.id, scenario])),
    router: createRouter({
      scenarios: definition.scenarios,
      stickinessBoost: settings.stickinessBoost,
      exitThreshold: settings.exitThreshold,
      entryThreshold: settings.entryThreshold,
      loopGuard: settings.loopGuard,
    }),
    gate: createToolCallGate(definition.tools),
  }
}
