import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { type UpstreamFormatName, upstreamFormats } from '../../../core/src/testing/upstream-formats.ts'
import { focalFilter } from './focal-filter.ts'

const text = 'Your card 4242 4242 4242 4242 and ann@example.com are on file.'
const args = '{"card":"4242 4242 4242 4242","email":"ann@example.com"}'
const script = { text: text.split(/(?<= )/), args: args.split(/(?<=[,:])/) }
const leak = /4242|ann@|@example|example\.com/

/** A Hono app inside workerd whose route streams a format's body in 7-byte pieces through focalFilter. */
function app(mode: 'redact' | 'block') {
  const hono = new Hono()
  hono.use(
    '*',
    focalFilter({
      mode,
      scan: { detectors: mode === 'redact' ? ['credit-card', 'email'] : ['credit-card'] },
    }),
  )
  hono.get('/:format', (context) => {
    const { contentType, body } = upstreamFormats[context.req.param('format') as UpstreamFormatName](script)
    const bytes = new TextEncoder().encode(body)
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let start = 0; start < bytes.length; start += 7)
          controller.enqueue(bytes.slice(start, start + 7))
        controller.close()
      },
    })
    return new Response(stream, { headers: { 'content-type': contentType } })
  })
  return hono
}

const formats = Object.keys(upstreamFormats) as UpstreamFormatName[]

describe('focalFilter inside workerd', () => {
  it.each(formats)('redacts %s without releasing a byte of either value', async (format) => {
    const raw = await (await app('redact').request(`/${format}`)).text()
    expect(raw).not.toMatch(leak)
    expect(raw).toContain('[CREDIT_CARD]')
    expect(raw).toContain('[EMAIL_ADDRESS]')
  })

  it.each([
    ['openai-chat-sse', '"finish_reason":"content_filter"'],
    ['openai-responses-sse', '"reason":"content_filter"'],
    ['anthropic-messages-sse', '"stop_reason":"refusal"'],
    ['ui-message-stream', '"finishReason":"content-filter"'],
  ] as const)('blocks %s at the card, ending with %s', async (format, ending) => {
    const raw = await (await app('block').request(`/${format}`)).text()
    expect(raw).not.toMatch(/4242/)
    expect(raw).toContain(ending)
  })
})

describe('focalFilter inside workerd, with a card in the request’s tool results', () => {
  const spelled = 'It reads four one one one, one one one one, one one one one, one one one one.'
  // A route that streams the spelled card back, as a prompt-injected model might.
  const hono = new Hono()
  hono.use('*', focalFilter())
  hono.post('/chat', () => {
    const { contentType, body } = upstreamFormats['openai-chat-sse']({
      text: spelled.split(/(?<= )/),
      args: [],
    })
    return new Response(body, { headers: { 'content-type': contentType } })
  })
  const request = (toolContent: string) =>
    hono.request('/chat', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'm',
        messages: [
          { role: 'tool', tool_call_id: 'c1', content: toolContent },
          { role: 'user', content: 'Spell it out.' },
        ],
      }),
    })

  it('blocks the reply that spells the card out and passes it when no tool result holds one', async () => {
    const blocked = await (await request('{"card":"4111 1111 1111 1111"}')).text()
    expect(blocked).toContain('"finish_reason":"content_filter"')
    expect(blocked).not.toMatch(/four|one one/)
    const passed = await (await request('{"order":"NW-1001"}')).text()
    const content = [...passed.matchAll(/"content":"([^"]*)"/g)].map((match) => match[1]).join('')
    expect(content).toBe(spelled)
  })

  it('reads a gzip request body with workerd’s DecompressionStream, and refuses a br one', async () => {
    const body = JSON.stringify({
      model: 'm',
      messages: [
        { role: 'tool', tool_call_id: 'c1', content: '{"card":"4111 1111 1111 1111"}' },
        { role: 'user', content: 'Spell it out.' },
      ],
    })
    const gzipped = await new Response(
      new Blob([body]).stream().pipeThrough(new CompressionStream('gzip')),
    ).arrayBuffer()
    const send = (encoding: string) =>
      hono.request('/chat', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-encoding': encoding },
        body: gzipped,
      })
    const blocked = await (await send('gzip')).text()
    expect(blocked).toContain('"finish_reason":"content_filter"')
    expect(blocked).not.toMatch(/four|one one/)
    const refused = await send('br')
    expect(refused.status).toBe(415)
    expect(await refused.json()).toMatchObject({ error: { code: 'unsupported-media-type' } })
  })

  it('reads a streamed body the route then reads too, and answers 413 past maxRequestBytes without running the route', async () => {
    const bounded = new Hono()
    let routed = 0
    bounded.use('*', focalFilter({ maxRequestBytes: 1024 }))
    bounded.post('/chat', async (context) => {
      routed += 1
      const { messages } = await context.req.json<{ messages: unknown[] }>()
      return context.json({
        choices: [{ message: { role: 'assistant', content: `${messages.length} messages` } }],
      })
    })
    // A body the client streams (no content-length), as workerd hands a chunked upload to a Worker.
    const send = (padding: number) => {
      const body = JSON.stringify({
        model: 'm',
        messages: [
          { role: 'system', content: 'x'.repeat(padding) },
          { role: 'tool', tool_call_id: 'c1', content: '{"card":"4111 1111 1111 1111"}' },
        ],
      })
      const bytes = new TextEncoder().encode(body)
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < bytes.length; at += 100) controller.enqueue(bytes.slice(at, at + 100))
          controller.close()
        },
      })
      return bounded.request('/chat', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: stream,
        duplex: 'half',
      } as RequestInit)
    }
    const read = await send(100)
    expect(read.status).toBe(200)
    expect(await read.json()).toMatchObject({ choices: [{ message: { content: '2 messages' } }] })
    const refused = await send(2000)
    expect(refused.status).toBe(413)
    expect(await refused.json()).toMatchObject({ error: { code: 'payload-too-large' } })
    expect(routed).toBe(1)
  })
})
