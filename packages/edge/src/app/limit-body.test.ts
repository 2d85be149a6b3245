import { FocalError } from '@focal/core'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { type LimitBodyOptions, limitBody } from './limit-body.ts'

function appWithLimit(options: LimitBodyOptions): Hono {
  const app = new Hono()
  app.onError((error, context) =>
    context.json({ code: FocalError.isInstance(error) ? error.code : 'other' }, 413),
  )
  app.use('*', limitBody(options))
  app.post('/echo', async (context) => context.text(await context.req.text()))
  return app
}

/** A body stream of `parts`, counting how many of them the server pulled. */
function streamOf(...parts: string[]): { body: ReadableStream<Uint8Array>; pulled: () => number } {
  const encoder = new TextEncoder()
  let index = 0
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const part = parts[index++]
      if (part === undefined) controller.close()
      else controller.enqueue(encoder.encode(part))
    },
  })
  return { body, pulled: () => index }
}

/** A body that sends `first` and then nothing, ever (a client that stalls mid-body). */
function stalledStream(first: string): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(first))
    },
  })
}

const post = (app: Hono, body: BodyInit, headers: Record<string, string> = {}) =>
  app.request('/echo', { method: 'POST', body, headers, duplex: 'half' } as RequestInit)

describe('limitBody', () => {
  it('refuses a declared content-length over the limit and passes one at the limit', async () => {
    const app = appWithLimit({ maxSize: 8, timeoutMs: 5000 })
    const over = await post(app, '123456789')
    expect(over.status).toBe(413)
    expect(await over.json()).toEqual({ code: 'payload-too-large' })
    const at = await post(app, '12345678')
    expect(await at.text()).toBe('12345678')
  })

  it('counts a body without content-length (chunked) and still hands the whole body on', async () => {
    const app = appWithLimit({ maxSize: 8, timeoutMs: 5000 })
    const over = await post(app, streamOf('123', '456789').body)
    expect(over.status).toBe(413)
    expect(await over.json()).toEqual({ code: 'payload-too-large' })
    const under = await post(app, streamOf('123', '4567').body)
    expect(await under.text()).toBe('1234567')
  })

  it('reads the rest of an oversized chunked body before answering, up to the drain limit', async () => {
    const parts = Array.from({ length: 10 }, () => 'x'.repeat(10))
    const drained = streamOf(...parts)
    const over = await post(appWithLimit({ maxSize: 15, timeoutMs: 5000, drainLimit: 1000 }), drained.body)
    expect(over.status).toBe(413)
    // All ten parts and the end of the stream: nothing is left unread for the runtime to reset on.
    expect(drained.pulled()).toBe(11)
    const cut = streamOf(...parts)
    const refused = await post(appWithLimit({ maxSize: 15, timeoutMs: 5000, drainLimit: 40 }), cut.body)
    expect(refused.status).toBe(413)
    expect(cut.pulled()).toBeLessThan(11)
  })

  it('answers 408 request-timeout for a chunked body that stalls', async () => {
    const app = appWithLimit({ maxSize: 100, timeoutMs: 50 })
    const stalled = await post(app, stalledStream('{"text":"hi'))
    expect(await stalled.json()).toEqual({ code: 'request-timeout' })
  })

  it('answers 408 request-timeout for a body shorter than its declared content-length', async () => {
    const app = appWithLimit({ maxSize: 100, timeoutMs: 50 })
    const stalled = await post(app, stalledStream('{"text":"hi'), { 'content-length': '40' })
    expect(await stalled.json()).toEqual({ code: 'request-timeout' })
  })

  it('still answers 413 for an oversized chunked body whose client stalls after the limit', async () => {
    const app = appWithLimit({ maxSize: 4, timeoutMs: 50 })
    const over = await post(app, stalledStream('123456789'))
    expect(await over.json()).toEqual({ code: 'payload-too-large' })
  })
})
