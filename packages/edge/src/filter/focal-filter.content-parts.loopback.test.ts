import { createServer, type Server } from 'node:http'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listenOnLoopback, writeInPieces } from '../testing/loopback-upstream.ts'
import { readSse } from '../testing/read-sse.ts'
import { focalFilter } from './focal-filter.ts'

/**
 * Mistral's reasoning models stream Chat Completions whose `delta.content` is an array of content
 * parts: `thinking` parts (each an array of `text` parts) and `text` parts, which its clients join
 * across chunks as they join string deltas. The filter guarded each chunk's parts whole, so a card
 * or an email split across two chunks passed it in both modes (attack review rv66a).
 */
const thinking = 'The customer card is 4111 1111 1111 1111, mail ann@example.com.'
const answer = 'Your card 4111 1111 1111 1111 is on file; we wrote to ann@example.com.'
const leak = /4111|ann@|example\.com/u

type Part = { type: string; text?: string; thinking?: Part[] }
const event = (content: Part[], finish: string | null = null) => ({
  id: 'cmpl-1',
  object: 'chat.completion.chunk',
  created: 1,
  model: 'magistral-medium-latest',
  choices: [{ index: 0, delta: { content }, finish_reason: finish }],
})
const pieces = (text: string) => text.match(/[\s\S]{1,3}/gu) ?? []
const mistralStream = () => {
  const events = [
    ...pieces(thinking).map((text) => event([{ type: 'thinking', thinking: [{ type: 'text', text }] }])),
    ...pieces(answer).map((text) => event([{ type: 'text', text }])),
    event([], 'stop'),
  ]
  return `${events.map((item) => `data: ${JSON.stringify(item)}\n\n`).join('')}data: [DONE]\n\n`
}

/** What a Mistral client shows: the thinking parts' text, and the text parts' (or string deltas'), joined. */
function read(events: ReadonlyArray<Record<string, unknown> | '[DONE]'>): { thinking: string; text: string } {
  let thought = ''
  let text = ''
  for (const item of events) {
    if (item === '[DONE]') continue
    for (const choice of item.choices as Array<{ delta?: { content?: string | Part[] } }>) {
      const content = choice.delta?.content
      if (typeof content === 'string') text += content
      else
        for (const part of content ?? []) {
          if (part.type === 'text') text += part.text ?? ''
          if (part.type === 'thinking') for (const inner of part.thinking ?? []) thought += inner.text ?? ''
        }
    }
  }
  return { thinking: thought, text }
}

let upstream: Server
const proxies: Array<ReturnType<typeof serve>> = []
const origins: Record<'redact' | 'block', string> = { redact: '', block: '' }

beforeAll(async () => {
  upstream = createServer((_request, response) =>
    writeInPieces(response, 'text/event-stream', mistralStream()),
  )
  const upstreamOrigin = await listenOnLoopback(upstream)
  for (const mode of ['redact', 'block'] as const) {
    const app = new Hono()
    app.use('/v1/*', focalFilter({ mode, scan: { detectors: ['credit-card', 'email'] } }))
    app.post('/v1/chat/completions', () => fetch(upstreamOrigin))
    await new Promise<void>((resolve) => {
      proxies.push(
        serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
          origins[mode] = `http://127.0.0.1:${info.port}`
          resolve()
        }),
      )
    })
  }
})
afterAll(async () => {
  for (const proxy of proxies) await new Promise((resolve) => proxy.close(resolve))
  await new Promise((resolve) => upstream.close(resolve))
})

const post = (mode: 'redact' | 'block') =>
  fetch(`${origins[mode]}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'magistral-medium-latest', stream: true, messages: [] }),
  })

describe('focalFilter over Chat Completions content parts split across chunks (Mistral, upstream on loopback)', () => {
  it('redacts the card and the email in the thinking and in the reply', async () => {
    const shown = read(await readSse(await post('redact')))
    expect(shown.thinking).toBe('The customer card is [CREDIT_CARD], mail [EMAIL_ADDRESS].')
    expect(shown.text).toBe('Your card [CREDIT_CARD] is on file; we wrote to [EMAIL_ADDRESS].')
  })

  it('blocks at the card, releasing none of it', async () => {
    const events = await readSse(await post('block'))
    const shown = read(events)
    expect(`${shown.thinking}${shown.text}`).not.toMatch(leak)
    expect(shown.thinking).toMatch(/^The customer card is ?$/u)
    expect(JSON.stringify(events)).toContain('"finish_reason":"content_filter"')
    expect(events.at(-1)).toBe('[DONE]')
  })
})
