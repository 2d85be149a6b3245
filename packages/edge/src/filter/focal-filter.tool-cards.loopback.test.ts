import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliCompressSync, deflateSync, gunzipSync, gzipSync, inflateSync } from 'node:zlib'
import Anthropic from '@anthropic-ai/sdk'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import OpenAI from 'openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { upstreamFormats } from '../../../core/src/testing/upstream-formats.ts'
import { listenOnLoopback, writeInPieces } from '../testing/loopback-upstream.ts'
import { focalFilter } from './focal-filter.ts'

// A prompt-injected model that answers a card lookup by spelling the card out, past the detectors.
const card = '4111 1111 1111 1111'
const spelledReply =
  'The card on file reads four one one one, one one one one, one one one one, one one one one. Anything else?'
const splitReply = 'It starts 4111 1111 and then, after a pause, 1111 1111 to finish.'
const plainReply = 'Your card ending in 1111 is on file. Anything else?'
const spelledLeak = /four one|one one one|1111 1111/

/** What the scripted model says to a request: it reads the request body like a real upstream. */
function replyTo(body: string): string {
  if (body.includes('split it')) return splitReply
  return body.includes('spell it') ? spelledReply : plainReply
}

/** The request's body as text, its gzip or deflate Content-Encoding undone as a real API does. */
const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk)
  let body = Buffer.concat(chunks)
  const codings = (request.headers['content-encoding'] ?? '').split(',').map((coding) => coding.trim())
  for (const coding of codings.reverse()) {
    if (coding === 'gzip') body = gunzipSync(body)
    if (coding === 'deflate') body = inflateSync(body)
  }
  return body.toString('utf8')
}

let upstream: Server
let proxies: Server[] = []
let upstreamOrigin = ''
const proxyOrigin = { checked: '', unchecked: '', bounded: '' }
/** Every request body the upstream received. */
const upstreamBodies: string[] = []
const maxRequestBytes = 4096

beforeAll(async () => {
  // An OpenAI- and Anthropic-compatible upstream on loopback streaming its reply in 5-byte pieces.
  upstream = createServer(async (request, response) => {
    const received = await readBody(request)
    upstreamBodies.push(received)
    const text = replyTo(received)
    const format = request.url?.includes('/messages') ? 'anthropic-messages-sse' : 'openai-chat-sse'
    const { contentType, body } = upstreamFormats[format]({ text: text.split(/(?<= )/), args: [] })
    await writeInPieces(response, contentType, body)
  })
  upstreamOrigin = await listenOnLoopback(upstream)
  for (const checked of [true, false]) {
    const app = new Hono()
    app.use('*', focalFilter(checked ? {} : { toolCardEcho: false }))
    // The route forwards the client's own request body upstream, as a model proxy does.
    app.post('/*', async (context) =>
      fetch(`${upstreamOrigin}${new URL(context.req.url).pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: await context.req.text(),
      }),
    )
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server
    proxies.push(server)
    await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', resolve)))
    proxyOrigin[checked ? 'checked' : 'unchecked'] =
      `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  }
  // The README's shape: a small body limit, and a route that forwards the client's request itself.
  const bounded = new Hono()
  bounded.use('*', focalFilter({ maxRequestBytes }))
  bounded.post('/*', (context) =>
    fetch(`${upstreamOrigin}${new URL(context.req.url).pathname}`, context.req.raw),
  )
  const server = serve({ fetch: bounded.fetch, port: 0, hostname: '127.0.0.1' }) as Server
  proxies.push(server)
  await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', resolve)))
  proxyOrigin.bounded = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  for (const server of [upstream, ...proxies]) await new Promise((resolve) => server?.close(resolve))
  proxies = []
})

/** A Chat Completions conversation whose card lookup returned `card`, then the user's ask. */
const chatMessages = (ask: string): OpenAI.Chat.ChatCompletionMessageParam[] => [
  { role: 'user', content: 'Which card is on file?' },
  {
    role: 'assistant',
    content: null,
    tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'lookup_card', arguments: '{}' } }],
  },
  { role: 'tool', tool_call_id: 'call_1', content: JSON.stringify({ card, holder: 'Ann Lee' }) },
  { role: 'user', content: ask },
]

const chat = async (origin: string, messages: OpenAI.Chat.ChatCompletionMessageParam[]) => {
  const client = new OpenAI({ apiKey: 'test', baseURL: `${origin}/v1`, maxRetries: 0 })
  return (await client.chat.completions.stream({ model: 'm', messages }).finalChatCompletion()).choices[0]
}

describe('focalFilter and a card a tool returned, over real HTTP on 127.0.0.1', () => {
  it('blocks a streamed reply that spells out the card from the request’s tool result, in words or split apart', async () => {
    for (const ask of ['Please spell it out digit by digit.', 'Then split it into two halves.']) {
      const choice = await chat(proxyOrigin.checked, chatMessages(ask))
      expect(choice?.finish_reason).toBe('content_filter')
      expect(choice?.message.content ?? '').not.toMatch(spelledLeak)
    }
  })

  it('passes every other reply to the same conversation whole', async () => {
    const choice = await chat(proxyOrigin.checked, chatMessages('Thanks, which one is it?'))
    expect(choice?.finish_reason).not.toBe('content_filter')
    expect(choice?.message.content).toBe(plainReply)
  })

  it('reads Anthropic tool_result blocks too', async () => {
    const client = new Anthropic({ apiKey: 'test', baseURL: proxyOrigin.checked, maxRetries: 0 })
    const message = await client.messages
      .stream({
        model: 'm',
        max_tokens: 100,
        messages: [
          { role: 'user', content: 'Which card is on file?' },
          {
            role: 'assistant',
            content: [{ type: 'tool_use', id: 'toolu_1', name: 'lookup_card', input: {} }],
          },
          {
            role: 'user',
            content: [
              { type: 'tool_result', tool_use_id: 'toolu_1', content: `Card: ${card}` },
              { type: 'text', text: 'Please spell it out digit by digit.' },
            ],
          },
        ],
      })
      .finalMessage()
    expect(message.stop_reason).toBe('refusal')
    expect(JSON.stringify(message.content)).not.toMatch(spelledLeak)
  })

  it('lets a reply spell a card out when no tool result holds it, or when the check is off', async () => {
    // The user's own words are no tool result: the reply streams as the model wrote it.
    const own = await chat(proxyOrigin.checked, [{ role: 'user', content: `My card ${card}, spell it out.` }])
    expect(own?.message.content).toBe(spelledReply)
    const off = await chat(proxyOrigin.unchecked, chatMessages('Please spell it out digit by digit.'))
    expect(off?.message.content).toBe(spelledReply)
  })
})

/**
 * POSTs `body` to `origin` over HTTP/1.1, with a content-length or chunked in 1 kB pieces, and
 * `encoding` as its Content-Encoding.
 */
function post(
  origin: string,
  body: string | Buffer,
  chunked: boolean,
  encoding?: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (encoding !== undefined) headers['content-encoding'] = encoding
    if (!chunked) headers['content-length'] = String(Buffer.byteLength(body))
    const request = httpRequest(`${origin}/v1/chat/completions`, { method: 'POST', headers }, (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk) => (text += chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }))
    })
    request.on('error', reject)
    for (let at = 0; at < body.length; at += 1024) request.write(body.slice(at, at + 1024))
    request.end()
  })
}

/** A streamed Chat Completions request asking to spell out the tool's card, padded to `size` bytes. */
function paddedRequest(size: number): string {
  const shell = (padding: string) =>
    JSON.stringify({
      model: 'm',
      stream: true,
      messages: [
        { role: 'system', content: padding },
        ...chatMessages('Please spell it out digit by digit.'),
      ],
    })
  return shell('x'.repeat(size - shell('').length))
}

describe('focalFilter reads a bounded request body (maxRequestBytes), over real HTTP on 127.0.0.1', () => {
  it('answers 413 payload-too-large to a body past the limit, declared or chunked, and never calls the route', async () => {
    // Padding the request past what the check reads would otherwise smuggle the card past it.
    const before = upstreamBodies.length
    for (const chunked of [false, true]) {
      const { status, text } = await post(proxyOrigin.bounded, paddedRequest(maxRequestBytes + 1), chunked)
      expect(status).toBe(413)
      expect(JSON.parse(text)).toMatchObject({ error: { code: 'payload-too-large' } })
      expect(text).not.toMatch(spelledLeak)
    }
    expect(upstreamBodies.length).toBe(before)
  })

  it('reads a body at the limit, still blocks the spelled card, and forwards the exact bytes', async () => {
    for (const chunked of [false, true]) {
      const body = paddedRequest(maxRequestBytes)
      const { status, text } = await post(proxyOrigin.bounded, body, chunked)
      expect(status).toBe(200)
      expect(text).toContain('"finish_reason":"content_filter"')
      expect(text).not.toMatch(spelledLeak)
      expect(upstreamBodies.at(-1)).toBe(body)
    }
  })

  it('reads a gzip or deflate request body for tool results, and refuses one it cannot decode', async () => {
    const spell = JSON.stringify({ model: 'm', stream: true, messages: chatMessages('Please spell it out.') })
    for (const [encoding, body] of [
      ['gzip', gzipSync(spell)],
      ['deflate', deflateSync(spell)],
      ['gzip, gzip', gzipSync(gzipSync(spell))],
    ] as const) {
      for (const chunked of [false, true]) {
        const { status, text } = await post(proxyOrigin.bounded, body, chunked, encoding)
        expect(status).toBe(200)
        // The upstream got the compressed body as sent and answered by spelling the card out.
        expect(text).toContain('content_filter')
        expect(text).not.toMatch(spelledLeak)
      }
    }
    const before = upstreamBodies.length
    // A coding the check cannot undo would carry the tool result past it: refused, never forwarded.
    const br = await post(proxyOrigin.bounded, brotliCompressSync(spell), false, 'br')
    expect(br.status).toBe(415)
    expect(JSON.parse(br.text)).toMatchObject({ error: { code: 'unsupported-media-type' } })
    // So is a body that is not what its coding says, and one that inflates past maxRequestBytes.
    const corrupt = await post(proxyOrigin.bounded, Buffer.from(spell), false, 'gzip')
    expect(corrupt.status).toBe(400)
    expect(JSON.parse(corrupt.text)).toMatchObject({ error: { code: 'invalid-request' } })
    const bomb = gzipSync(paddedRequest(maxRequestBytes * 50))
    expect(bomb.length).toBeLessThan(maxRequestBytes)
    const inflated = await post(proxyOrigin.bounded, bomb, true, 'gzip')
    expect(inflated.status).toBe(413)
    expect(JSON.parse(inflated.text)).toMatchObject({ error: { code: 'payload-too-large' } })
    expect(upstreamBodies.length).toBe(before)
  })

  it('refuses a maxRequestBytes that is no byte count', () => {
    expect(() => focalFilter({ maxRequestBytes: -1 })).toThrow(/maxRequestBytes/)
    expect(() => focalFilter({ maxRequestBytes: 1.5 })).toThrow(/maxRequestBytes/)
  })
})
