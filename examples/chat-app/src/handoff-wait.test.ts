import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type ChatStore, createChatStore, createHttpTransport } from '@focal/react'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type LoopbackFocal, serveOnLoopback } from '../../../packages/edge/src/testing/serve-on-loopback.ts'
import { demoSharedScope } from '../server/create-demo-server.ts'

// A customer asks for a person; the person reads the conversation and writes from another client
// over HTTP. The customer's widget must show what they write without sending another message, and
// know when the assistant answers again.
const definition = readFileSync(
  join(import.meta.dirname, '..', '..', 'definitions', 'refund-support.yaml'),
  'utf8',
)
const agent = { token: 'handoff-test-agent-credential-0123456789ab', id: 'dana', roles: ['agent'] }

let served: LoopbackFocal
let origin: string

beforeAll(async () => {
  served = await serveOnLoopback({ definition, approvers: [agent], sharedScope: demoSharedScope })
  origin = served.origin
})
afterAll(() => served.close())

const asAgent = { 'x-focal-approver-token': agent.token }

async function agentWrites(sessionId: string, text: string): Promise<Response> {
  return fetch(`${origin}/v1/sessions/${sessionId}/handoff/replies`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...asAgent },
    body: JSON.stringify({ text }),
  })
}

const personTexts = (store: ChatStore) =>
  store
    .getState()
    .messages.filter((message) => message.from === 'person')
    .map((message) => message.parts.map((part) => (part.type === 'text' ? part.text : '')).join(''))

const handoffParts = (store: ChatStore) =>
  store
    .getState()
    .messages.flatMap((message) => message.parts)
    .filter((part) => part.type === 'handoff')

describe('a customer handed to a person', () => {
  it('sees what the person writes as it comes, and the assistant back when they take it back', async () => {
    const store = createChatStore({ transport: createHttpTransport({ baseUrl: origin }), handoffPollMs: 25 })
    await store.getState().sendMessage('I want to speak to a person')
    const { sessionId } = store.getState()
    expect(handoffParts(store)).toHaveLength(1)
    await store.getState().sendMessage('it is about NW-1001, it arrived broken')
    // The person reads what the customer wrote while waiting.
    const read = await fetch(`${origin}/v1/sessions/${sessionId}/handoff/conversation`, { headers: asAgent })
    expect(read.status).toBe(200)
    const { messages } = (await read.json()) as { messages: Array<{ content: string }> }
    expect(messages.map((message) => message.content)).toContain('it is about NW-1001, it arrived broken')
    expect(
      (await agentWrites(sessionId, 'Hi, Dana here. Sorry about NW-1001, I am looking at it.')).status,
    ).toBe(200)
    await vi.waitFor(
      () => expect(personTexts(store)).toEqual(['Hi, Dana here. Sorry about NW-1001, I am looking at it.']),
      {
        timeout: 5000,
      },
    )
    expect((await agentWrites(sessionId, 'Could you tell me what broke?')).status).toBe(200)
    await vi.waitFor(() => expect(personTexts(store)).toHaveLength(2), { timeout: 5000 })
    // Each reply shows once, however often the chat asked.
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(personTexts(store)).toEqual([
      'Hi, Dana here. Sorry about NW-1001, I am looking at it.',
      'Could you tell me what broke?',
    ])
    // The customer takes it back: the assistant answers, and the handoff shows as ended.
    await store.getState().sendMessage('never mind, let the bot help me')
    const last = store.getState().messages.at(-1)
    expect(last?.from).toBeUndefined()
    expect(last?.parts.some((part) => part.type === 'text' && /help/i.test(part.text))).toBe(true)
    await vi.waitFor(
      () =>
        expect(handoffParts(store).every((part) => part.type === 'handoff' && part.released === true)).toBe(
          true,
        ),
      { timeout: 5000 },
    )
    await store.getState().sendMessage('where is my order NW-1001')
    expect(
      store
        .getState()
        .messages.at(-1)
        ?.parts.some((part) => part.type === 'text' && /UPS/.test(part.text)),
    ).toBe(true)
  })

  it('marks the handoff ended when the person hands the conversation back', async () => {
    const store = createChatStore({ transport: createHttpTransport({ baseUrl: origin }), handoffPollMs: 25 })
    await store.getState().sendMessage('can I talk to a human')
    const { sessionId } = store.getState()
    expect(
      (await agentWrites(sessionId, 'Done: I refunded NW-1001. The assistant can help with anything else.'))
        .status,
    ).toBe(200)
    const released = await fetch(`${origin}/v1/sessions/${sessionId}/release`, {
      method: 'POST',
      headers: asAgent,
    })
    expect(await released.json()).toEqual({ sessionId, released: true })
    await vi.waitFor(() => expect(handoffParts(store)).toMatchObject([{ released: true }]), { timeout: 5000 })
    // The reply written just before the release still shows.
    expect(personTexts(store)).toEqual([
      'Done: I refunded NW-1001. The assistant can help with anything else.',
    ])
  })
})
