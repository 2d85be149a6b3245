/**
 * With an `authorizeApproval` hook, the approver routes checked the caller only once the session,
 * handoff or approval was found: a caller the hook refuses read 404 for a session that does not
 * exist and 403 for one that does, and so could tell which sessions (and which handoffs and pending
 * approvals) exist. Now such a caller gets the hook's 403 either way; one it lets in gets the 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readRefundSupport } from '../testing/read-refund-support.ts'
import { type LoopbackFocal, serveOnLoopback } from '../testing/serve-on-loopback.ts'

/** The hook: a request with the back office's SSO header is the supervisor; any other is refused. */
const sso = { 'x-sso': 'dana-supervisor' }

let served: LoopbackFocal
beforeAll(async () => {
  served = await serveOnLoopback({
    definition: readRefundSupport(),
    authorizeApproval: (request) =>
      request.headers.get('x-sso') === sso['x-sso'] ? { id: 'dana', role: 'supervisor' } : null,
  })
})
afterAll(() => served.close())

async function call(path: string, headers: Record<string, string>, body?: unknown) {
  const response = await fetch(`${served.origin}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return {
    status: response.status,
    code: ((await response.json()) as { error?: { code?: string } }).error?.code,
  }
}

/** Every approver route, for a session id. */
const routes = (sessionId: string) => [
  { path: `/v1/sessions/${sessionId}/approval` },
  { path: '/v1/approvals/appr-unknown', body: { sessionId, decision: 'approve' } },
  { path: `/v1/sessions/${sessionId}/release`, body: {} },
  { path: `/v1/sessions/${sessionId}/handoff/conversation` },
  { path: `/v1/sessions/${sessionId}/handoff/replies`, body: { text: 'Hello' } },
]

describe('approver routes with an authorizeApproval hook, over a real socket', () => {
  it('answer a caller the hook refuses 403 whether or not the session exists', async () => {
    // A session that exists, with no handoff and no pending approval.
    const turn = await fetch(`${served.origin}/v1/turn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId: 'exists-1', text: 'Which card is on file?' }),
    })
    expect(turn.status).toBe(200)
    for (const sessionId of ['exists-1', 'never-was-1']) {
      for (const { path, body } of routes(sessionId)) {
        expect({ path, ...(await call(path, {}, body)) }).toEqual({
          path,
          status: 403,
          code: 'approver-forbidden',
        })
      }
    }
  })

  it('answer a caller the hook lets in with what is not there', async () => {
    const answers = []
    for (const { path, body } of routes('never-was-2')) answers.push((await call(path, sso, body)).code)
    expect(answers).toEqual([
      'approval-not-found',
      'approval-not-found',
      'session-not-found',
      'session-not-found',
      'session-not-found',
    ])
  })
})
