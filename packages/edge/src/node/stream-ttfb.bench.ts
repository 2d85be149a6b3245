import type { AddressInfo } from 'node:net'
import { createEnforcer, loadDefinition, openAICompatible } from '@focal/core'
import { toEnforcementRules } from '@focal/core/engine'
import { defineSuite } from '../../../../bench/harness.ts'
import { startScriptedModelServer } from '../../../core/src/testing/scripted-model-server.ts'
import { serveFocal } from './serve-focal.ts'

const tokenCount = 500
const tokenIntervalMs = 2
const runs = 25
const words = 'your order left our warehouse this morning and the courier expects to deliver it'.split(' ')
// 500 tokens of an ordinary reply; one of them carries a card number the guard must hold back.
const tokens = Array.from({ length: tokenCount }, (_, index) =>
  index === 250 ? 'card 4111 1111 1111 1111 ' : `${words[index % words.length]} `,
)

/** An order agent whose reply the model writes (no Lane 2 hard-safety rule, so replies stream live). */
const definition = {
  name: 'order-status',
  description: 'Tells customers where their orders are.',
  intents: [{ id: 'order_status', examples: ['where is my order'], keywords: ['order'] }],
  rules: [{ id: 'order-answer', intents: ['order_status'], action: 'Say the order has shipped.' }],
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

/** Milliseconds from sending `request` until `isFirst` accepts a decoded piece of the body. */
async function timeToFirst(request: () => Promise<Response>, isFirst: (text: string) => boolean) {
  const started = performance.now()
  const response = await request()
  const reader = response.body!.getReader()
  const decoder = new TextDecoder()
  let seen = ''
  let first: number | undefined
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    seen += decoder.decode(value, { stream: true })
    if (first === undefined && isFirst(seen)) first = performance.now() - started
  }
  return { first: first ?? Number.NaN, total: performance.now() - started }
}

/** Most characters the definition's Lane 1 stream guard held back at once over the 500 tokens. */
function mostHeldBack(): number {
  const loaded = loadDefinition(definition)
  const guard = createEnforcer({ rules: toEnforcementRules(loaded) }).createStream()
  let pushed = 0
  let released = 0
  let most = 0
  for (const token of tokens) {
    pushed += token.length
    released += guard.push(token).length
    most = Math.max(most, pushed - released)
  }
  return most
}

/**
 * Time to first token at the client through `POST /v1/chat` (the engine's turn, live streaming
 * through the Lane 1 guard, the edge's second guard, SSE) against reading the same scripted model
 * stream directly: 500 tokens, one every 2 ms, on loopback, 25 runs each, alternating. Target: at
 * most 5 ms added at p50.
 */
export default defineSuite({
  name: 'stream: time to first token through /v1/chat vs the raw model stream',
  async measure() {
    const model = await startScriptedModelServer({
      script: () => ({ type: 'stream', chunks: tokens, chunkDelayMs: tokenIntervalMs }),
    })
    const served = serveFocal({
      definition,
      model: openAICompatible({ baseURL: model.baseURL, model: 'scripted', maxRetries: 0 }),
      port: 0,
      hostname: '127.0.0.1',
    })
    await new Promise<void>((resolve) => served.server.once('listening', () => resolve()))
    const origin = `http://127.0.0.1:${(served.server.address() as AddressInfo).port}`
    const raw = () =>
      fetch(`${model.baseURL}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          model: 'scripted',
          stream: true,
          messages: [{ role: 'user', content: 'hi' }],
        }),
      })
    let session = 0
    const chat = () =>
      fetch(`${origin}/v1/chat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          id: `ttfb-${++session}`,
          messages: [{ id: 'u', role: 'user', parts: [{ type: 'text', text: 'where is my order' }] }],
        }),
      })
    const rawFirst: number[] = []
    const focalFirst: number[] = []
    try {
      for (let run = 0; run < runs + 3; run++) {
        const direct = await timeToFirst(raw, (text) => text.includes('"content":"your'))
        const focal = await timeToFirst(chat, (text) => text.includes('"type":"text-delta"'))
        if (run < 3) continue // warm-up: JIT, connection pools
        rawFirst.push(direct.first)
        focalFirst.push(focal.first)
      }
    } finally {
      await new Promise((resolve) => served.server.close(resolve))
      await model.close()
    }
    const added = percentile(focalFirst, 50) - percentile(rawFirst, 50)
    return {
      'time to first token (ms)': {
        'raw model p50': percentile(rawFirst, 50),
        'raw model p90': percentile(rawFirst, 90),
        '/v1/chat p50': percentile(focalFirst, 50),
        '/v1/chat p90': percentile(focalFirst, 90),
        'added at p50': added,
        'met target (<= 5 ms added at p50)': added <= 5,
      },
      'stream guard': { 'most characters held back': mostHeldBack(), tokens: tokenCount },
    }
  },
})
