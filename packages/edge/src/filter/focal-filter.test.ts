import { redact, scanText } from '@focal/core'
import fc from 'fast-check'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type ScriptedModelServer,
  startScriptedModelServer,
} from '../../../core/src/testing/scripted-model-server.ts'
import { readRefundSupport } from '../testing/read-refund-support.ts'
import { readSse } from '../testing/read-sse.ts'
import { focalFilter } from './focal-filter.ts'

const card = '4242 4242 4242 4242'
const chunks = ['Your card 42', '42 4242 42', '42 4242 is', ' on file.']

let server: ScriptedModelServer

beforeAll(async () => {
  server = await startScriptedModelServer({ script: () => ({ type: 'stream', chunks }) })
})

afterAll(async () => {
  await server?.close()
})

function proxyApp(mode: 'redact' | 'block'): Hono {
  const app = new Hono()
  app.use('/v1/chat/completions', focalFilter({ mode, scan: { detectors: ['credit-card'] } }))
  app.post('/v1/chat/completions', (context) =>
    fetch(`${server.baseURL}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: context.req.raw.body,
      duplex: 'half',
    } as RequestInit),
  )
  return app
}

async function completion(app: Hono): Promise<{ raw: string; content: string; finishReasons: unknown[] }> {
  const response = await app.request('/v1/chat/completions', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'm', stream: true, messages: [{ role: 'user', content: 'card?' }] }),
  })
  const raw = await response.clone().text()
  const events = await readSse(response)
  const choices = events.flatMap((event) =>
    event === '[DONE]'
      ? []
      : ((event.choices ?? []) as Array<{ delta?: { content?: string }; finish_reason?: unknown }>),
  )
  return {
    raw,
    content: choices.map((choice) => choice.delta?.content ?? '').join(''),
    finishReasons: choices.map((choice) => choice.finish_reason).filter((reason) => reason != null),
  }
}

describe('focalFilter', () => {
  it('redacts a card number split across upstream OpenAI SSE chunks without releasing a digit of it', async () => {
    const { raw, content } = await completion(proxyApp('redact'))
    expect(raw).not.toMatch(/4242/)
    expect(content).toBe('Your card [CREDIT_CARD] is on file.')
    expect(raw.trimEnd().endsWith('data: [DONE]')).toBe(true)
  })

  it('blocks the stream at a detected item in block mode, ending with content_filter and [DONE]', async () => {
    const { raw, content, finishReasons } = await completion(proxyApp('block'))
    expect(raw).not.toMatch(/4242/)
    expect(content).not.toContain('on file')
    expect(finishReasons).toEqual(['content_filter'])
    expect(raw.trimEnd().endsWith('data: [DONE]')).toBe(true)
  })

  it("blocks on a definition's hard-safety rule (competitor blocklist) without releasing the word", async () => {
    const definition = readRefundSupport()
    const app = new Hono()
    app.use('*', focalFilter({ definition }))
    app.get('/text', () => {
      const pieces = ['You could also try Ama', 'zon for that, they ', 'ship faster.']
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (const piece of pieces) controller.enqueue(new TextEncoder().encode(piece))
          controller.close()
        },
      })
      return new Response(body, { headers: { 'content-type': 'text/plain' } })
    })
    const output = await (await app.request('/text')).text()
    expect(output).not.toMatch(/Ama|zon/)
    expect(output).not.toContain('ship faster')
  })

  it('guards every string of a JSON body of no known API shape', async () => {
    const app = new Hono()
    app.use('*', focalFilter())
    app.get('/json', (context) => context.json({ card, nested: [{ note: `mail ann@example.com` }] }))
    const response = await app.request('/json')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      card: '[CREDIT_CARD]',
      nested: [{ note: 'mail [EMAIL_ADDRESS]' }],
    })
  })

  it('fails closed on a content type it cannot read (502 unknown-stream-format), unless the host opts in', async () => {
    const bytes = new TextEncoder().encode(card)
    const binary = () => new Response(bytes, { headers: { 'content-type': 'application/octet-stream' } })
    const closed = new Hono()
    closed.use('*', focalFilter())
    closed.get('/bin', binary)
    const response = await closed.request('/bin')
    expect(response.status).toBe(502)
    const body = (await response.json()) as { error: { code: string; message: string } }
    expect(body.error.code).toBe('unknown-stream-format')
    expect(body.error.message).toContain('application/octet-stream')
    const open = new Hono()
    open.use('*', focalFilter({ onUnknownFormat: 'pass' }))
    open.get('/bin', binary)
    expect(await (await open.request('/bin')).text()).toBe(card)
  })

  it('fails closed on an event stream of no known format with an SSE error event', async () => {
    const app = new Hono()
    app.use('*', focalFilter())
    app.get('/sse', () => {
      const events = `data: {"candidates":[{"content":{"parts":[{"text":"${card}"}]}}]}\n\n`
      return new Response(events, { headers: { 'content-type': 'text/event-stream' } })
    })
    const raw = await (await app.request('/sse')).text()
    expect(raw).not.toMatch(/4242/)
    expect(raw).toContain('"code":"unknown-stream-format"')
  })

  it('emits exactly the whole-text redaction for plain-text streams under any chunking, never a planted digit', async () => {
    const words = fc.constantFrom('hello', 'card', 'is', 'on', 'file', 'please', 'thanks', 'ok')
    const sentence = fc.array(words, { maxLength: 8 }).map((list) => list.join(' '))
    await fc.assert(
      fc.asyncProperty(
        sentence,
        sentence,
        fc.array(fc.nat(40), { maxLength: 12 }),
        async (before, after, cuts) => {
          const text = `${before} ${card} ${after}`
          const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b)
          const pieces = [0, ...points, text.length]
            .slice(1)
            .map((end, index, ends) => text.slice(index ? ends[index - 1] : 0, end))
          const app = new Hono()
          app.use('*', focalFilter({ scan: { detectors: ['credit-card'] } }))
          app.get('/text', () => {
            const body = new ReadableStream<Uint8Array>({
              start(controller) {
                for (const piece of pieces) controller.enqueue(new TextEncoder().encode(piece))
                controller.close()
              },
            })
            return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8' } })
          })
          const output = await (await app.request('/text')).text()
          expect(output).toBe(redact(text, scanText(text, { detectors: ['credit-card'] })))
          expect(output).not.toMatch(/4242/)
        },
      ),
      { numRuns: 60 },
    )
  })
})
