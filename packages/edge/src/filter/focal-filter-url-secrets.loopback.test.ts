import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import OpenAI from 'openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { upstreamFormats } from '../../../core/src/testing/upstream-formats.ts'
import { focalFilter } from './focal-filter.ts'

// A model reply with credentials inside URLs: a password in the userinfo and a token in the
// query. Only the secret detector runs, so what hides them is the secret findings, not the URL's.
const reply =
  'Clone it with git clone https://deploy:Qm7vX2kLp9@git.example.net/app.git then call ' +
  'https://api.example.net/v1/r?format=json&access_token=HYZHPP4PBYXCOZAVK4FH55W4MRHYLALPU1&page=2 to check.'
const script = { text: reply.split(/(?<= )/), args: '{}'.split('') }

let upstream: Server
let proxy: Server
let proxyOrigin = ''

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

beforeAll(async () => {
  upstream = createServer(async (_request, response) => {
    const { contentType, body } = upstreamFormats['openai-chat-sse'](script)
    response.writeHead(200, { 'content-type': contentType })
    // 5-byte writes: the password and the token cross TCP reads and stream chunks.
    const bytes = new TextEncoder().encode(body)
    for (let start = 0; start < bytes.length; start += 5) {
      response.write(bytes.slice(start, start + 5))
      await new Promise((resolve) => setImmediate(resolve))
    }
    response.end()
  })
  const upstreamOrigin = await listen(upstream)
  const app = new Hono()
  app.use('*', focalFilter({ mode: 'redact', scan: { detectors: ['secret'] } }))
  app.post('/*', () => fetch(upstreamOrigin, { method: 'POST', body: '{}' }))
  proxy = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server
  await new Promise<void>((resolve) => (proxy.listening ? resolve() : proxy.once('listening', resolve)))
  proxyOrigin = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
})

afterAll(async () => {
  for (const server of [upstream, proxy]) await new Promise((resolve) => server?.close(resolve))
})

describe('focalFilter on URL credentials, over a real HTTP server', () => {
  it('hides a URL password and a query token streamed in 5-byte pieces, and keeps the rest of each URL', async () => {
    const client = new OpenAI({ apiKey: 'test', baseURL: `${proxyOrigin}/v1`, maxRetries: 0 })
    const stream = client.chat.completions.stream({ model: 'm', messages: [] })
    const content = (await stream.finalChatCompletion()).choices[0]?.message.content ?? ''
    expect(content).not.toContain('Qm7vX2kLp9')
    expect(content).not.toContain('HYZHPP4PBYXCOZAVK4FH55W4MRHYLALPU1')
    expect(content).toContain('git.example.net/app.git')
    expect(content).toContain('format=json&access_token=')
    expect(content).toContain('&page=2 to check.')
  })
})
