/**
 * `memory.maxSessionBytes` over a real socket: a client looping on one session with long messages
 * is refused with 429 `session-full` once the session's state and ledger in the in-memory stores
 * reach the bound, on `/v1/turn` and `/v1/chat`, before anything more is written; other sessions go
 * on. Found by an outside review (rv47 F6): only turns were counted, so 1,000 turns of 7.8 KB
 * messages kept 60–75 MB of RSS per session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { keepSessionTokens } from '../testing/keep-session-tokens.ts'
import { readRefundSupport } from '../testing/read-refund-support.ts'
import { type LoopbackFocal, serveOnLoopback } from '../testing/serve-on-loopback.ts'

let served: LoopbackFocal
beforeAll(async () => {
  served = await serveOnLoopback({ definition: readRefundSupport(), memory: { maxSessionBytes: 200_000 } })
})
afterAll(() => served.close())

const http = keepSessionTokens()
const post = (path: string, body: unknown) =>
  http(`${served.origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
const long = (turn: number) => `Question ${turn}: ${'where is my parcel, it was due last week? '.repeat(185)}`
const ledgerTotal = async (sessionId: string) =>
  (
    (await (await http(`${served.origin}/v1/sessions/${sessionId}/ledger?limit=1`)).json()) as {
      total: number
    }
  ).total

describe('memory.maxSessionBytes over HTTP', () => {
  it('refuses the next turn with 429 session-full once the session holds the bound, and writes nothing more', async () => {
    expect(long(0).length).toBeGreaterThan(7_500)
    let refused: Response | undefined
    let turns = 0
    for (; turns < 200 && refused === undefined; turns++) {
      const response = await post('/v1/turn', { sessionId: 'heavy', text: long(turns) })
      if (response.status !== 200) refused = response
    }
    expect(refused?.status).toBe(429)
    expect(((await refused!.json()) as { error: { code: string } }).error.code).toBe('session-full')
    // 200 kB of 7.8 kB messages: a few dozen turns, not the 1,000 of settings.maxTurns.
    expect(turns).toBeLessThan(40)
    const total = await ledgerTotal('heavy')
    const chat = await post('/v1/chat', {
      id: 'heavy',
      messages: [{ id: 'm1', role: 'user', parts: [{ type: 'text', text: 'one more' }] }],
    })
    expect(chat.status).toBe(429)
    expect(((await chat.json()) as { error: { code: string } }).error.code).toBe('session-full')
    expect((await post('/v1/turn', { sessionId: 'heavy', text: 'short' })).status).toBe(429)
    expect(await ledgerTotal('heavy')).toBe(total)
    expect((await post('/v1/turn', { sessionId: 'light', text: long(0) })).status).toBe(200)
  })
})
