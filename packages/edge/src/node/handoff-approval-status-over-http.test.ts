/**
 * An approval decided while a person has the chat, read by the customer's widget over a real
 * socket. The engine resumes such a turn quietly (the person tells the customer), but the status
 * route offered the session's last message as the decision's `reply`: first the bot's earlier
 * "I'm connecting you with a person" again, then the person's own reply, which the widget appended
 * as the assistant's answer to the approval (outside review rv66b).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestAppOptions } from '../testing/create-test-app.ts'
import { readRefundSupport } from '../testing/read-refund-support.ts'
import { type LoopbackFocal, serveOnLoopback } from '../testing/serve-on-loopback.ts'
import { testAppConfig } from '../testing/test-app-config.ts'

let served: LoopbackFocal
beforeAll(async () => {
  served = await serveOnLoopback(createTestAppOptions({ definition: readRefundSupport() }))
})
afterAll(() => served.close())

const client = { authorization: `Bearer ${testAppConfig.clientToken}`, 'content-type': 'application/json' }
const supervisor = { ...client, 'x-focal-approver-token': testAppConfig.supervisor.token }

async function call(
  path: string,
  init: { method?: string; body?: unknown; headers: Record<string, string> },
) {
  const response = await fetch(`${served.origin}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: init.headers,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

describe('GET /v1/sessions/:id/approvals/:aid for a decision taken during a handoff', () => {
  it('offers no reply: the resumed turn was quiet, and what the person wrote is not its answer', async () => {
    const sessionId = 'handed-over-approval'
    const paused = await fetch(`${served.origin}/v1/turn`, {
      method: 'POST',
      headers: client,
      body: JSON.stringify({ sessionId, text: 'cancel my order NW-2002, the total was $900' }),
    })
    const token = paused.headers.get('x-focal-session-token')!
    const { approval } = (await paused.json()) as { approval: { id: string } }
    const customer = { ...client, 'x-focal-session-token': token }
    const handed = await call('/v1/turn', {
      body: { sessionId, text: 'can I speak to a human please?' },
      headers: customer,
    })
    expect(handed.body.type).toBe('handoff')

    const decided = await call(`/v1/approvals/${approval.id}`, {
      body: { sessionId, decision: 'approve' },
      headers: supervisor,
    })
    expect(decided.status).toBe(200)
    expect(decided.body.type).toBe('handoff')
    expect(decided.body.text).toBeUndefined()

    const status = `/v1/sessions/${sessionId}/approvals/${approval.id}`
    expect((await call(status, { headers: customer })).body).toEqual({
      sessionId,
      approvalId: approval.id,
      status: 'approved',
      action: 'approve',
      approverRole: 'supervisor',
    })

    const wrote = await call(`/v1/sessions/${sessionId}/handoff/replies`, {
      body: { text: 'Hi, this is Dana: your order is cancelled.' },
      headers: supervisor,
    })
    expect(wrote.status).toBe(200)
    const after = await call(status, { headers: customer })
    expect(after.body.status).toBe('approved')
    expect(after.body).not.toHaveProperty('reply')
  })

  it('still offers the reply of a decision taken with no person on the chat', async () => {
    const sessionId = 'spoken-approval'
    const paused = await fetch(`${served.origin}/v1/turn`, {
      method: 'POST',
      headers: client,
      body: JSON.stringify({ sessionId, text: 'cancel my order NW-2003, the total was $900' }),
    })
    const token = paused.headers.get('x-focal-session-token')!
    const { approval } = (await paused.json()) as { approval: { id: string } }
    const decided = await call(`/v1/approvals/${approval.id}`, {
      body: { sessionId, decision: 'approve' },
      headers: supervisor,
    })
    expect(decided.body.text).toMatch(/Order NW-2003 is cancelled/)
    const status = await call(`/v1/sessions/${sessionId}/approvals/${approval.id}`, {
      headers: { ...client, 'x-focal-session-token': token },
    })
    expect(status.body).toMatchObject({ status: 'approved', reply: decided.body.text })
  })
})
