/**
 * Whose clock says an approval has expired, over a real socket. A status read settles an approval
 * past its `expiresAt`; the edge decided "past" by its own `Date.now()` while the engine, asked to
 * apply it, judged by its own clock: with the engine's clock an hour behind, a read recorded a
 * `rejected` decision nobody made (the engine saw the approval still in time, so the edge's
 * "reject" was taken as a decision). The engine's clock decides now: the read asks it to settle
 * the approval only if it is expired by that clock (`onlyIfExpired`), and the app's `clock`, shared
 * with the engine, decides when to ask.
 */
import {
  createEngine,
  createLedger,
  createMemoryLedgerStore,
  createMemorySessionStore,
  loadDefinition,
} from '@focal/core'
import { afterEach, describe, expect, it } from 'vitest'
import { keepSessionTokens } from '../testing/keep-session-tokens.ts'
import { readRefundSupport } from '../testing/read-refund-support.ts'
import { type LoopbackFocal, serveOnLoopback } from '../testing/serve-on-loopback.ts'

const supervisor = 's'.repeat(40)
const approvers = [{ token: supervisor, id: 'sup-1', roles: ['supervisor'] }]
// The cancellation's approval times out after 300 ms (by the engine's clock).
const definition = loadDefinition(readRefundSupport().replace('timeoutMs: 3600000', 'timeoutMs: 300'))
const hour = 3_600_000

const running: LoopbackFocal[] = []
afterEach(async () => {
  await Promise.all(running.splice(0).map((served) => served.close()))
})

/** An app over a ready engine whose clock reads `now()`. */
async function serveSkewed(now: () => number, options: { shareClock?: boolean } = {}) {
  const clock = { now }
  const ledgerStore = createMemoryLedgerStore()
  const sessionStore = createMemorySessionStore()
  const engine = createEngine({
    definition,
    clock,
    sessionStore,
    ledger: createLedger({ store: ledgerStore }),
  })
  const served = await serveOnLoopback({
    engine,
    definition,
    ledgerStore,
    sessionStore,
    approvers,
    ...(options.shareClock ? { clock } : {}),
  })
  running.push(served)
  return served
}

async function pause(origin: string, http: ReturnType<typeof keepSessionTokens>, sessionId: string) {
  const paused = await http(`${origin}/v1/turn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sessionId, text: 'Cancel order NW-2002, the total was $620' }),
  })
  expect(paused.status).toBe(200)
  const { approval } = (await paused.json()) as { approval: { id: string; expiresAt: string } }
  return approval
}

async function decisions(origin: string, http: ReturnType<typeof keepSessionTokens>, sessionId: string) {
  const ledger = (await (await http(`${origin}/v1/sessions/${sessionId}/ledger`)).json()) as {
    records: Array<{ type: string; payload: { decision?: string } }>
  }
  return ledger.records
    .filter((record) => record.type === 'approval-resolved')
    .map((record) => record.payload.decision)
}

describe('an approval past its expiry by one clock and not by another', () => {
  it("records nothing while the engine's clock says it is still in time, then expires it by that clock", async () => {
    // The engine's clock stands an hour behind (and still, however slow the machine is).
    let engineNow = Date.now() - hour
    const served = await serveSkewed(() => engineNow)
    const http = keepSessionTokens()
    const approval = await pause(served.origin, http, 'behind')
    // By the edge's clock it expired an hour ago; by the engine's it has 300 ms to go.
    expect(Date.parse(approval.expiresAt)).toBeLessThan(Date.now() - hour / 2)

    const status = await http(`${served.origin}/v1/sessions/behind/approvals/${approval.id}`)
    expect(await status.json()).toEqual({ sessionId: 'behind', approvalId: approval.id, status: 'pending' })
    const view = await fetch(`${served.origin}/v1/sessions/behind/approval`, {
      headers: { 'x-focal-approver-token': supervisor },
    })
    expect(view.status).toBe(200)
    expect(await decisions(served.origin, http, 'behind')).toEqual([])

    // The engine's clock reaches the expiry: the next read applies the default action, once.
    engineNow = Date.now()
    const expired = await http(`${served.origin}/v1/sessions/behind/approvals/${approval.id}`)
    expect(await expired.json()).toMatchObject({ status: 'expired', action: 'reject' })
    expect(await decisions(served.origin, http, 'behind')).toEqual(['expired'])
  })

  it('expires it by the clock the app and the engine share, however far that is from the real one', async () => {
    const served = await serveSkewed(() => Date.now() + hour, { shareClock: true })
    const http = keepSessionTokens()
    const approval = await pause(served.origin, http, 'ahead')
    expect(Date.parse(approval.expiresAt)).toBeGreaterThan(Date.now() + hour / 2)
    await new Promise((resolve) => setTimeout(resolve, 350))
    const expired = await http(`${served.origin}/v1/sessions/ahead/approvals/${approval.id}`)
    expect(await expired.json()).toMatchObject({ status: 'expired', action: 'reject' })
    expect(await decisions(served.origin, http, 'ahead')).toEqual(['expired'])
  })

  it("passes the app's clock to the engine it builds", async () => {
    let now = Date.now() - hour
    const served = await serveOnLoopback({ definition, approvers, clock: { now: () => now } })
    running.push(served)
    const http = keepSessionTokens()
    const approval = await pause(served.origin, http, 'built')
    expect(Date.parse(approval.expiresAt)).toBeLessThan(Date.now() - hour / 2)
    const status = await http(`${served.origin}/v1/sessions/built/approvals/${approval.id}`)
    expect(await status.json()).toMatchObject({ status: 'pending' })
    now = Date.now()
    const expired = await http(`${served.origin}/v1/sessions/built/approvals/${approval.id}`)
    expect(await expired.json()).toMatchObject({ status: 'expired', action: 'reject' })
    expect(await decisions(served.origin, http, 'built')).toEqual(['expired'])
  })
})
