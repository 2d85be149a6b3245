import { DefaultChatTransport, readUIMessageStream, type UIMessage } from 'ai'
import { describe, expect, it } from 'vitest'
import { createFocalApp } from '../create-focal-app.ts'
import { readRefundSupport } from '../testing/read-refund-support.ts'

const app = createFocalApp({
  definition: readRefundSupport(),
  sessionSecret: 'contract-secret-0123456789-abcdefghijkl',
})

function transport(headers: Record<string, string> = {}) {
  return new DefaultChatTransport<UIMessage>({
    api: 'http://focal.test/v1/chat',
    headers,
    fetch: (input, init) => Promise.resolve(app.request(String(input), init)),
  })
}

/** Sends one user message with the AI SDK's own transport and reads the assistant message it builds. */
async function send(chatId: string, text: string, headers: Record<string, string> = {}): Promise<UIMessage> {
  const user: UIMessage = { id: `u-${text.length}`, role: 'user', parts: [{ type: 'text', text }] }
  const stream = await transport(headers).sendMessages({
    chatId,
    messages: [user],
    trigger: 'submit-message',
    messageId: undefined,
    abortSignal: undefined,
  })
  let last: UIMessage | undefined
  for await (const message of readUIMessageStream<UIMessage>({ stream, terminateOnError: true }))
    last = message
  if (!last) throw new Error('no message')
  return last
}

describe('POST /v1/chat with the ai package (DefaultChatTransport + readUIMessageStream)', () => {
  it('builds an assistant message with redacted text and data-enforcement / data-provenance parts', async () => {
    const message = await send('contract-1', 'which card is on file? my email is ann@example.com')
    const text = message.parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('')
    expect(text).toBe('The card on file is your Visa ending 1111, expiring 08/29.')
    const types = message.parts.map((part) => part.type)
    // One part each: the final data-enforcement replaces the early one (same id); data-session is transient.
    expect(types.sort()).toEqual(['data-enforcement', 'data-provenance', 'text'])
    const enforcement = message.parts.find((part) => part.type === 'data-enforcement') as { data: unknown }
    expect(enforcement.data).toMatchObject({
      outcome: 'redacted',
      redactions: [{ type: 'credit-card', count: 1, mask: 'last4' }],
    })
    const provenance = message.parts.find((part) => part.type === 'data-provenance') as { data: unknown }
    expect(provenance.data).toMatchObject({
      mode: 'normal',
      rules: expect.arrayContaining([expect.objectContaining({ id: 'card-on-file' })]),
    })
  })

  it('builds a data-clarification part with the options for a vague request', async () => {
    const message = await send('contract-2', 'hello there')
    const clarification = message.parts.find((part) => part.type === 'data-clarification') as {
      data: { options: Array<{ label: string }> }
    }
    expect(clarification.data.options.map((option) => option.label)).toContain('I want a refund')
  })

  it('builds a data-approval part for a tool call that needs a human, and the session token admits the next turn', async () => {
    const response = await app.request('/v1/chat', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        id: 'contract-3',
        messages: [{ id: 'u', role: 'user', parts: [{ type: 'text', text: 'hi' }] }],
      }),
    })
    await response.text()
    const token = response.headers.get('x-focal-session-token') ?? ''
    const message = await send('contract-3', 'cancel my order NW-2002, the total was $900', {
      'x-focal-session-token': token,
    })
    const approval = message.parts.find((part) => part.type === 'data-approval') as {
      data: { toolId: string }
    }
    expect(approval.data).toMatchObject({ toolId: 'cancel_order', args: { amount: 900 } })
    await expect(send('contract-3', 'hello again')).rejects.toThrow()
  })
})

describe('POST /v1/chat on a runtime with waitUntil (Cloudflare Workers)', () => {
  it('hands the turn to executionCtx.waitUntil, so it is recorded after the client left', async () => {
    const pending: Array<Promise<unknown>> = []
    const executionContext = {
      waitUntil: (promise: Promise<unknown>) => void pending.push(promise),
      passThroughOnException: () => undefined,
      props: {},
    }
    const response = await app.request(
      'http://focal.test/v1/chat',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          id: 'wait-until-1',
          messageId: 'm1',
          messages: [
            { id: 'm1', role: 'user', parts: [{ type: 'text', text: 'Where is my order NW-1001?' }] },
          ],
        }),
      },
      undefined,
      executionContext,
    )
    const token = response.headers.get('x-focal-session-token')!
    // The client leaves before reading a byte.
    await response.body?.cancel()
    expect(pending).toHaveLength(1)
    await Promise.all(pending)
    const ledger = await app.request('http://focal.test/v1/sessions/wait-until-1/ledger', {
      headers: { 'x-focal-session-token': token },
    })
    const { records } = (await ledger.json()) as { records: Array<{ type: string }> }
    expect(records.map((record) => record.type)).toContain('turn-completed')
  })
})
