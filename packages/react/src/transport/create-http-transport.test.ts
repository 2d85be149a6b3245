// @vitest-environment node
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { FocalError } from '@focal/core/errors'
import { afterEach, describe, expect, it } from 'vitest'
import { createChatStore } from '../chat/create-chat-store.ts'
import { provenanceFixture } from '../testing/fixtures.ts'
import { createHttpTransport } from './create-http-transport.ts'
import type { FocalUiMessageChunk } from './types.ts'

type Handler = (request: IncomingMessage, response: ServerResponse, body: string) => void
const servers: Array<ReturnType<typeof createServer>> = []

async function serve(handler: Handler): Promise<string> {
  const server = createServer((request, response) => {
    let body = ''
    request.on('data', (data) => {
      body += data
    })
    request.on('end', () => handler(request, response, body))
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))))
})

const sse = (response: ServerResponse, chunks: unknown[]) => {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'x-vercel-ai-ui-message-stream': 'v1' })
  for (const chunk of chunks) response.write(`data: ${JSON.stringify(chunk)}\n\n`)
  response.end('data: [DONE]\n\n')
}

async function collect(iterable: AsyncIterable<FocalUiMessageChunk>) {
  const chunks: FocalUiMessageChunk[] = []
  for await (const chunk of iterable) chunks.push(chunk)
  return chunks
}

const send = (text: string, signal = new AbortController().signal) => ({
  sessionId: 's1',
  messageId: 'm1',
  text,
  signal,
})

describe('createHttpTransport', () => {
  it('posts the message to /v1/chat and yields the streamed chunks', async () => {
    const bodies: unknown[] = []
    const baseUrl = await serve((request, response, body) => {
      bodies.push({ url: request.url, body: JSON.parse(body) })
      sse(response, [
        { type: 'start' },
        { type: 'text-start', id: 't' },
        { type: 'text-delta', id: 't', delta: 'Hi' },
        { type: 'finish' },
      ])
    })
    const chunks = await collect(createHttpTransport({ baseUrl }).sendMessage(send('hello')))
    expect(chunks.map((chunk) => chunk.type)).toEqual(['start', 'text-start', 'text-delta', 'finish'])
    expect(bodies).toEqual([
      {
        url: '/v1/chat',
        body: {
          id: 's1',
          messageId: 'm1',
          messages: [{ id: 'm1', role: 'user', parts: [{ type: 'text', text: 'hello' }] }],
        },
      },
    ])
  })

  it('sends the session token the server issued on later requests of that session', async () => {
    const tokens: Array<string | undefined> = []
    const baseUrl = await serve((request, response) => {
      tokens.push(request.headers['x-focal-session-token'] as string | undefined)
      response.setHeader('x-focal-session-token', 'token-for-s1')
      sse(response, [{ type: 'finish' }])
    })
    const transport = createHttpTransport({ baseUrl })
    await collect(transport.sendMessage(send('one')))
    await collect(transport.sendMessage(send('two')))
    await collect(transport.sendMessage({ ...send('other'), sessionId: 's2' }))
    expect(tokens).toEqual([undefined, 'token-for-s1', undefined])
  })

  it('also learns the session token from a data-session part (for pages that cannot read the header)', async () => {
    const tokens: Array<string | undefined> = []
    const baseUrl = await serve((request, response) => {
      tokens.push(request.headers['x-focal-session-token'] as string | undefined)
      sse(response, [
        { type: 'data-session', data: { sessionId: 's1', token: 'from-part' }, transient: true },
        { type: 'finish' },
      ])
    })
    const transport = createHttpTransport({ baseUrl })
    await collect(transport.sendMessage(send('one')))
    await collect(transport.sendMessage(send('two')))
    expect(tokens).toEqual([undefined, 'from-part'])
  })

  it("sends a claim key with a session's first message, the same with each retry, until the token comes", async () => {
    const seen: Array<{ claim?: string; token?: string }> = []
    const baseUrl = await serve((request, response) => {
      seen.push({
        ...(request.headers['x-focal-claim-key']
          ? { claim: String(request.headers['x-focal-claim-key']) }
          : {}),
        ...(request.headers['x-focal-session-token']
          ? { token: String(request.headers['x-focal-session-token']) }
          : {}),
      })
      // The first attempt's answer is lost with the connection.
      if (seen.length === 1) return request.socket.destroy()
      response.setHeader('x-focal-session-token', 'token-for-s1')
      sse(response, [{ type: 'finish' }])
    })
    const transport = createHttpTransport({ baseUrl, retryDelayMs: 1 })
    await collect(transport.sendMessage(send('one')))
    await collect(transport.sendMessage(send('two')))
    const [first, retry, next] = seen
    expect(first?.claim).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(retry).toEqual({ claim: first?.claim })
    expect(next).toEqual({ token: 'token-for-s1' })
    // Another session has a key of its own.
    await collect(transport.sendMessage({ ...send('other'), sessionId: 's2' }))
    expect(seen.at(-1)?.claim).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(seen.at(-1)?.claim).not.toBe(first?.claim)
  })

  it('removes a saved token the server refuses, and the token of a session the chat resets', async () => {
    const saved = new Map<string, string>()
    const tokenStorage = {
      getItem: (key: string) => saved.get(key) ?? null,
      setItem: (key: string, value: string) => void saved.set(key, value),
      removeItem: (key: string) => void saved.delete(key),
    }
    let answer: 'ok' | 'revoked' = 'ok'
    const baseUrl = await serve((request, response, body) => {
      if (answer === 'revoked' && request.headers['x-focal-session-token']) {
        response.writeHead(401, { 'content-type': 'application/json' })
        response.end(JSON.stringify({ error: { code: 'session-token-revoked', message: 'revoked' } }))
        return
      }
      response.setHeader('x-focal-session-token', `token-for-${(JSON.parse(body) as { id: string }).id}`)
      sse(response, [{ type: 'finish' }])
    })
    const store = createChatStore({ transport: createHttpTransport({ baseUrl, tokenStorage }) })
    const first = store.getState().sessionId
    await store.getState().sendMessage('hello')
    expect(saved.get(`focal-session-token:${first}`)).toBe(`token-for-${first}`)
    store.getState().reset()
    expect(saved.has(`focal-session-token:${first}`)).toBe(false)
    const second = store.getState().sessionId
    await store.getState().sendMessage('hello again')
    expect(saved.get(`focal-session-token:${second}`)).toBe(`token-for-${second}`)
    answer = 'revoked'
    await store.getState().sendMessage('are you there?')
    expect(store.getState().error?.code).toBe('session-token-revoked')
    expect(saved.size).toBe(0)
  })

  it('retries a network error before the first byte with the same message id', async () => {
    const seen: string[] = []
    const baseUrl = await serve((request, response, body) => {
      seen.push(JSON.parse(body).messageId)
      if (seen.length === 1) return request.socket.destroy()
      sse(response, [{ type: 'finish' }])
    })
    const chunks = await collect(createHttpTransport({ baseUrl, retryDelayMs: 1 }).sendMessage(send('hi')))
    expect(chunks).toEqual([{ type: 'finish' }])
    expect(seen).toEqual(['m1', 'm1'])
  })

  it("asks again while the server says the message's turn still runs, and reads its reply", async () => {
    const messageIds: unknown[] = []
    const baseUrl = await serve((_request, response, body) => {
      messageIds.push((JSON.parse(body) as { messageId: unknown }).messageId)
      if (messageIds.length <= 2) {
        response.writeHead(409, { 'content-type': 'application/json' })
        response.end(JSON.stringify({ error: { code: 'message-in-progress', message: 'still running' } }))
        return
      }
      sse(response, [
        { type: 'start' },
        { type: 'text-start', id: 't' },
        { type: 'text-delta', id: 't', delta: 'Done' },
        { type: 'finish' },
      ])
    })
    // No failure retries at all: waiting for a running turn is not one.
    const transport = createHttpTransport({ baseUrl, retries: 0, inProgressDelayMs: 10 })
    const chunks = await collect(transport.sendMessage(send('Refund $30')))
    expect(chunks.map((chunk) => chunk.type)).toEqual(['start', 'text-start', 'text-delta', 'finish'])
    expect(messageIds).toEqual(['m1', 'm1', 'm1'])
  })

  it('reports message-in-progress once inProgressTimeoutMs has passed, having asked again meanwhile', async () => {
    let calls = 0
    const baseUrl = await serve((_request, response) => {
      calls++
      response.writeHead(409, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ error: { code: 'message-in-progress', message: 'still running' } }))
    })
    const transport = createHttpTransport({ baseUrl, inProgressDelayMs: 10, inProgressTimeoutMs: 50 })
    await expect(collect(transport.sendMessage(send('Refund $30')))).rejects.toMatchObject({
      code: 'message-in-progress',
    })
    expect(calls).toBeGreaterThan(1)
  })

  it('gives up after the configured retries', async () => {
    let calls = 0
    const baseUrl = await serve((request) => {
      calls++
      request.socket.destroy()
    })
    const transport = createHttpTransport({ baseUrl, retries: 1, retryDelayMs: 1 })
    await expect(collect(transport.sendMessage(send('hi')))).rejects.toThrow()
    expect(calls).toBe(2)
  })

  it("does not retry a client error and reports the server's code and message", async () => {
    let calls = 0
    const baseUrl = await serve((_request, response) => {
      calls++
      response.writeHead(400, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ error: { code: 'invalid-request', message: 'text: required' } }))
    })
    const error = await collect(createHttpTransport({ baseUrl }).sendMessage(send(''))).catch(
      (caught) => caught,
    )
    expect(FocalError.isInstance(error) && error.code).toBe('invalid-request')
    expect(String(error.message)).toContain('text: required')
    expect(calls).toBe(1)
  })

  it('ends the conversation in the store when the server says the session is over, and offers no Retry for a request error', async () => {
    // Found by an outside review (session 46): every failure became `transport-failed`, so a revoked
    // session offered a Retry that could never work and no "Start a new conversation".
    const answers = [
      { status: 401, code: 'session-token-revoked', message: 'The session token was revoked.' },
      { status: 400, code: 'invalid-argument', message: 'messages[0].parts[0].text: Too big' },
    ]
    for (const answer of answers) {
      const baseUrl = await serve((_request, response) => {
        response.writeHead(answer.status, { 'content-type': 'application/json' })
        response.end(JSON.stringify({ error: { code: answer.code, message: answer.message } }))
      })
      const store = createChatStore({ transport: createHttpTransport({ baseUrl }) })
      await store.getState().sendMessage('I want a refund')
      const { error } = store.getState()
      expect(error?.code).toBe(answer.code)
      expect(error?.retryable).toBe(false)
      expect(error?.restart === true).toBe(answer.code === 'session-token-revoked')
    }
  })

  it('says in words that the server refused a message as too long, and hands the text back instead of keeping it as sent', async () => {
    // The edge's own 400 for a message over its `limits.maxTextLength` (here a server whose limit
    // is below the widget's), as the review saw it: the raw validator text with the wire path.
    let calls = 0
    const baseUrl = await serve((_request, response) => {
      calls++
      response.writeHead(400, { 'content-type': 'application/json' })
      response.end(
        JSON.stringify({
          error: {
            code: 'invalid-request',
            message: 'messages[0].parts[0].text: Too big: expected string to have <=20 characters',
            path: 'messages[0].parts[0].text',
          },
        }),
      )
    })
    const store = createChatStore({ transport: createHttpTransport({ baseUrl }) })
    await store.getState().sendMessage('I want a refund for order NW-1001')
    expect(calls).toBe(1)
    expect(store.getState().error).toEqual({
      message:
        'This message is too long: the server takes at most 20 characters. Shorten it and send it again.',
      code: 'invalid-request',
      retryable: false,
      text: 'I want a refund for order NW-1001',
    })
    expect(store.getState().messages).toEqual([])
    // Nothing to send again: the message left the transcript for the composer.
    await store.getState().retry()
    expect(calls).toBe(1)
  })

  it('refuses a message over maxTextLength before sending it, keeping its text', async () => {
    let calls = 0
    const baseUrl = await serve((_request, response) => {
      calls++
      sse(response, [{ type: 'finish' }])
    })
    const store = createChatStore({ transport: createHttpTransport({ baseUrl }) })
    const long = 'I want a refund. '.repeat(530)
    await store.getState().sendMessage(long)
    expect(calls).toBe(0)
    expect(store.getState().messages).toEqual([])
    expect(store.getState().error).toEqual({
      message:
        'This message is 9010 characters long; at most 8000 can be sent. Shorten it and send it again.',
      retryable: false,
      text: long,
    })
  })

  it('reports a stream that ends without its finish part as a reply cut off, with Retry, not as a complete reply', async () => {
    // Found by an outside review (session 46): a proxy closing the response cleanly after a few
    // deltas showed "Done — I've refunded " as the whole reply, with no error and no Retry.
    let calls = 0
    const baseUrl = await serve((_request, response) => {
      calls++
      const chunks: unknown[] = [
        { type: 'start', messageId: 'turn_x' },
        { type: 'text-start', id: 'turn_x:text' },
        { type: 'text-delta', id: 'turn_x:text', delta: "Done — I've refunded " },
      ]
      if (calls === 1) {
        response.writeHead(200, { 'content-type': 'text/event-stream' })
        for (const chunk of chunks) response.write(`data: ${JSON.stringify(chunk)}\n\n`)
        response.end()
      } else
        sse(response, [
          ...chunks,
          { type: 'text-delta', id: 'turn_x:text', delta: '$30.' },
          { type: 'finish' },
        ])
    })
    const store = createChatStore({ transport: createHttpTransport({ baseUrl }) })
    await store.getState().sendMessage('Refund $30 for order NW-1001')
    expect(store.getState().status).toBe('error')
    expect(store.getState().error).toMatchObject({
      message: 'The reply was cut off before it finished.',
      retryable: true,
    })
    expect(store.getState().messages.map((message) => message.role)).toEqual(['user'])
    await store.getState().retry()
    expect(store.getState().status).toBe('ready')
    expect(store.getState().messages.at(-1)?.parts).toEqual([
      { type: 'text', text: "Done — I've refunded $30.", state: 'done' },
    ])
  })

  it('reports a 200 that is not a reply stream as a transport error naming its content type', async () => {
    // Found by an outside review (session 46): a JSON body (a mis-set baseUrl) showed
    // "Cannot read properties of undefined (reading 'enforcement')".
    const baseUrl = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end('{"ok":true}')
    })
    const store = createChatStore({ transport: createHttpTransport({ baseUrl }) })
    await store.getState().sendMessage('I want a refund')
    expect(store.getState().error?.code).toBe('invalid-stream')
    expect(store.getState().error?.message).toBe(
      'The server answered with content type "application/json", not a reply stream (text/event-stream): check the chat\'s baseUrl.',
    )
    const approval = collect(
      createHttpTransport({ baseUrl }).resolveApproval({
        sessionId: 's1',
        approvalId: 'ap1',
        decision: 'approve',
        signal: new AbortController().signal,
      }),
    )
    await expect(approval).rejects.toThrow('The server answered with JSON that is not a turn result.')
  })

  it('stops reading when aborted mid-stream', async () => {
    const baseUrl = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' })
      response.write(`data: ${JSON.stringify({ type: 'text-start', id: 't' })}\n\n`)
      // Never ends: only the abort can finish the read.
    })
    const controller = new AbortController()
    const chunks: FocalUiMessageChunk[] = []
    const reading = (async () => {
      for await (const chunk of createHttpTransport({ baseUrl }).sendMessage(send('hi', controller.signal))) {
        chunks.push(chunk)
        controller.abort()
      }
    })()
    await expect(reading).rejects.toThrow()
    expect(chunks).toEqual([{ type: 'text-start', id: 't' }])
  })

  it('resolves an approval and reads a JSON turn result as chunks', async () => {
    const requests: unknown[] = []
    const baseUrl = await serve((request, response, body) => {
      requests.push({ url: request.url, body: JSON.parse(body) })
      response.writeHead(200, { 'content-type': 'application/json' })
      const { enforcement: _allowed, ...provenance } = provenanceFixture()
      response.end(
        JSON.stringify({
          type: 'reply',
          text: 'Refund issued.',
          sessionId: 's1',
          turnId: 't2',
          provenance,
          events: [],
        }),
      )
    })
    const chunks = await collect(
      createHttpTransport({ baseUrl }).resolveApproval({
        sessionId: 's1',
        approvalId: 'ap 1',
        decision: 'approve',
        signal: new AbortController().signal,
      }),
    )
    expect(requests).toEqual([
      { url: '/v1/approvals/ap%201', body: { sessionId: 's1', decision: 'approve' } },
    ])
    expect(chunks.map((chunk) => chunk.type)).toEqual([
      'start',
      'text-start',
      'text-delta',
      'text-end',
      'data-provenance',
      'finish',
    ])
  })
})
