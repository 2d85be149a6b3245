/**
 * A session evicted from the in-memory stores by other clients' sessions, over a real socket: its
 * owner's token now reads 410 `session-expired` (the session is gone, not revoked), and nobody can
 * claim its id afresh; a deleted session's token still reads `session-token-revoked`. Found by an
 * outside review (rv47 F7): the victim got 401 `session-token-revoked`, and anyone could claim the
 * evicted id with a fresh ledger though the README says a claimed id is retired.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readRefundSupport } from '../testing/read-refund-support.ts'
import { type LoopbackFocal, serveOnLoopback } from '../testing/serve-on-loopback.ts'

let served: LoopbackFocal
beforeAll(async () => {
  // 20 live sessions at most, so 25 new ones evict the first.
  served = await serveOnLoopback({ definition: readRefundSupport(), memory: { maxSessions: 20 } })
})
afterAll(() => served.close())

const turn = (body: { sessionId?: string; text: string }, token?: string) =>
  fetch(`${served.origin}/v1/turn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'x-focal-session-token': token } : {}) },
    body: JSON.stringify(body),
  })
const codeOf = async (response: Response) =>
  ((await response.json()) as { error: { code: string } }).error.code

describe('an evicted session', () => {
  it('answers its token with 410 session-expired and keeps its id retired', async () => {
    const first = await turn({ sessionId: 'victim', text: 'Where is my order NW-1001?' })
    expect(first.status).toBe(200)
    const token = first.headers.get('x-focal-session-token')!
    const deleted = await turn({ sessionId: 'deleted-one', text: 'hello' })
    const deletedToken = deleted.headers.get('x-focal-session-token')!
    expect(
      (
        await fetch(`${served.origin}/v1/sessions/deleted-one`, {
          method: 'DELETE',
          headers: { 'x-focal-session-token': deletedToken },
        })
      ).status,
    ).toBe(200)

    for (let index = 0; index < 25; index++) expect((await turn({ text: 'hello' })).status).toBe(200)

    const next = await turn({ sessionId: 'victim', text: 'and NW-2002?' }, token)
    expect(next.status).toBe(410)
    expect(await codeOf(next)).toBe('session-expired')
    const read = await fetch(`${served.origin}/v1/sessions/victim/ledger`, {
      headers: { 'x-focal-session-token': token },
    })
    expect(read.status).toBe(410)
    expect(await codeOf(read)).toBe('session-expired')

    const takeover = await turn({ sessionId: 'victim', text: 'hello' })
    expect(takeover.status).toBe(409)
    expect(await codeOf(takeover)).toBe('session-claimed')
    expect(takeover.headers.get('x-focal-session-token')).toBeNull()

    const afterDelete = await turn({ sessionId: 'deleted-one', text: 'hello' }, deletedToken)
    expect(afterDelete.status).toBe(401)
    expect(await codeOf(afterDelete)).toBe('session-token-revoked')
  })
})
