/**
 * The in-memory stores' byte bounds over a real socket.
 *
 * `memory.maxSessionBytes`: a client looping on one session with long messages is refused with 429
 * `session-full` once the session's state and ledger in the in-memory stores reach the bound, on
 * `/v1/turn` and `/v1/chat`, before anything more is written; other sessions go on. Found by an
 * outside review (rv47 F6): only turns were counted, so 1,000 turns of 7.8 KB messages kept
 * 60–75 MB of RSS per session.
 *
 * `memory.maxBytes`: what all sessions hold together. Found by an outside attack review (session
 * 64): the defaults allowed 10,000 sessions of 4 MiB (40 GiB against a heap of about 4 GB), so one
 * client filling session after session with 7.9 KB messages would run the process out of memory in
 * about 25 minutes. Past the bound the least recently used sessions are forgotten, as past
 * `maxSessions`: their owners read 410 `session-expired`, the recent ones go on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFocalApp } from '../create-focal-app.ts'
import { keepSessionTokens } from '../testing/keep-session-tokens.ts'
import { readRefundSupport } from '../testing/read-refund-support.ts'
import { type LoopbackFocal, serveOnLoopback } from '../testing/serve-on-loopback.ts'

let served: LoopbackFocal
/** All sessions' state and records together: 600 kB; one session may hold 100 kB. */
let bounded: LoopbackFocal
beforeAll(async () => {
  served = await serveOnLoopback({ definition: readRefundSupport(), memory: { maxSessionBytes: 200_000 } })
  bounded = await serveOnLoopback({
    definition: readRefundSupport(),
    memory: { maxSessionBytes: 100_000, maxBytes: 600_000 },
  })
})
afterAll(async () => {
  await served.close()
  await bounded.close()
})

const http = keepSessionTokens()
const post = (path: string, body: unknown, server: LoopbackFocal = served) =>
  http(`${server.origin}${path}`, {
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

const codeOf = async (response: Response) =>
  ((await response.json()) as { error?: { code: string } }).error?.code

describe('memory.maxBytes over HTTP', () => {
  it('forgets the least recently used sessions once all of them hold the bound, and the recent ones go on', async () => {
    // Twelve sessions of three 7.8 kB turns (about 75 kB of state and records each): some 900 kB
    // in all, where the stores keep 600 kB.
    for (let session = 0; session < 12; session++)
      for (let turn = 0; turn < 3; turn++)
        expect(
          (await post('/v1/turn', { sessionId: `filler-${session}`, text: long(turn) }, bounded)).status,
        ).toBe(200)
    const first = await http(`${bounded.origin}/v1/sessions/filler-0`)
    expect(first.status).toBe(410)
    expect(await codeOf(first)).toBe('session-expired')
    // The most recent sessions are all there, and take turns.
    for (const session of [9, 10, 11])
      expect((await http(`${bounded.origin}/v1/sessions/filler-${session}`)).status).toBe(200)
    expect(
      (await post('/v1/turn', { sessionId: 'filler-11', text: 'and where is it now?' }, bounded)).status,
    ).toBe(200)
    // A session is forgotten whole: no survivor's ledger lost records under its head.
    const ledger = await http(`${bounded.origin}/v1/sessions/filler-9/ledger`)
    expect(((await ledger.json()) as { verification: { valid: boolean } }).verification.valid).toBe(true)
    // The forgotten id stays retired.
    const reclaimed = await fetch(`${bounded.origin}/v1/turn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId: 'filler-0', text: 'hello' }),
    })
    expect(reclaimed.status).toBe(409)
  })

  it('counts the replies kept for message ids: sessions that send them are forgotten sooner', async () => {
    // A recorded `/v1/turn` result holds the goal's text (about twice the message). Kept outside
    // the budget, 10,000 sessions of three such replies held about 2 GB past a 64 MiB bound.
    const survivors = async (withIds: boolean) => {
      const server = await serveOnLoopback({
        definition: readRefundSupport(),
        memory: { maxSessionBytes: 100_000, maxBytes: 600_000 },
      })
      try {
        for (let session = 0; session < 12; session++)
          for (let turn = 0; turn < 3; turn++) {
            const body = { sessionId: `${withIds ? 'ids' : 'plain'}-${session}`, text: long(turn) }
            const response = await post(
              '/v1/turn',
              withIds ? { ...body, messageId: `m${turn}` } : body,
              server,
            )
            expect(response.status).toBe(200)
          }
        let kept = 0
        for (let session = 0; session < 12; session++)
          if (
            (await http(`${server.origin}/v1/sessions/${withIds ? 'ids' : 'plain'}-${session}`)).status ===
            200
          )
            kept++
        return kept
      } finally {
        await server.close()
      }
    }
    const without = await survivors(false)
    const withIds = await survivors(true)
    expect(withIds).toBeGreaterThan(0)
    expect(withIds).toBeLessThan(without)
  })

  it('refuses bounds that cannot hold one full session, naming both options', () => {
    const definition = readRefundSupport()
    expect(() =>
      createFocalApp({ definition, memory: { maxSessionBytes: 4_194_304, maxBytes: 4_194_304 } }),
    ).toThrow(/memory\.maxBytes \(4194304\) must be at least twice memory\.maxSessionBytes/)
    for (const value of [0, -1, 1.5, Number.NaN])
      expect(() => createFocalApp({ definition, memory: { maxBytes: value } })).toThrow(/memory\.maxBytes/)
  })
})
