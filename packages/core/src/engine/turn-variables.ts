import type { Perception, PerceptionEntities } from '../sensor/types.ts'
import type { CompiledEngine } from './compile-engine.ts'
import type { EngineSessionState } from './session-state.ts'

/** Copies the turn's singular entities (`amount`, `email`, `order_id`, ...) into the session fields. */
export function mergeEntityFields(fields: Record<string, unknown>, entities: PerceptionEntities): void {
  for (const [name, value] of Object.entries(entities)) {
    if (value !== undefined && !Array.isArray(value) && typeof value !== 'object') fields[name] = value
  }
}

/**
 * The variables CEL conditions and templates see: every field at top level (`amount`), then
 * `text`, `intent`, `confidence`, `entities`, `fields`, `session` and `tool` (latest tool results).
 */
export function buildTurnVariables(
  state: EngineSessionState,
  perception: Perception,
  text: string,
): Record<string, unknown> {
  return {
    ...state.fields,
    text,
    intent: perception.intent,
    confidence: perception.confidence,
    entities: perception.entities,
    fields: state.fields,
    session: {
      scenario: state.navigation.scenario,
      step: state.navigation.step,
      turn: state.turn + 1,
      toolsRun: state.toolsRun,
    },
    tool: state.toolResults,
  }
}

/** The follow-up question for the first missing required field of the current step, if any. */
export function missingFieldQuestion(
  compiled: CompiledEngine,
  scenario: string | null,
  step: string | null,
  fields: Record<string, unknown>,
): string | undefined {
  if (scenario === null || step === null) return undefined
  const definition = compiled.scenariosById.get(scenario)?.steps.find((candidate) => candidate.id === step)
  if (definition === undefined) return undefined
  const missing = definition.required
    .map((entry) => (typeof entry === 'string' ? { field: entry } : entry))
    .filter((entry) => fields[entry.field] === undefined)
  const first = missing[0]
  if (first === undefined) return undefined
  if (missing.length > 1 && definition.ask !== undefined) return definition.ask
  return 'question' in first && first.question !== undefined
    ? first.question
    : (definition.ask ?? `Could you tell me your ${first.field.replaceAll('_', ' ')}?`)
}
