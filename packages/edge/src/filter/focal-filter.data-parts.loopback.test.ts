import { createServer, type Server } from 'node:http'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFocalApp } from '../create-focal-app.ts'
import { listenOnLoopback, writeInPieces } from '../testing/loopback-upstream.ts'
import { readRefundSupport } from '../testing/read-refund-support.ts'
import { readSse } from '../testing/read-sse.ts'
import { focalFilter } from './focal-filter.ts'

/**
 * Focal's own data parts (`data-provenance`, `data-status`, …) passed the filter unguarded from
 * any upstream, so an app that streamed the model's words in a part of the same name (a
 * `data-status` is a common one) got a card past it. They pass only in a stream Focal's chat
 * route wrote (`x-focal-stream: v1`); in any other, their strings are guarded like every data part's.
 */
const leak = /4111|ann@|example\.com/u
const appStream = [
  { type: 'start', messageId: 'm1' },
  { type: 'data-status', data: { note: 'Sent the card 4111 1111 1111 1111 to ann@example.com' } },
  { type: 'data-provenance', data: { summary: 'card 4111 1111 1111 1111' } },
  { type: 'text-start', id: 't1' },
  { type: 'text-delta', id: 't1', delta: 'Done.' },
  { type: 'text-end', id: 't1' },
  { type: 'finish' },
]
  .map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`)
  .join('')

let upstream: Server
const proxies: Array<ReturnType<typeof serve>> = []
const origins = { app: '', focal: '' }

async function listen(app: Hono, name: keyof typeof origins): Promise<void> {
  await new Promise<void>((resolve) => {
    proxies.push(
      serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
        origins[name] = `http://127.0.0.1:${info.port}`
        resolve()
      }),
    )
  })
}

beforeAll(async () => {
  upstream = createServer((_request, response) =>
    writeInPieces(response, 'text/event-stream', `${appStream}data: [DONE]\n\n`),
  )
  const upstreamOrigin = await listenOnLoopback(upstream)
  const filter = focalFilter({ mode: 'redact', scan: { detectors: ['credit-card', 'email'] } })
  const app = new Hono()
  app.use('/v1/*', filter)
  app.post('/v1/chat', () => fetch(upstreamOrigin))
  await listen(app, 'app')
  // Focal's own app behind the same filter.
  const focal = createFocalApp({
    definition: readRefundSupport(),
    sessionSecret: 'data-parts-secret-0123456789-abcdefghij',
  })
  const guarded = new Hono()
  guarded.use('/v1/*', filter)
  guarded.all('/v1/*', (context) => focal.fetch(context.req.raw))
  await listen(guarded, 'focal')
})
afterAll(async () => {
  for (const proxy of proxies) await new Promise((resolve) => proxy.close(resolve))
  await new Promise((resolve) => upstream.close(resolve))
})

const chat = (origin: string, text: string) =>
  fetch(`${origin}/v1/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      id: 'data-parts-1',
      messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text }] }],
    }),
  })

describe('focalFilter over a UI message stream’s data parts (upstreams on loopback)', () => {
  it('guards the strings of an app’s parts named like Focal’s', async () => {
    const response = await chat(origins.app, 'hi')
    expect(response.headers.get('x-focal-stream')).toBeNull()
    const events = await readSse(response)
    const raw = JSON.stringify(events)
    expect(raw).not.toMatch(leak)
    const status = events.find((event) => event !== '[DONE]' && event.type === 'data-status')
    expect(status).toEqual({
      type: 'data-status',
      data: { note: 'Sent the card [CREDIT_CARD] to [EMAIL_ADDRESS]' },
    })
    expect(raw).toContain('"data-provenance"')
    expect(events.at(-1)).toBe('[DONE]')
  })

  it('passes Focal’s own parts of a stream Focal’s chat route wrote as they are', async () => {
    const asked = 'which card is on file? my email is ann@example.com'
    const response = await chat(origins.focal, asked)
    expect(response.headers.get('x-focal-stream')).toBe('v1')
    const events = await readSse(response)
    const provenance = events.find((event) => event !== '[DONE]' && event.type === 'data-provenance') as
      | { data: { goal: { original: string }; rules: Array<{ id: string }> } }
      | undefined
    // The provenance quotes the user's own request, email and all: guarded, it would not.
    expect(provenance?.data.goal.original).toBe(asked)
    expect(provenance?.data.rules).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: 'card-on-file' })]),
    )
    const text = events
      .flatMap((event) => (event !== '[DONE]' && event.type === 'text-delta' ? [String(event.delta)] : []))
      .join('')
    expect(text).toBe('The card on file is your Visa ending 1111, expiring 08/29.')
  })
})
