import { afterEach, describe, expect, it } from 'vitest'
import { openAICompatible } from '../llm/open-ai-compatible.ts'
import { type ScriptedModelServer, startScriptedModelServer } from '../testing/scripted-model-server.ts'
import { createLlmSensor } from './create-llm-sensor.ts'
import { createSensor } from './create-sensor.ts'

const intents = [
  { id: 'refund', label: 'Refund', keywords: ['refund'], examples: [] },
  { id: 'pricing', label: 'Pricing', keywords: ['price'], examples: [] },
]
let server: ScriptedModelServer | undefined

afterEach(async () => {
  await server?.close()
  server = undefined
})

async function sensorWith(
  script: Parameters<typeof startScriptedModelServer>[0]['script'],
  timeoutMs = 2000,
) {
  server = await startScriptedModelServer({ script })
  const model = openAICompatible({
    baseURL: server.baseURL,
    model: 'scripted',
    maxRetries: 0,
    timeoutMs: 5000,
  })
  return createLlmSensor({ model, intents, fallback: createSensor({ intents }), timeoutMs })
}

describe('createLlmSensor', () => {
  it('reads intent, entities and ambiguity from one validated JSON call', async () => {
    const answer = {
      intent: 'refund',
      confidence: 0.92,
      alternatives: [{ intent: 'pricing', confidence: 0.05 }],
      entities: { reason: 'damaged' },
      ambiguity: { score: 0.1, reason: 'clear' },
      topicShift: false,
    }
    const sensor = await sensorWith([{ type: 'completion', content: JSON.stringify(answer) }])
    const perception = await sensor.sense('My lamp arrived broken, I paid $45')
    expect(perception).toMatchObject({
      source: 'llm',
      intent: 'refund',
      confidence: 0.92,
      ambiguity: { score: 0.1 },
    })
    expect(perception.entities).toMatchObject({ reason: 'damaged', amount: 45, currency: 'USD' })
    expect(server!.requests).toHaveLength(1)
  })

  it('maps an intent the definition does not know to unknown', async () => {
    const answer = {
      intent: 'weather',
      confidence: 0.9,
      entities: {},
      ambiguity: { score: 0.2, reason: 'x' },
    }
    const sensor = await sensorWith([{ type: 'completion', content: JSON.stringify(answer) }])
    expect((await sensor.sense('is it raining')).intent).toBe('unknown')
  })

  it('falls back to the deterministic sensor on invalid JSON', async () => {
    const sensor = await sensorWith(() => ({ type: 'completion', content: 'not json at all' }))
    const perception = await sensor.sense('I want a refund')
    expect(perception).toMatchObject({ source: 'fallback', intent: 'refund' })
  })

  it('falls back to the deterministic sensor when the model times out', async () => {
    const sensor = await sensorWith([{ type: 'hang' }], 100)
    const perception = await sensor.sense('what is the price')
    expect(perception).toMatchObject({ source: 'fallback', intent: 'pricing' })
  })
})
