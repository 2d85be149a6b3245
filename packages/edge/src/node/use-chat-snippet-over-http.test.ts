/**
 * The README's `useChat` transport (packages/edge/README.md, "Request bodies"), run as written
 * through the AI SDK's own chat client (`AbstractChat` + `DefaultChatTransport`, what `useChat`
 * wraps) over a real socket. Found by an outside review (rv59 2, 5): the snippet sent no session
 * token back, so the second message got 409 `session-claimed`, and no message id, so a retry or a
 * regenerate ran the turn again; a regenerate after a refund asked "Shall I do it again?", and a
 * yes refunded twice.
 */
import { DefaultChatTransport, type UIMessage } from 'ai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MemoryChat, MemoryChatState } from '../testing/memory-chat.ts'
import { readRefundSupport } from '../testing/read-refund-support.ts'
import { type LoopbackFocal, serveOnLoopback } from '../testing/serve-on-loopback.ts'

let served: LoopbackFocal
beforeAll(async () => {
  served = await serveOnLoopback({ definition: readRefundSupport() })
})
afterAll(() => served.close())

/** The README's transport, word for word but for the origin and the token's home (a variable here). */
function readmeTransport(api: string): { transport: DefaultChatTransport<UIMessage>; token(): string } {
  let sessionToken: string | undefined
  const transport = new DefaultChatTransport<UIMessage>({
    api,
    // The session's token arrives with its first reply: keep it, and send it with every request.
    fetch: async (input, init) => {
      const headers = new Headers(init?.headers)
      if (sessionToken !== undefined) headers.set('x-focal-session-token', sessionToken)
      const response = await fetch(input, { ...init, headers })
      sessionToken = response.headers.get('x-focal-session-token') ?? sessionToken
      return response
    },
    // Focal keeps the conversation in its session: send the chat id and the new message only,
    // with its id as the idempotency key (a retry or a regenerate gets the recorded reply).
    prepareSendMessagesRequest: ({ id, messages, trigger }) => ({
      body: { id, trigger, messageId: messages.at(-1)?.id, messages: messages.slice(-1) },
    }),
  })
  return { transport, token: () => sessionToken ?? '' }
}

const textOf = (message: UIMessage | undefined) =>
  (message?.parts ?? []).flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('')

describe("the README's useChat transport", () => {
  it('keeps a conversation going, and a regenerate sends the recorded reply without running anything again', async () => {
    const { transport, token } = readmeTransport(`${served.origin}/v1/chat`)
    const chat = new MemoryChat({ id: `readme-chat-${Date.now()}`, transport, state: new MemoryChatState() })
    /** The ledger's tool runs so far (the session's token is the transport's). */
    const refunds = async () => {
      const ledger = await fetch(`${served.origin}/v1/sessions/${chat.id}/ledger`, {
        headers: { 'x-focal-session-token': token() },
      })
      expect(ledger.status).toBe(200)
      const body = (await ledger.json()) as unknown
      const records = (
        Array.isArray(body) ? body : ((body as { records?: unknown[] }).records ?? [])
      ) as Array<{
        type: string
        payload?: { toolId?: string; status?: string }
      }>
      return records.filter(
        (record) =>
          record.type === 'tool-called' &&
          record.payload?.toolId === 'issue_refund' &&
          record.payload.status === 'ran',
      ).length
    }
    await chat.sendMessage({ text: 'where is my order NW-1001' })
    expect(chat.error?.message).toBeUndefined()
    await chat.sendMessage({ text: 'I want a refund of $20 for NW-1001, ann@example.com' })
    expect(chat.error?.message).toBeUndefined()
    const refunded = textOf(chat.messages.at(-1))
    expect(refunded).toContain('refunded $20 for order NW-1001')
    expect(await refunds()).toBe(1)

    await chat.regenerate()
    expect(chat.error?.message).toBeUndefined()
    expect(chat.messages).toHaveLength(4)
    expect(textOf(chat.messages.at(-1))).toBe(refunded)
    // Nothing ran again: one refund, and no turn asking whether to do it again.
    expect(await refunds()).toBe(1)
    await chat.sendMessage({ text: 'thanks!' })
    expect(chat.error?.message).toBeUndefined()
    expect(textOf(chat.messages.at(-1))).not.toContain('do it again')
  })

  it('refuses a regenerate whose reply was not recorded (no message id), and runs nothing', async () => {
    const id = `unkeyed-${Date.now()}`
    const first = await fetch(`${served.origin}/v1/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        id,
        messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'where is my order NW-1001' }] }],
      }),
    })
    expect(first.status).toBe(200)
    await first.text()
    const token = first.headers.get('x-focal-session-token')!
    const again = await fetch(`${served.origin}/v1/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-focal-session-token': token },
      body: JSON.stringify({
        id,
        trigger: 'regenerate-message',
        messageId: 'a1',
        messages: [{ id: '', role: 'user', parts: [{ type: 'text', text: 'where is my order NW-1001' }] }],
      }),
    })
    expect(again.status).toBe(409)
    expect(((await again.json()) as { error: object }).error).toMatchObject({ code: 'regenerate-unrecorded' })
  })

  it("reads a regenerate that names the assistant message (the AI SDK's default body) as its user message's retry", async () => {
    const id = `keyed-${Date.now()}`
    const user = {
      id: 'u1',
      role: 'user',
      parts: [{ type: 'text', text: 'I want a refund of $20 for NW-1001, ann@example.com' }],
    }
    const first = await fetch(`${served.origin}/v1/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id, messageId: 'u1', messages: [user] }),
    })
    expect(first.status).toBe(200)
    const stream = await first.text()
    const token = first.headers.get('x-focal-session-token')!
    const again = await fetch(`${served.origin}/v1/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-focal-session-token': token },
      body: JSON.stringify({ id, trigger: 'regenerate-message', messageId: 'assistant-1', messages: [user] }),
    })
    expect(again.status).toBe(200)
    const replayed = await again.text()
    /** The reply's text: every text delta's, in order (a recorded reply may hold them merged). */
    const textParts = (sse: string) =>
      sse
        .split('\n')
        .filter((line) => line.startsWith('data: {') && line.includes('"text-delta"'))
        .map((line) => (JSON.parse(line.slice(6)) as { delta: string }).delta)
        .join('')
    expect(textParts(replayed)).toBe(textParts(stream))
    expect(textParts(replayed)).toContain('refunded $20 for order NW-1001')
  })
})
