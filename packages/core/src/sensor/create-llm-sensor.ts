import { z } from 'zod'
import { FocalError } from '../errors/focal-error.ts'
import { generateObject } from '../llm/generate-object.ts'
import type { LanguageModel } from '../llm/types.ts'
import type { DeterministicSensor } from './create-sensor.ts'
import type { IntentVocabulary } from './score-intents.ts'
import type { Perception, SenseContext, Sensor } from './types.ts'

/** The one JSON object the LLM sensor asks for (seed 002: intent, variables, ambiguity in one call). */
export const llmPerceptionSchema = z.object({
  intent: z.string(),
  confidence: z.number().min(0).max(1),
  alternatives: z
    .array(z.object({ intent: z.string(), confidence: z.number().min(0).max(1) }))
    .max(10)
    .default([]),
  entities: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).default({}),
  ambiguity: z.object({ score: z.number().min(0).max(1), reason: z.string() }),
  topicShift: z.boolean().default(false),
})

/** Options of {@link createLlmSensor}. */
export interface LlmSensorOptions {
  model: LanguageModel
  intents: readonly IntentVocabulary[]
  /** Used when the model fails, times out or returns invalid JSON; also supplies entities. */
  fallback: DeterministicSensor
  /** @default 3000 */
  timeoutMs?: number
}

/**
 * The LLM sensor: one zod-validated JSON call producing intent, entities and ambiguity. Falls back
 * to the deterministic sensor (perception `source: 'fallback'`) on invalid JSON, errors or timeout.
 *
 * @example
 * const sensor = createLlmSensor({ model, intents: definition.intents, fallback: createSensor({ intents: definition.intents }) })
 */
export function createLlmSensor(options: LlmSensorOptions): Sensor {
  const { model, intents, fallback, timeoutMs = 3000 } = options
  const known = new Set(intents.map((intent) => intent.id))
  const system = [
    'You read one customer message and return JSON only: {"intent","confidence","alternatives","entities","ambiguity":{"score","reason"},"topicShift"}.',
    `Intents (use "unknown" if none fits): ${intents.map((intent) => `${intent.id}${intent.label ? ` (${intent.label})` : ''}`).join(', ')}.`,
    'entities: flat values only (amount as a number, currency as an ISO code, order_id, email, date as YYYY-MM-DD).',
    'ambiguity.score: 0 when the request is clear, 1 when you cannot tell what the user wants.',
    'topicShift: true only when the user explicitly changes subject.',
  ].join('\n')
  return {
    async sense(text, context = {}) {
      const deterministic = fallback.senseSync(text, context)
      if (context.pendingOptions !== undefined && deterministic.confidence === 1) return deterministic
      try {
        const object = await withTimeout(
          model,
          { system, messages: [{ role: 'user', content: text }], schema: llmPerceptionSchema },
          timeoutMs,
          context,
        )
        return toPerception(object, deterministic, known)
      } catch (error) {
        if (context.signal?.aborted === true)
          throw new FocalError({ code: 'aborted', message: 'sensing was aborted', cause: error })
        return { ...deterministic, source: 'fallback' }
      }
    },
  }
}

async function withTimeout(
  model: LanguageModel,
  request: {
    system: string
    messages: Array<{ role: 'user'; content: string }>
    schema: typeof llmPerceptionSchema
  },
  timeoutMs: number,
  context: SenseContext,
): Promise<z.output<typeof llmPerceptionSchema>> {
  const controller = new AbortController()
  const abort = () => controller.abort()
  context.signal?.addEventListener('abort', abort, { once: true })
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort()
      reject(
        new FocalError({ code: 'model-timeout', message: `sensor model took longer than ${timeoutMs} ms` }),
      )
    }, timeoutMs)
  })
  try {
    // Validated again: an adapter that ignores `schema` must not smuggle unchecked JSON in.
    const result = await Promise.race([
      generateObject(model, { ...request, signal: controller.signal, temperature: 0 }),
      timeout,
    ])
    return result.object
  } finally {
    clearTimeout(timer)
    context.signal?.removeEventListener('abort', abort)
  }
}

function toPerception(
  object: z.output<typeof llmPerceptionSchema>,
  deterministic: Perception,
  known: ReadonlySet<string>,
): Perception {
  const intent = known.has(object.intent) ? object.intent : 'unknown'
  const scores = new Map<string, number>()
  if (intent !== 'unknown') scores.set(intent, object.confidence)
  for (const entry of object.alternatives)
    if (known.has(entry.intent) && !scores.has(entry.intent)) scores.set(entry.intent, entry.confidence)
  for (const entry of deterministic.alternatives) if (!scores.has(entry.intent)) scores.set(entry.intent, 0)
  const alternatives = [...scores]
    .map(([name, confidence]) => ({ intent: name, confidence }))
    .sort((left, right) => right.confidence - left.confidence)
  return {
    ...(deterministic.goal === undefined ? {} : { goal: deterministic.goal }),
    intent,
    confidence: intent === 'unknown' ? 0 : object.confidence,
    alternatives,
    // Deterministic extraction wins for what it knows (money, ids, emails); the model adds the rest.
    entities: { ...object.entities, ...deterministic.entities },
    ambiguity: object.ambiguity,
    topicShift: object.topicShift || deterministic.topicShift,
    source: 'llm',
  }
}
