/**
 * `settings.maxTurns` over a real socket: a client looping on one session is refused with 429
 * `session-turn-limit` once the session has taken its turns, whatever kind they were (answered,
 * waiting beside an approval, quiet during a handoff), on `/v1/turn` and `/v1/chat` alike, and
 * nothing more is written to its ledger. Other sessions go on.
 */
import { loadDefinition } from '@focal/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { keepSessionTokens } from '../testing/keep-session-tokens.ts'
import { readRefundSupport } from '../testing/read-refund-support.ts'
import { type LoopbackFocal, serveOnLoopback } from '../testing/serve-on-loopback.ts'

const definition = loadDefinition(readRefundSupport())
definition.settings.maxTurns = 3

let served: LoopbackFocal

beforeAll(async () => {
  served = await serveOnLoopback({ definition })
})
afterAll(() => served.close())

const http = keepSessionTokens()
const get = (path: string) => http(`${served.origin}${path}`)
const post = (path: string, body: unknown) =>
  http(`${served.origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

const turn = (sessionId: string, text: string) => post('/v1/turn', { sessionId, text })

describe('settings.maxTurns over HTTP', () => {
  it('refuses the turn after the last with 429 session-turn-limit, and writes nothing more', async () => {
    // A cancellation that waits for approval, a message answered beside it, then one more.
    expect((await turn('capped', 'cancel NW-2002, the total was $700')).status).toBe(200)
    expect((await turn('capped', 'asdf qwer')).status).toBe(200)
    expect((await turn('capped', 'hello?')).status).toBe(200)
    const ledgerBefore = await (await get('/v1/sessions/capped/ledger')).json()

    const refused = await turn('capped', 'hello again')
    expect(refused.status).toBe(429)
    const body = (await refused.json()) as { error: { code: string; message: string } }
    expect(body.error.code).toBe('session-turn-limit')
    expect(body.error.message).toMatch(/3 turns .*start a new session/)

    const chat = await post('/v1/chat', {
      id: 'capped',
      messages: [{ id: 'u', role: 'user', parts: [{ type: 'text', text: 'and now?' }] }],
    })
    const streamed = await chat.text()
    expect(streamed).toContain('session-turn-limit')

    const ledgerAfter = await (await get('/v1/sessions/capped/ledger')).json()
    expect((ledgerAfter as { total: number }).total).toBe((ledgerBefore as { total: number }).total)
    // Another session is not affected.
    expect((await turn('fresh', 'where is my order NW-1001')).status).toBe(200)
  })

  it('counts quiet turns during a handoff', async () => {
    expect((await turn('handed', 'can I speak to a human')).status).toBe(200)
    expect((await turn('handed', 'hello?')).status).toBe(200)
    expect((await turn('handed', 'anyone there?')).status).toBe(200)
    expect((await turn('handed', 'hello??')).status).toBe(429)
  })
})
