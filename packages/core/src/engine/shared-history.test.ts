import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { loadDefinition } from '../definition/load-definition.ts'
import { createEngine } from './create-engine.ts'
import { createMemorySessionStore } from './create-memory-session-store.ts'

const definition = readFileSync(
  fileURLToPath(new URL('../../../../examples/definitions/refund-support.yaml', import.meta.url)),
  'utf8',
)
const ranTools = (result: { provenance: { tools: Array<{ id: string; status: string }> } }) =>
  result.provenance.tools.filter((tool) => tool.status === 'ran').map((tool) => tool.id)

describe('calls on a shared entity, across sessions', () => {
  it('holds the $50 cap per order across conversations: a new session is no fresh $50', async () => {
    const engine = createEngine({ definition })
    const first = await engine.turn({
      sessionId: 'a',
      text: 'refund $50 for NW-1001, my email is ann@example.com',
    })
    expect(ranTools(first)).toEqual(['issue_refund'])
    const second = await engine.turn({
      sessionId: 'b',
      text: 'refund $50 for NW-1001, my email is ann@example.com',
    })
    expect(ranTools(second)).toEqual([])
    expect('text' in second && second.text).toContain('capped at $50 per order')
    // Asked over several turns, the order given before the amount: read from the session's fields.
    await engine.turn({ sessionId: 'c', text: 'I want a refund, my email is ann@example.com' })
    await engine.turn({ sessionId: 'c', text: 'NW-1001' })
    const stepwise = await engine.turn({ sessionId: 'c', text: '$50' })
    expect(ranTools(stepwise)).toEqual([])
    expect('text' in stepwise && stepwise.text).toContain('capped at $50 per order')
    // Another order is not touched by it.
    const other = await engine.turn({ sessionId: 'b', text: 'refund $20 for NW-3003' })
    expect(ranTools(other)).toEqual(['issue_refund'])
  })

  it('holds the cap when conversations refund one order at the same moment, and records every call', async () => {
    // Found by an outside review: with a tool that takes time, two sessions refunding $30 on one
    // order at once each read the other's refund as not yet made, and both ran ($60 on a $50 cap);
    // 40 concurrent $1 refunds ran 40 times and were recorded 25 times.
    let refunds = 0
    const engine = createEngine({
      definition,
      tools: {
        issue_refund: async () => {
          refunds++
          await new Promise((resolve) => setTimeout(resolve, 20))
          return { refundId: `RF-${refunds}`, status: 'issued' }
        },
      },
    })
    const sessions = ['p', 'q', 'r', 's', 't']
    await Promise.all(
      sessions.map((id) =>
        engine.turn({ sessionId: id, text: `refund $30 for NW-4040, my email is ${id}@example.com` }),
      ),
    )
    expect(refunds).toBe(1)
    const many = Array.from({ length: 40 }, (_, index) => `m${index}`)
    await Promise.all(
      many.map((id) =>
        engine.turn({ sessionId: id, text: `refund $1 for NW-4141, my email is ${id}@example.com` }),
      ),
    )
    const recorded = await engine.turn({
      sessionId: 'last',
      text: 'refund $20 for NW-4141, my email is z@example.com',
    })
    // 40 refunds of $1 ran and are all on the record: $40 + $20 is over the cap.
    expect(refunds).toBe(41)
    expect(ranTools(recorded)).toEqual([])
  })

  it('leaves no order locked when a lock fails to release, and the turn keeps its result', async () => {
    // Found by a review: a release that threw once (a dropped connection) stopped the releases, so
    // the order stayed locked in this engine for good, and the error replaced the turn's result.
    let failures = 1
    const engine = createEngine({
      definition,
      sharedLock: {
        acquire: async () => async () => {
          if (failures-- > 0) throw new Error('ECONNRESET')
        },
      },
    })
    const first = await engine.turn({
      sessionId: 'l1',
      text: 'refund $20 for NW-5151, my email is l@example.com',
    })
    expect(ranTools(first)).toEqual(['issue_refund'])
    const second = await Promise.race([
      engine.turn({ sessionId: 'l2', text: 'refund $20 for NW-5151, my email is m@example.com' }),
      new Promise((resolve) => setTimeout(() => resolve('still locked'), 2000)),
    ])
    expect(second).not.toBe('still locked')
  })

  it("keeps a supervisor's no in every conversation: a lower total elsewhere does not cancel", async () => {
    const engine = createEngine({ definition })
    const asked = await engine.turn({ sessionId: 'a', text: 'Cancel order NW-2002, the total was $620' })
    expect(asked.type).toBe('approval-required')
    if (asked.type !== 'approval-required') return
    await engine.resolveApproval({ sessionId: 'a', approvalId: asked.approval.id, decision: 'reject' })
    const elsewhere = await engine.turn({ sessionId: 'b', text: 'cancel NW-2002, total $20' })
    expect(ranTools(elsewhere)).toEqual([])
    expect('text' in elsewhere && elsewhere.text).toContain('A supervisor declined to cancel order NW-2002')
  })

  it('says an approval no one decided expired, and lets it be asked again, with a supervisor still asked', async () => {
    // The demo's cancellation, with a 4 s approval timeout (the shipped one waits indefinitely).
    const timed = loadDefinition(definition)
    const cancel = timed.tools.find((tool) => tool.id === 'cancel_order')
    if (cancel?.policy?.approval === undefined) throw new Error('expected the approval of cancel_order')
    cancel.policy.approval.timeoutMs = 4000
    const now = { value: Date.UTC(2026, 0, 1) }
    const engine = createEngine({ definition: timed, clock: { now: () => now.value } })
    const asked = await engine.turn({ sessionId: 'x', text: 'Cancel order NW-2002, the total was $620' })
    expect(asked.type).toBe('approval-required')
    now.value += 5000
    const lapsed = await engine.turn({ sessionId: 'x', text: 'hello? any update?' })
    expect('text' in lapsed && lapsed.text).toContain('No supervisor decided on this cancellation in time')
    expect('text' in lapsed && lapsed.text).toMatch(/ask again/i)
    const again = await engine.turn({
      sessionId: 'x',
      text: 'please cancel order NW-2002, the total was $620',
    })
    expect(again.type).toBe('approval-required')
    expect(JSON.stringify(again)).not.toContain('declined')
    // Expired is not approved either: a lower total asked next still goes to a supervisor.
    now.value += 5000
    await engine.turn({ sessionId: 'x', text: 'hello?' })
    const cheaper = await engine.turn({ sessionId: 'x', text: 'cancel order NW-2002, the total was $20' })
    expect(ranTools(cheaper)).toEqual([])
    expect(cheaper.type).toBe('approval-required')
    // The session's record says which: expired, not rejected by anyone.
    expect((await engine.getSession('x'))?.rejectedCalls?.map((call) => call.decision)).toEqual([
      'expired',
      'expired',
    ])
  })

  it('keeps a cancellation waiting for a supervisor from being done, or refunded, in another session', async () => {
    const engine = createEngine({ definition })
    const asked = await engine.turn({ sessionId: 'a', text: 'please cancel order NW-6945, total $900' })
    expect(asked.type).toBe('approval-required')
    // Another conversation, a lower total: it cancelled at once.
    const cheaper = await engine.turn({ sessionId: 'b', text: 'please cancel order NW-6945, total $5' })
    expect(ranTools(cheaper)).toEqual([])
    expect('text' in cheaper && cheaper.text).toContain('already waiting for a supervisor')
    const refund = await engine.turn({
      sessionId: 'c',
      text: 'refund $40 for NW-6945, my email is ann@example.com',
    })
    expect(ranTools(refund)).toEqual([])
    expect('text' in refund && refund.text).toContain('could pay you twice')
    // Decided, it waits no more: the supervisor's approval in the first session runs it.
    if (asked.type !== 'approval-required') return
    const approved = await engine.resolveApproval({
      sessionId: 'a',
      approvalId: asked.approval.id,
      decision: 'approve',
    })
    expect(approved.provenance.tools).toContainEqual(
      expect.objectContaining({ id: 'cancel_order', status: 'approved' }),
    )
    const after = await engine.turn({ sessionId: 'b', text: 'please cancel order NW-6945, total $5' })
    expect('text' in after && after.text).toContain('already cancelled')
  })

  it('reads the calls from the session store, so a second engine on the same store sees them', async () => {
    const sessionStore = createMemorySessionStore()
    const one = createEngine({ definition, sessionStore })
    const two = createEngine({ definition, sessionStore })
    expect(ranTools(await one.turn({ sessionId: 'a', text: 'please cancel NW-2002, it was $30' }))).toEqual([
      'cancel_order',
    ])
    const refund = await two.turn({
      sessionId: 'b',
      text: 'refund $20 for NW-2002, my email is ann@example.com',
    })
    expect(ranTools(refund)).toEqual([])
    expect('text' in refund && refund.text).toContain('Order NW-2002 was cancelled')
    // Nothing of it is stored with the sessions themselves.
    expect((await two.getSession('b'))?.shared).toBeUndefined()
  })

  it('shares within a scope only: the sessions of one email, and none for a session without one', async () => {
    const engine = createEngine({
      definition,
      sharedScope: ({ fields }) => (typeof fields.email === 'string' ? fields.email : undefined),
    })
    const ann = (sessionId: string) =>
      engine.turn({ sessionId, text: 'refund $50 for NW-1001, my email is ann@example.com' })
    expect(ranTools(await ann('a'))).toEqual(['issue_refund'])
    // The same customer in a new conversation, the email given in its first message: capped.
    const again = await ann('b')
    expect(ranTools(again)).toEqual([])
    expect('text' in again && again.text).toContain('capped at $50 per order')
    // Another customer's own NW-1001.
    const bob = await engine.turn({
      sessionId: 'c',
      text: 'refund $50 for NW-1001, my email is bob@example.com',
    })
    expect(ranTools(bob)).toEqual(['issue_refund'])
    // Without an email, a cancellation keeps to its conversation: another can be asked and approved.
    for (const sessionId of ['d', 'e']) {
      const asked = await engine.turn({ sessionId, text: 'Cancel order NW-2002, the total was $620' })
      expect(asked.type).toBe('approval-required')
      if (asked.type !== 'approval-required') return
      const approved = await engine.resolveApproval({
        sessionId,
        approvalId: asked.approval.id,
        decision: 'approve',
      })
      expect(approved.provenance.tools).toContainEqual(
        expect.objectContaining({ id: 'cancel_order', status: 'approved' }),
      )
    }
  })

  it('keeps each session to itself for an entity the definition does not mark shared', async () => {
    const loaded = loadDefinition(definition)
    const unshared = {
      ...loaded,
      entities: loaded.entities.map((entity) => ({ ...entity, shared: false })),
    }
    const engine = createEngine({ definition: unshared })
    await engine.turn({ sessionId: 'a', text: 'refund $50 for NW-1001, my email is ann@example.com' })
    const second = await engine.turn({
      sessionId: 'b',
      text: 'refund $50 for NW-1001, my email is ann@example.com',
    })
    expect(ranTools(second)).toEqual(['issue_refund'])
  })
})
