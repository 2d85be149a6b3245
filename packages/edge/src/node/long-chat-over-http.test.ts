/**
 * A long conversation through the AI SDK's own chat client (`AbstractChat` + `DefaultChatTransport`,
 * what `useChat` wraps), over a real socket: every request carries the whole history, data parts
 * included, though the server reads only the last user message. Found by an outside review
 * (session 46): past about 35 turns (later now that clients get summarised provenance) the body passed `bodyLimit` (64 KB) and every later message got
 * 413, so the conversation died. `/v1/chat` has its own bound; the other routes keep theirs.
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

describe('POST /v1/chat with the whole history (useChat)', () => {
  it('answers a 60-turn conversation whose bodies outgrow bodyLimit', async () => {
    let token: string | undefined
    const sizes: number[] = []
    const transport = new DefaultChatTransport<UIMessage>({
      api: `${served.origin}/v1/chat`,
      fetch: async (input, init) => {
        const headers = new Headers(init?.headers)
        if (token) headers.set('x-focal-session-token', token)
        sizes.push(new TextEncoder().encode(String(init?.body)).length)
        const response = await fetch(input, { ...init, headers })
        token = response.headers.get('x-focal-session-token') ?? token
        return response
      },
    })
    const chat = new MemoryChat({ id: 'long-chat', transport, state: new MemoryChatState() })
    const texts = [
      'hello',
      'I want a refund',
      'my email is ann@example.com',
      'order NW-1001',
      'what is your refund policy?',
      'where is my order NW-1001?',
    ]
    for (let turn = 1; turn <= 60; turn++) {
      await chat.sendMessage({ text: texts[turn % texts.length]! })
      expect(chat.error?.message).toBeUndefined()
    }
    expect(chat.messages).toHaveLength(120)
    // The history, not the message, made the body large: past the 64 KB of every other route.
    expect(sizes.at(-1)).toBeGreaterThan(65_536)
    const last = chat.messages.at(-1)!
    expect(last.role).toBe('assistant')
    expect(last.parts.map((part) => part.type)).toContain('data-provenance')
    expect(last.parts.some((part) => part.type === 'text' && part.text.length > 0)).toBe(true)
  }, 30_000)

  it('takes a history with an assistant reply over maxTextLength, and bounds only the last user message', async () => {
    // maxTextLength is 8000 by default: one long assistant reply, then a short question.
    const reply = 'y'.repeat(8001)
    const send = (id: string, last: string) =>
      fetch(`${served.origin}/v1/chat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          id,
          messages: [
            { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'z'.repeat(8001) }] },
            { id: 'a1', role: 'assistant', parts: [{ type: 'text', text: reply }] },
            { id: 'u2', role: 'user', parts: [{ type: 'text', text: last }] },
          ],
        }),
      })
    const accepted = await send('long-reply', 'what is your refund policy?')
    expect(accepted.status).toBe(200)
    await accepted.text()
    const refused = await send('long-question', 'x'.repeat(8001))
    expect(refused.status).toBe(400)
    expect(((await refused.json()) as { error: object }).error).toMatchObject({
      code: 'invalid-request',
      path: 'messages[2].parts',
    })
  })

  it('still refuses a body over chatBodyLimit, and keeps bodyLimit on the other routes', async () => {
    const padding = 'x'.repeat(7000)
    const messages = Array.from({ length: 160 }, (_, index) => ({
      id: `m${index}`,
      role: index % 2 === 0 ? 'user' : 'assistant',
      parts: [{ type: 'text', text: padding }],
    }))
    const huge = await fetch(`${served.origin}/v1/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'too-long', messages }),
    })
    expect(huge.status).toBe(413)
    expect(((await huge.json()) as { error: { code: string } }).error.code).toBe('payload-too-large')
    const turn = await fetch(`${served.origin}/v1/turn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'hello', padding: 'x'.repeat(70_000) }),
    })
    expect(turn.status).toBe(413)
  })
})
