/**
 * An approval past its `expiresAt`, read over a real socket before anyone acts: the requester's
 * status reads `expired` with the default action and its reply, the default action is recorded in
 * the ledger once (as the session's next turn would record it), and the approver's pending view no
 * longer offers it. Found by an outside review (session 46): both read `pending` until someone
 * acted, so the widget waited for a decision that could no longer come.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { keepSessionTokens } from '../testing/keep-session-tokens.ts'
import { readRefundSupport } from '../testing/read-refund-support.ts'
import { type LoopbackFocal, serveOnLoopback } from '../testing/serve-on-loopback.ts'

const supervisor = 's'.repeat(40)
/** An approver without the supervisor role the cancellation needs. */
const agent = 'a'.repeat(40)
// The cancellation's approval times out after 300 ms instead of an hour.
const definition = readRefundSupport().replace('timeoutMs: 3600000', 'timeoutMs: 300')

let served: LoopbackFocal
beforeAll(async () => {
  served = await serveOnLoopback({
    definition,
    approvers: [
      { token: supervisor, id: 'sup-1', roles: ['supervisor'] },
      { token: agent, id: 'agent-1', roles: ['agent'] },
    ],
  })
})
afterAll(() => served.close())

const http = keepSessionTokens()
const get = (path: string, headers: Record<string, string> = {}) =>
  http(`${served.origin}${path}`, { headers })

describe('GET /v1/sessions/:id/approvals/:aid past expiresAt', () => {
  it('reads expired with the default action, recorded once, and leaves the approver view', async () => {
    expect(definition).toContain('timeoutMs: 300')
    const paused = await http(`${served.origin}/v1/turn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId: 'expiring', text: 'Cancel order NW-2002, the total was $620' }),
    })
    const { approval } = (await paused.json()) as { approval: { id: string; expiresAt: string } }
    const status = `/v1/sessions/expiring/approvals/${approval.id}`
    expect(await (await get(status)).json()).toMatchObject({ status: 'pending' })
    const approver = { 'x-focal-approver-token': supervisor }
    expect(
      (await fetch(`${served.origin}/v1/sessions/expiring/approval`, { headers: approver })).status,
    ).toBe(200)

    await new Promise((resolve) => setTimeout(resolve, Date.parse(approval.expiresAt) - Date.now() + 50))

    const expired = await get(status)
    expect(expired.status).toBe(200)
    expect(await expired.json()).toEqual({
      sessionId: 'expiring',
      approvalId: approval.id,
      status: 'expired',
      action: 'reject',
      reply:
        "No supervisor decided on this cancellation in time, so the order stays active. If you still want it cancelled, ask again and I'll send a new request.",
    })
    const view = await fetch(`${served.origin}/v1/sessions/expiring/approval`, { headers: approver })
    expect(view.status).toBe(404)
    expect(((await view.json()) as { error: { code: string } }).error.code).toBe('approval-not-found')

    // Recorded once, however often it is read.
    await get(status)
    const ledger = (await (await get('/v1/sessions/expiring/ledger')).json()) as {
      records: Array<{ type: string; payload: { decision?: string } }>
    }
    const resolved = ledger.records.filter((record) => record.type === 'approval-resolved')
    expect(resolved.map((record) => record.payload.decision)).toEqual(['expired'])
  })

  it('drops an expired approval from the approver view read first', async () => {
    const paused = await http(`${served.origin}/v1/turn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId: 'expiring-2', text: 'Cancel order NW-2077, the total was $640' }),
    })
    const { approval } = (await paused.json()) as { approval: { expiresAt: string } }
    await new Promise((resolve) => setTimeout(resolve, Date.parse(approval.expiresAt) - Date.now() + 50))
    // Only an approver's read settles it: an anonymous one is refused and changes nothing.
    const anonymous = await fetch(`${served.origin}/v1/sessions/expiring-2/approval`)
    expect(anonymous.status).toBe(401)
    const untouched = (await (await get('/v1/sessions/expiring-2/ledger')).json()) as {
      records: Array<{ type: string }>
    }
    expect(untouched.records.some((record) => record.type === 'approval-resolved')).toBe(false)
    const view = await fetch(`${served.origin}/v1/sessions/expiring-2/approval`, {
      headers: { 'x-focal-approver-token': supervisor },
    })
    expect(view.status).toBe(404)
    const ledger = (await (await get('/v1/sessions/expiring-2/ledger')).json()) as {
      records: Array<{ type: string; payload: { decision?: string } }>
    }
    expect(ledger.records.find((record) => record.type === 'approval-resolved')?.payload.decision).toBe(
      'expired',
    )
  })

  it('names no approver for the default action a late decision found applied', async () => {
    // The supervisor approves after the timeout: 410, and the ledger and the customer's status
    // named them (and their role) as the one who declined it, though no one decided.
    const paused = await http(`${served.origin}/v1/turn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId: 'expiring-late', text: 'Cancel order NW-2079, the total was $660' }),
    })
    const { approval } = (await paused.json()) as { approval: { id: string; expiresAt: string } }
    await new Promise((resolve) => setTimeout(resolve, Date.parse(approval.expiresAt) - Date.now() + 50))
    const late = await fetch(`${served.origin}/v1/approvals/${approval.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-focal-approver-token': supervisor },
      body: JSON.stringify({ sessionId: 'expiring-late', decision: 'approve' }),
    })
    expect(late.status).toBe(410)
    expect(((await late.json()) as { error: { code: string } }).error.code).toBe('approval-expired')
    const ledger = (await (await get('/v1/sessions/expiring-late/ledger')).json()) as {
      records: Array<{ type: string; payload: Record<string, unknown> }>
    }
    const resolved = ledger.records.filter((record) => record.type === 'approval-resolved')
    expect(resolved.map((record) => record.payload)).toEqual([
      { approvalId: approval.id, decision: 'expired' },
    ])
    const status = await get(`/v1/sessions/expiring-late/approvals/${approval.id}`)
    const body = (await status.json()) as Record<string, unknown>
    expect(body).toMatchObject({ status: 'expired', action: 'reject' })
    expect(body).not.toHaveProperty('approverRole')
  })

  it('answers a decision after a status read settled it 410, not 404 as if it never was', async () => {
    const paused = await http(`${served.origin}/v1/turn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId: 'expiring-read', text: 'Cancel order NW-2080, the total was $670' }),
    })
    const { approval } = (await paused.json()) as { approval: { id: string; expiresAt: string } }
    await new Promise((resolve) => setTimeout(resolve, Date.parse(approval.expiresAt) - Date.now() + 50))
    // The customer's widget polls first: its read applies the default action.
    const read = await get(`/v1/sessions/expiring-read/approvals/${approval.id}`)
    expect(await read.json()).toMatchObject({ status: 'expired' })
    const decide = (token: string, approvalId = approval.id) =>
      fetch(`${served.origin}/v1/approvals/${approvalId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-focal-approver-token': token },
        body: JSON.stringify({ sessionId: 'expiring-read', decision: 'approve' }),
      })
    const code = async (response: Response) => [
      response.status,
      ((await response.json()) as { error: { code: string } }).error.code,
    ]
    expect(await code(await decide(supervisor))).toEqual([410, 'approval-expired'])
    expect(await code(await decide(supervisor))).toEqual([410, 'approval-expired'])
    // Only an approver allowed to decide it learns it expired.
    expect(await code(await decide(agent))).toEqual([403, 'approver-forbidden'])
    expect(await code(await decide(supervisor, 'approval_unknown'))).toEqual([404, 'approval-not-found'])
    const ledger = (await (await get('/v1/sessions/expiring-read/ledger')).json()) as {
      records: Array<{ type: string; payload: { decision?: string } }>
    }
    const resolved = ledger.records.filter((record) => record.type === 'approval-resolved')
    expect(resolved.map((record) => record.payload.decision)).toEqual(['expired'])
  })

  it('is settled by no read an approver hook refuses', async () => {
    // With an `authorizeApproval` hook the credential is checked with the approval in hand: the
    // read settled it first, so anyone knowing the session id applied its default action.
    const guarded = await serveOnLoopback({ definition, authorizeApproval: async () => null })
    try {
      const tokens = keepSessionTokens()
      const paused = await tokens(`${guarded.origin}/v1/turn`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ sessionId: 'expiring-3', text: 'Cancel order NW-2078, the total was $650' }),
      })
      const { approval } = (await paused.json()) as { approval: { expiresAt: string } }
      await new Promise((resolve) => setTimeout(resolve, Date.parse(approval.expiresAt) - Date.now() + 50))
      const refused = await fetch(`${guarded.origin}/v1/sessions/expiring-3/approval`)
      expect(refused.status).toBe(403)
      const ledger = (await (await tokens(`${guarded.origin}/v1/sessions/expiring-3/ledger`)).json()) as {
        records: Array<{ type: string }>
      }
      expect(ledger.records.some((record) => record.type === 'approval-resolved')).toBe(false)
    } finally {
      await guarded.close()
    }
  })
})
