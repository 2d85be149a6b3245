import { type AddressInfo, connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestAppOptions } from '../testing/create-test-app.ts'
import { describeFocalHttpSuite } from '../testing/http-suite.ts'
import { describeRawBodySuite } from '../testing/raw-body-suite.ts'
import { readRefundSupport } from '../testing/read-refund-support.ts'
import { testAppConfig } from '../testing/test-app-config.ts'
import { serveFocal, serveNode } from './serve-focal.ts'

let served: ReturnType<typeof serveFocal>
let origin: string

beforeAll(async () => {
  served = serveFocal({
    ...createTestAppOptions({ definition: readRefundSupport() }),
    port: 0,
    hostname: '127.0.0.1',
    // Short, so the truncated-body test below sees the timeout answer quickly.
    requestTimeoutMs: 1000,
    headersTimeoutMs: 1000,
  })
  await new Promise<void>((resolve) => served.server.once('listening', () => resolve()))
  origin = `http://127.0.0.1:${(served.server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((resolve) => served.server.close(resolve))
})

describeFocalHttpSuite('Node (@hono/node-server socket on 127.0.0.1)', () => async (request) => {
  const url = new URL(request.url)
  return fetch(new Request(`${origin}${url.pathname}${url.search}`, request))
})

describeRawBodySuite('Node (@hono/node-server socket on 127.0.0.1)', {
  port: () => Number(new URL(origin).port),
  // Node's request timeout (1 s here) answers a stall before the app's bodyTimeoutMs, and Node's
  // parser refuses a body cut short before the app sees it: both as JSON (answerClientError).
  closesStalled: true,
  cutShort: { status: 400, code: 'invalid-request' },
})

/** Writes raw bytes to the server and resolves with everything it answers until it closes. */
function rawExchange(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(new URL(origin).port), '127.0.0.1')
    let answer = ''
    socket.on('data', (data) => (answer += data.toString()))
    socket.on('close', () => resolve(answer))
    socket.on('error', reject)
    socket.write(bytes)
  })
}

describe('serveFocal on a real socket', () => {
  it('answers request headers too large with 431 and a JSON error body', async () => {
    const answer = await rawExchange(
      `GET /health HTTP/1.1\r\nhost: 127.0.0.1\r\nx-big: ${'a'.repeat(20_000)}\r\n\r\n`,
    )
    expect(answer).toMatch(/^HTTP\/1\.1 431/)
    expect(answer).toContain('content-type: application/json')
    expect(answer).toContain('"code":"invalid-request"')
  })

  it('answers a body shorter than its content-length with 408 and closes, instead of holding the connection', async () => {
    const answer = await rawExchange(
      `POST /v1/turn HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: Bearer ${testAppConfig.clientToken}\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"text":"hi`,
    )
    expect(answer).toMatch(/^HTTP\/1\.1 408/)
    expect(answer).toContain('"code":"request-timeout"')
  })

  it('answers an oversized body with 413 payload-too-large as JSON', async () => {
    const body = JSON.stringify({ text: 'x'.repeat(testAppConfig.bodyLimit * 4) })
    const answer = await rawExchange(
      `POST /v1/turn HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\nauthorization: Bearer ${testAppConfig.clientToken}\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`,
    )
    expect(answer).toMatch(/^HTTP\/1\.1 413/)
    expect(answer).toContain('"code":"payload-too-large"')
  })

  it('answers an oversized chunked body (no content-length) with 413 payload-too-large as JSON', async () => {
    const chunk = 'x'.repeat(8192)
    const chunks = Array.from({ length: 8 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`).join('')
    const answer = await rawExchange(
      `POST /v1/turn HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\nauthorization: Bearer ${testAppConfig.clientToken}\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n${chunks}0\r\n\r\n`,
    )
    expect(answer).toMatch(/^HTTP\/1\.1 413/)
    expect(answer).toContain('"code":"payload-too-large"')
  })
})

describe('serveNode: a host app served as serveFocal serves Focal', () => {
  it("answers a malformed request with Focal's JSON error, never Node's empty 400", async () => {
    // The demo server mounts Focal in an app of its own: served with @hono/node-server's plain
    // `serve`, a bad Content-Length got Node's bodiless 400.
    const server = serveNode({ fetch: () => new Response('ok') }, { port: 0 })
    await new Promise<void>((resolve) => server.once('listening', () => resolve()))
    try {
      const port = (server.address() as AddressInfo).port
      for (const request of [
        'POST /x HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-length: abc\r\n\r\n',
        'POST /x HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-length: 3\r\ncontent-length: 4\r\n\r\nabcd',
        // A Host header no URL can be built from, and a request target of '*' (outside review,
        // session 42: the adapter answered both with an empty 400).
        'GET /health HTTP/1.1\r\nhost: a b\r\nconnection: close\r\n\r\n',
        'GET * HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n\r\n',
      ]) {
        const answer = await new Promise<string>((resolve, reject) => {
          const socket = connect(port, '127.0.0.1')
          let text = ''
          socket.on('data', (data) => (text += data.toString()))
          socket.on('close', () => resolve(text))
          socket.on('error', reject)
          socket.write(request)
        })
        expect(answer).toMatch(/^HTTP\/1\.1 400/)
        expect(answer).toContain('"code":"invalid-request"')
      }
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
