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
 * Drafts breaking the demo's hard-safety `refund-cap` (`refund_amount <= 50`, a Lane 1 expression),
 * each with what no text-delta may carry. An outside review's scripted model streamed each of them
 * to `/v1/chat` token by token; it was retracted only once the draft was complete, and a plain
 * `useChat` client kept showing it.
 */
const breaking: ReadonlyArray<{ amount: string; draft: string; never: RegExp }> = [
  { amount: '$75', draft: 'I have refunded you $75 for that order. Anything else?', never: /7|\$/u },
  {
    amount: 'seventy-five dollars',
    draft: 'I have refunded you seventy-five dollars for that order.',
    never: /sev|dollar/iu,
  },
  { amount: 'USD 75', draft: 'I have refunded you USD 75 for that order.', never: /USD|7/u },
  { amount: '$1k', draft: 'I have refunded you $1k for that order.', never: /\$|1/u },
  { amount: '€75', draft: 'I have refunded you €75 for that order.', never: /€|7/u },
  { amount: '＄７５', draft: 'I have refunded you ＄７５ for that order.', never: /＄|７/u },
  { amount: '$50.99', draft: 'I have refunded you $50.99 for that order.', never: /\.9|99/u },
  {
    amount: '$40 + $40',
    draft: 'I have refunded you $40 now and another $40 tomorrow, so $80 total.',
    never: /another \$|\$80/u,
  },
]
const allowed = 'I have refunded you $20 for that order. Anything else?'
const request = 'I want a refund of $20 for order NW-1001, my email is ann@example.com'
const refusal =
  "I'm sorry, I can only issue refunds of up to $50 in chat. A billing specialist can review larger refunds."

/** A draft streamed two characters at a time. */
const inSmallChunks = (draft: string): ScriptedDraft => ({ chunks: draft.match(/[\s\S]{1,2}/gu) ?? [] })

let model: ScriptedModelServer
let served: LoopbackFocal

beforeAll(async () => {
  model = await startScriptedModelServer({
    script: agentModelScript({
      // Per case, in the order the tests ask: the breaking draft over /v1/chat, the allowed one
      // over /v1/chat, the breaking one again over /v1/turn (not streamed).
      drafts: breaking.flatMap(({ draft }) => [inSmallChunks(draft), inSmallChunks(allowed), draft]),
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

const deltasOf = (chunks: readonly Chunk[]) =>
  chunks.flatMap((chunk) => (chunk.type === 'text-delta' ? [chunk.delta as string] : []))

describe('the refund cap while a reply streams (Node server, scripted model on loopback)', () => {
  it.each(breaking.map((entry, index) => ({ ...entry, index })))(
    'never sends a refund of $amount in a text-delta, still streams an allowed refund in pieces, and /v1/turn refuses it as before',
    async ({ draft, never, index }) => {
      const chunks = await chat(`cap-breaking-${index}`)
      const retraction = chunks.findIndex((chunk) => chunk.type === 'data-retraction')
      // What streamed before the verdict is the draft's start, never its amount; then the refusal
      // replaces it.
      const drafted = deltasOf(chunks.slice(0, retraction === -1 ? chunks.length : retraction))
      for (const delta of drafted) expect(delta).not.toMatch(never)
      const shown = drafted.join('')
      expect(draft.startsWith(shown)).toBe(true)
      if (shown !== '')
        expect(chunks[retraction]?.data).toMatchObject({ code: 'draft-withheld', ruleIds: ['refund-cap'] })
      expect(deltasOf(chunks.slice(retraction + 1)).join('')).toBe(refusal)
      expect(chunks.find((chunk) => chunk.type === 'data-enforcement')?.data).toMatchObject({
        outcome: 'blocked',
        ruleIds: ['refund-cap'],
      })

      // An allowed refund is no held turn: it streams in pieces, as written.
      const streamed = await chat(`cap-allowed-${index}`)
      expect(streamed.some((chunk) => chunk.type === 'data-retraction')).toBe(false)
      expect(deltasOf(streamed).length).toBeGreaterThan(3)
      expect(deltasOf(streamed).join('')).toBe(allowed)

      // The same draft not streamed: the refusal alone, as before.
      const turn = await post('/v1/turn', { sessionId: `cap-turn-${index}`, text: request })
      const result = (await turn.json()) as {
        type: string
        text: string
        provenance: { enforcement: { violations: Array<{ ruleId: string }> } }
      }
      expect(result.type).toBe('refused')
      expect(result.text).toBe(refusal)
      expect(result.provenance.enforcement.violations.map((violation) => violation.ruleId)).toEqual([
        'refund-cap',
      ])
    },
  )
})
