import { openAICompatible } from '@focal/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agentModelScript, type ScriptedDraft } from '../../../core/src/testing/agent-model-script.ts'
import {
  type ScriptedModelServer,
  startScriptedModelServer,
} from '../../../core/src/testing/scripted-model-server.ts'
import { keepSessionTokens } from '../testing/keep-session-tokens.ts'
import { readRefundSupport } from '../testing/read-refund-support.ts'
import { readSse } from '../testing/read-sse.ts'
import { type LoopbackFocal, serveOnLoopback } from '../testing/serve-on-loopback.ts'

/**
 * Drafts naming a competitor of the demo's hard-safety `no-competitors` blocklist (Amazon, Walmart,
 * eBay, Target, Best Buy) the way a reader still reads the name, each with what no text-delta may
 * carry. An outside review's scripted model wrote each of them; every one passed the blocklist,
 * over `/v1/turn` and streamed over `/v1/chat`.
 */
const respelled: ReadonlyArray<{ name: string; draft: string; never: RegExp }> = [
  { name: 'Amaz0n', draft: 'Your refund is on its way. Amaz0n would take a week longer.', never: /0|Amaz/u },
  { name: 'W@lmart', draft: 'Your refund is on its way. W@lmart would take a week longer.', never: /@|W@l/u },
  {
    name: 'B3st Buy',
    draft: 'Your refund is on its way. B3st Buy would take a week longer.',
    never: /3|B3s/u,
  },
  {
    name: 'A m a z o n',
    draft: 'Your refund is on its way. A m a z o n would be slower.',
    never: /A m a|z o/u,
  },
  {
    name: 'A.m.a.z.o.n',
    draft: 'Your refund is on its way. A.m.a.z.o.n would be slower.',
    never: /A\.m|z\.o/u,
  },
  { name: 'Wal-Mart', draft: 'Your refund is on its way. Wal-Mart would be slower.', never: /Wal-|Mart/u },
  { name: 'BestBuy', draft: 'Your refund is on its way. BestBuy would be slower.', never: /BestB|Buy/u },
  {
    name: 'mathematical bold',
    draft:
      'Your refund is on its way. \u{1d400}\u{1d426}\u{1d41a}\u{1d433}\u{1d428}\u{1d427} would be slower.',
    never: /\u{1d41a}\u{1d433}|\u{1d428}\u{1d427}/u,
  },
]
/** Prose a filter must let through: it reads as no competitor's name. */
const clean: ReadonlyArray<{ name: string; draft: string }> = [
  {
    name: 'spaced letters and a plural',
    draft: 'Your refund is on its way, that was a m a z i n g patience. The best buys are in our outlet.',
  },
  {
    name: 'a phone number and a percentage',
    draft: 'Your refund is on its way; call 1-800-555-0199, we are 100% sure it lands by Friday.',
  },
]
const request = 'I want a refund of $20 for order NW-1001, my email is ann@example.com'
const refusal = "I can only speak to Northwind's own products, prices and policies."

/** A draft streamed two characters at a time. */
const inSmallChunks = (draft: string): ScriptedDraft => ({ chunks: draft.match(/[\s\S]{1,2}/gu) ?? [] })

let model: ScriptedModelServer
let served: LoopbackFocal

beforeAll(async () => {
  model = await startScriptedModelServer({
    script: agentModelScript({
      // In the order the tests ask: each draft over /v1/chat in small chunks, then over /v1/turn.
      drafts: [...respelled.map(({ draft }) => draft), ...clean.map(({ draft }) => draft)].flatMap(
        (draft) => [inSmallChunks(draft), draft],
      ),
    }),
  })
  served = await serveOnLoopback({
    definition: readRefundSupport(),
    model: openAICompatible({ baseURL: model.baseURL, model: 'scripted', maxRetries: 0 }),
  })
})

afterAll(async () => {
  await served.close()
  await model.close()
})

const client = keepSessionTokens()
const post = (path: string, body: unknown) =>
  client(`${served.origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

/** A UI message stream part as this test reads it. */
type Chunk = Record<string, unknown> & {
  type: string
  delta?: string
  data?: { code?: string; ruleIds?: string[]; outcome?: string }
}

/** One `/v1/chat` turn on a new session: its chunks, in order. */
async function chat(sessionId: string): Promise<Chunk[]> {
  const response = await post('/v1/chat', {
    id: sessionId,
    messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: request }] }],
    trigger: 'submit-message',
    messageId: 'a1',
  })
  expect(response.status).toBe(200)
  return (await readSse(response)).filter((chunk): chunk is Chunk => chunk !== '[DONE]')
}

/** One `/v1/turn` on a new session. */
async function turn(sessionId: string) {
  const response = await post('/v1/turn', { sessionId, text: request })
  expect(response.status).toBe(200)
  return (await response.json()) as {
    type: string
    text: string
    provenance: { enforcement: { violations: Array<{ ruleId: string }> } }
  }
}

const deltasOf = (chunks: readonly Chunk[]) =>
  chunks.flatMap((chunk) => (chunk.type === 'text-delta' ? [chunk.delta as string] : []))

describe('a competitor named in a respelling (Node server, scripted model on loopback)', () => {
  it.each(respelled.map((entry, index) => ({ ...entry, index })))(
    'never streams $name in a text-delta, refuses it, and /v1/turn refuses it too',
    async ({ draft, never, index }) => {
      const chunks = await chat(`respelled-chat-${index}`)
      const retraction = chunks.findIndex((chunk) => chunk.type === 'data-retraction')
      // What streamed before the verdict is the draft's start, never the name; then the refusal.
      const drafted = deltasOf(chunks.slice(0, retraction === -1 ? chunks.length : retraction))
      for (const delta of drafted) expect(delta).not.toMatch(never)
      const shown = drafted.join('')
      expect(draft.startsWith(shown)).toBe(true)
      expect(shown).not.toMatch(never)
      if (shown !== '')
        expect(chunks[retraction]?.data).toMatchObject({
          code: 'draft-withheld',
          ruleIds: ['no-competitors'],
        })
      expect(deltasOf(chunks.slice(retraction + 1)).join('')).toBe(refusal)
      expect(chunks.find((chunk) => chunk.type === 'data-enforcement')?.data).toMatchObject({
        outcome: 'blocked',
        ruleIds: ['no-competitors'],
      })

      const result = await turn(`respelled-turn-${index}`)
      expect(result.type).toBe('refused')
      expect(result.text).toBe(refusal)
      expect(result.provenance.enforcement.violations.map((violation) => violation.ruleId)).toEqual([
        'no-competitors',
      ])
    },
  )

  it.each(clean.map((entry, index) => ({ ...entry, index })))(
    'streams and answers prose with $name as written',
    async ({ draft, index }) => {
      const chunks = await chat(`clean-chat-${index}`)
      expect(chunks.some((chunk) => chunk.type === 'data-retraction')).toBe(false)
      expect(deltasOf(chunks).length).toBeGreaterThan(3)
      expect(deltasOf(chunks).join('')).toBe(draft)

      const result = await turn(`clean-turn-${index}`)
      expect(result.type).not.toBe('refused')
      expect(result.text).toBe(draft)
    },
  )
})
