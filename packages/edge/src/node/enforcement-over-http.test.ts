import { openAICompatible } from '@focal/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agentModelScript } from '../../../core/src/testing/agent-model-script.ts'
import {
  type ScriptedModelServer,
  startScriptedModelServer,
} from '../../../core/src/testing/scripted-model-server.ts'
import { keepSessionTokens } from '../testing/keep-session-tokens.ts'
import { readSse } from '../testing/read-sse.ts'
import { type LoopbackFocal, serveOnLoopback } from '../testing/serve-on-loopback.ts'

/** A phone-plan agent with one free-text guardrail and a cue-gated hard-safety rubric. */
const definition = {
  name: 'mobile-support',
  description: 'Customer support for Northwind Mobile phone plans.',
  settings: { refusalReply: "Sorry, I can't help with that." },
  guardrails: { never: ['Mention or compare with competitors.'], always: [] },
  intents: [
    { id: 'plans', examples: ['what plans do you have'], keywords: ['plan', 'plans'] },
    { id: 'money_matters', examples: ['what should I do with my savings'], keywords: ['savings'] },
  ],
  rules: [
    {
      id: 'no-investment-advice',
      tier: 'hard-safety',
      match: ['invest', 'stocks', 'shares'],
      judge: 'Never give investment or financial advice.',
    },
    { id: 'plans-answer', intents: ['plans'], action: 'Our plans start at $15 a month.' },
  ],
}

let model: ScriptedModelServer
let served: LoopbackFocal
let origin: string

beforeAll(async () => {
  model = await startScriptedModelServer({
    script: agentModelScript({
      guardrails: [
        {
          when: /competitors/u,
          form: { tier: 'hard-safety', target: 'reply', blocklist: ['Verizon', 'AT&T'] },
          cases: {
            replies: [
              { text: 'Verizon is cheaper.', violates: true },
              { text: 'Our plans start at $15.', violates: false },
            ],
          },
        },
      ],
      lane2: (ruleId, reply) =>
        ruleId === 'no-investment-advice' && /shares/iu.test(reply)
          ? 'tells the user what to buy'
          : undefined,
      drafts: [
        // The chat turn: a competitor mention, then a clean redraft.
        'Our plans beat Verizon on price.',
        'Our plans start at $15 a month.',
        // The /v1/turn turn: investment advice three times.
        'Put all your savings into Tesla shares.',
        'Buy Tesla shares now.',
        'Shares are the way.',
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
  await served.close()
  await model.close()
})

const client = keepSessionTokens()
const post = (path: string, body: unknown) =>
  client(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

describe('the enforcement plan over HTTP (Node server, scripted model on loopback)', () => {
  it('streams the redraft, never the competitor mention, with the violation in the enforcement part', async () => {
    const response = await post('/v1/chat', {
      id: 'chat-plans',
      messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'What plans do you have?' }] }],
      trigger: 'submit-message',
      messageId: 'a1',
    })
    expect(response.status).toBe(200)
    const raw = await response.clone().text()
    expect(raw).not.toMatch(/Verizon/u)
    const events = (await readSse(response)).filter((event) => event !== '[DONE]') as Array<{
      type: string
      delta?: string
      data?: { outcome?: string; ruleIds?: string[] }
    }>
    const text = events.flatMap((event) => (event.type === 'text-delta' ? [event.delta] : [])).join('')
    expect(text).toBe('Our plans start at $15 a month.')
    const enforcement = events.find((event) => event.type === 'data-enforcement')
    expect(enforcement?.data).toMatchObject({ outcome: 'regenerated', ruleIds: ['never-1'] })
  })

  it('refuses investment advice the user never asked for by its cue words, and records it in the ledger', async () => {
    const response = await post('/v1/turn', { text: 'what should I do with my savings' })
    expect(response.status).toBe(200)
    const result = (await response.json()) as {
      type: string
      sessionId: string
      text: string
      provenance: { enforcement: { violations: Array<{ ruleId: string; lane: number }> } }
    }
    expect(result.type).toBe('refused')
    expect(result.text).toBe("Sorry, I can't help with that.")
    expect(result.provenance.enforcement.violations).toContainEqual(
      expect.objectContaining({ ruleId: 'no-investment-advice', lane: 2 }),
    )
    const ledger = (await (await client(`${origin}/v1/sessions/${result.sessionId}/ledger`)).json()) as {
      records: Array<{ type: string; payload: { ruleId?: string; action?: string } }>
      verification: { valid: boolean }
    }
    const violated = ledger.records.filter((record) => record.type === 'rule-violated')
    expect(violated.map((record) => record.payload.ruleId)).toEqual([
      'no-investment-advice',
      'no-investment-advice',
      'no-investment-advice',
    ])
    expect(ledger.verification).toEqual({ valid: true })
  })
})
