import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createEngine, createLedger, createMemoryLedgerStore, loadDefinition } from '@focal/core'
import { type ChatStore, createChatStore, createHttpTransport } from '@focal/react'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { keepSessionTokens } from '../../../packages/edge/src/testing/keep-session-tokens.ts'
import { type LoopbackFocal, serveOnLoopback } from '../../../packages/edge/src/testing/serve-on-loopback.ts'
import { demoSharedScope } from '../server/create-demo-server.ts'
import { demoFlows } from './demo-messages.ts'

// The customer's widget waits for a supervisor; the supervisor decides from another client. The
// customer must see the decision and the reply it produced without sending another message.
const definition = readFileSync(
  join(import.meta.dirname, '..', '..', 'definitions', 'refund-support.yaml'),
  'utf8',
)
const supervisor = { token: 'wait-test-supervisor-credential-0123456789', id: 'sam', roles: ['supervisor'] }

let served: LoopbackFocal
let origin: string

beforeAll(async () => {
  // As the demo serves it: its tests run the same cancellation of NW-2002 in several sessions.
  served = await serveOnLoopback({ definition, approvers: [supervisor], sharedScope: demoSharedScope })
  origin = served.origin
})
afterAll(() => served.close())

/** The customer asks for the gated cancellation and waits; returns its store and the approval id. */
async function customerWaiting(): Promise<{ store: ChatStore; approvalId: string }> {
  const store = createChatStore({ transport: createHttpTransport({ baseUrl: origin }), approvalPollMs: 25 })
  await store.getState().sendMessage(demoFlows.approval.text)
  const approval = store.getState().pendingApproval
  expect(approval?.approver).toBe('supervisor')
  expect(store.getState().canResolveApprovals).toBe(false)
  return { store, approvalId: approval!.id }
}

async function supervisorDecides(sessionId: string, approvalId: string, decision: 'approve' | 'reject') {
  const transport = createHttpTransport({ baseUrl: origin, approverToken: supervisor.token })
  for await (const _chunk of transport.resolveApproval({
    sessionId,
    approvalId,
    decision,
    signal: new AbortController().signal,
  }));
}

const approvalPart = (store: ChatStore) =>
  store
    .getState()
    .messages.flatMap((message) => message.parts)
    .find((part) => part.type === 'approval')

const lastText = (store: ChatStore) =>
  store
    .getState()
    .messages.at(-1)
    ?.parts.flatMap((part) => (part.type === 'text' ? [part.text] : []))
    .join('')

describe('a customer waiting for a supervisor', () => {
  it('sees the approval and the reply it produced without sending another message', async () => {
    const { store, approvalId } = await customerWaiting()
    const before = store.getState().messages.length
    await supervisorDecides(store.getState().sessionId, approvalId, 'approve')
    await vi.waitFor(() => expect(approvalPart(store)).toMatchObject({ decision: 'approve' }), {
      timeout: 5000,
    })
    expect(store.getState().pendingApproval).toBeUndefined()
    expect(store.getState().messages).toHaveLength(before + 1)
    expect(lastText(store)).toMatch(/NW-2002/)
  })

  it('sees a rejection the same way', async () => {
    const { store, approvalId } = await customerWaiting()
    await supervisorDecides(store.getState().sessionId, approvalId, 'reject')
    await vi.waitFor(() => expect(approvalPart(store)).toMatchObject({ decision: 'reject' }), {
      timeout: 5000,
    })
    expect(store.getState().pendingApproval).toBeUndefined()
  })

  it('reports an approval that expired at a later turn, with no reply to show twice (that turn answered)', async () => {
    // The same agent with a one-minute approval timeout and a clock the test moves.
    const loaded = loadDefinition(definition)
    const cancel = loaded.tools.find((tool) => tool.id === 'cancel_order')!
    cancel.policy.approval = { ...cancel.policy.approval, timeoutMs: 60_000, defaultAction: 'approve' }
    let now = Date.parse('2026-11-24T12:00:00Z')
    const ledgerStore = createMemoryLedgerStore()
    const ledger = createLedger({ store: ledgerStore, anchorStore: false })
    const engine = createEngine({ definition: loaded, clock: { now: () => now }, ledger })
    const timed = await serveOnLoopback({ engine, definition: loaded, ledgerStore, approvers: [supervisor] })
    try {
      const http = keepSessionTokens()
      const store = createChatStore({
        transport: createHttpTransport({
          baseUrl: timed.origin,
          fetch: (input, init) => http(String(input), init),
        }),
        approvalPollMs: 0,
      })
      await store.getState().sendMessage(demoFlows.approval.text)
      const approvalId = store.getState().pendingApproval!.id
      now += 120_000
      await store.getState().sendMessage(demoFlows.redaction.text)
      const status = await http(
        `${timed.origin}/v1/sessions/${store.getState().sessionId}/approvals/${approvalId}`,
      )
      expect(await status.json()).toEqual({
        sessionId: store.getState().sessionId,
        approvalId,
        status: 'expired',
        action: 'approve',
      })
    } finally {
      await timed.close()
    }
  })

  it('keeps waiting while nobody decided, and the status is for the session only', async () => {
    const { store, approvalId } = await customerWaiting()
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(approvalPart(store)).toMatchObject({ decision: 'pending' })
    const path = `/v1/sessions/${store.getState().sessionId}/approvals/${approvalId}`
    const stranger = await fetch(`${origin}${path}`)
    expect(stranger.status).toBe(401)
    expect(await stranger.json()).toMatchObject({ error: { code: expect.any(String) } })
    store.getState().reset()
  })

  it('still sees the decision after a reload, when the chat keeps its session in storage', async () => {
    // Found by an outside review (session 46b): a reload silently started a new session, and the
    // outcome of the approval the first one waited for was never shown.
    const saved = new Map<string, string>()
    const storage = {
      getItem: (key: string) => saved.get(key) ?? null,
      setItem: (key: string, value: string) => void saved.set(key, value),
      removeItem: (key: string) => void saved.delete(key),
    }
    const page = (approvalPollMs: number) =>
      createChatStore({
        transport: createHttpTransport({ baseUrl: origin, tokenStorage: storage }),
        persist: { storage },
        approvalPollMs,
      })
    // The page before the reload never polls: it is gone before anyone decides.
    const before = page(0)
    await before.getState().sendMessage(demoFlows.approval.text)
    const approvalId = before.getState().pendingApproval!.id
    const after = page(25)
    expect(after.getState().sessionId).toBe(before.getState().sessionId)
    expect(after.getState().messages).toEqual(before.getState().messages)
    expect(approvalPart(after)).toMatchObject({ decision: 'pending' })
    await supervisorDecides(after.getState().sessionId, approvalId, 'approve')
    await vi.waitFor(() => expect(approvalPart(after)).toMatchObject({ decision: 'approve' }), {
      timeout: 5000,
    })
    expect(lastText(after)).toMatch(/NW-2002/)
    // The restored session still speaks with its own token.
    await after.getState().sendMessage('Thanks, did it go through?')
    expect(after.getState().error).toBeUndefined()
    expect(after.getState().sessionId).toBe(before.getState().sessionId)
  })
})
