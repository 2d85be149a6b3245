import { FocalError } from '@focal/core'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { limitBody } from './limit-body.ts'

function appWithLimit(maxSize: number): Hono {
  const app = new Hono()
  app.onError((error, context) =>
    context.json({ code: FocalError.isInstance(error) ? error.code : 'other' }, 413),
  )
  app.use('*', limitBody(maxSize))
  app.post('/echo', async (context) => context.text(await context.req.text()))
  return app
}

function streamOf(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text)
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes.subarray(0, 3))
      controller.enqueue(bytes.subarray(3))
      controller.close()
    },
  })
}

describe('limitBody', () => {
  it('refuses a declared content-length over the limit and passes one at the limit', async () => {
    const app = appWithLimit(8)
    const over = await app.request('/echo', { method: 'POST', body: '123456789' })
    expect(over.status).toBe(413)
    expect(await over.json()).toEqual({ code: 'payload-too-large' })
    const at = await app.request('/echo', { method: 'POST', body: '12345678' })
    expect(await at.text()).toBe('12345678')
  })

  it('counts a body without content-length (chunked) and still hands the whole body on', async () => {
    const app = appWithLimit(8)
    const over = await app.request('/echo', {
      method: 'POST',
      body: streamOf('123456789'),
      duplex: 'half',
    } as RequestInit)
    expect(over.status).toBe(413)
    const under = await app.request('/echo', {
      method: 'POST',
      body: streamOf('1234567'),
      duplex: 'half',
    } as RequestInit)
    expect(await under.text()).toBe('1234567')
  })
})
