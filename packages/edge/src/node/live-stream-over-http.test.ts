import { openAICompatible, type ReadUiMessageChunk, readUiMessageStream } from '@focal/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agentModelScript } from '../../../core/src/testing/agent-model-script.ts'
import {
  type ScriptedModelServer,
  startScriptedModelServer,
} from '../../../core/src/testing/scripted-model-server.ts'
import { type LoopbackFocal, serveOnLoopback } from '../testing/serve-on-loopback.ts'

/** An order-status agent with a style rule the Lane 2 judge checks on the whole draft. */
const definition = {
  name: 'order-status',
  description: 'Tells customers where their orders are.',
  intents: [{ id: 'order_status', examples: ['where is my order'], keywords: ['order'] }],
  rules: [
    {
      id: 'order-answer',
      intents: ['order_status'],
      action: 'Say the order has shipped.',
      tier: 'style',
      judge: 'Replies are courteous and never dismissive.',
    },
  ],
}

let release: () => void = () => undefined
const held = new Promise<void>((resolve) => {
  release = resolve
})
let model: ScriptedModelServer
let served: LoopbackFocal
let origin: string

beforeAll(async () => {
  model = await startScriptedModelServer({
    script: agentModelScript({
      lane2: (ruleId, reply) =>
        ruleId === 'order-answer' && /whatever/iu.test(reply) ? 'dismissive' : undefined,
      drafts: [
        // Turn 1: held half-written until the client has seen a token.
        { chunks: ['Your order ', 'has shipped ', 'and arrives ', 'on Thursday.'], holdAfter: 2, hold: held },
        // Turn 2: a dismissive draft the judge rejects, then a courteous one.
        'Whatever, it shipped.',
        'Happy to help: your order has shipped.',
      ],
    }),
  })
  served = await serveOnLoopback({
    definition,
    model: openAICompatible({ baseURL: model.baseURL, model: 'scripted', maxRetries: 0 }),
  })
  origin = served.origin
})

afterAll(async () => {
  release()
  await served.close()
  await model.close()
})

let token: string | undefined
async function chat(text: string, onChunk: (chunk: ReadUiMessageChunk) => void = () => undefined) {
  const response = await fetch(`${origin}/v1/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'x-focal-session-token': token } : {}) },
    body: JSON.stringify({
      id: 'live-1',
      messages: [{ id: `u-${text.length}`, role: 'user', parts: [{ type: 'text', text }] }],
    }),
  })
  expect(response.status).toBe(200)
  const chunks: ReadUiMessageChunk[] = []
  for await (const chunk of readUiMessageStream(response.body!)) {
    chunks.push(chunk)
    if (chunk.type === 'data-session' && chunk.data.token !== undefined) token = chunk.data.token
    onChunk(chunk)
  }
  return chunks
}

/** The text a reader shows: each text part's deltas, without the parts a retraction voided. */
function shown(chunks: readonly ReadUiMessageChunk[]): string {
  const voided = new Set(
    chunks.flatMap((chunk) => (chunk.type === 'data-retraction' ? [chunk.data.textId] : [])),
  )
  return chunks
    .flatMap((chunk) => (chunk.type === 'text-delta' && !voided.has(chunk.id) ? [chunk.delta] : []))
    .join('')
}

describe('live replies over HTTP (/v1/chat, Node server, scripted model on loopback)', () => {
  it("delivers the model's first tokens to the client while the model is still writing", async () => {
    let openedBy: 'client' | 'timer' | undefined
    const timer = setTimeout(() => {
      openedBy ??= 'timer'
      release()
    }, 10_000)
    const chunks = await chat('where is my order', (chunk) => {
      if (chunk.type === 'text-delta' && openedBy === undefined) {
        openedBy = 'client'
        release()
      }
    })
    clearTimeout(timer)
    expect(openedBy).toBe('client')
    expect(shown(chunks)).toBe('Your order has shipped and arrives on Thursday.')
    expect(chunks.at(-1)).toEqual({ type: 'finish', finishReason: 'stop' })
  })

  it('retracts a streamed draft the judge rejects with a data-retraction part, then streams the rewrite', async () => {
    const chunks = await chat('where is my order now')
    const retraction = chunks.find((chunk) => chunk.type === 'data-retraction')
    expect(retraction).toMatchObject({
      data: { code: 'draft-regenerated', ruleIds: ['order-answer'], reason: expect.any(String) },
    })
    const voided = chunks.filter(
      (chunk) => chunk.type === 'text-delta' && chunk.id === retraction?.data.textId,
    )
    // What the guard still held back when the draft was voided (a word that could have become a
    // domain) is dropped, never released.
    const voidedText = voided.map((chunk) => (chunk.type === 'text-delta' ? chunk.delta : '')).join('')
    expect(voidedText).not.toBe('')
    expect('Whatever, it shipped.'.startsWith(voidedText)).toBe(true)
    expect(shown(chunks)).toBe('Happy to help: your order has shipped.')
    const provenance = chunks.find((chunk) => chunk.type === 'data-provenance')
    expect(provenance?.type === 'data-provenance' && provenance.data.enforcement?.outcome).toBe('regenerated')
  })
})
