/**
 * A path that only looks like a route (a double slash, another case) is no route, over a real
 * socket: JSON 404 `route-not-found`, never 405 with an `Allow` header a client would follow in a
 * loop (an outside review, session 46: `POST //v1/turn` got "405 … use POST").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readRefundSupport } from '../testing/read-refund-support.ts'
import { type LoopbackFocal, serveOnLoopback } from '../testing/serve-on-loopback.ts'

let served: LoopbackFocal
beforeAll(async () => {
  served = await serveOnLoopback({ definition: readRefundSupport() })
})
afterAll(() => served.close())

describe('createFocalApp notFound', () => {
  it('answers a double slash or another case with 404 route-not-found', async () => {
    for (const path of ['//v1/turn', '///v1/parse', '/V1/turn']) {
      const response = await fetch(`${served.origin}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'hi' }),
      })
      expect(response.status, path).toBe(404)
      expect(response.headers.get('allow'), path).toBeNull()
      expect(((await response.json()) as { error: { code: string } }).error.code, path).toBe(
        'route-not-found',
      )
    }
  })

  it('still answers a known route under a mount prefix with another method 405 and Allow', async () => {
    const response = await fetch(`${served.origin}/task/v1/turn`)
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('POST')
  })
})
