import {
  createEngine,
  createLedger,
  createMemoryLedgerAnchorStore,
  createMemoryLedgerStore,
  createMemorySessionStore,
  FocalError,
} from '@focal/core'
import { describe, expect, it, vi } from 'vitest'
import { createMemorySessionClaims } from './app/session-claims.ts'
import { createFocalApp } from './create-focal-app.ts'
import { createTestApp, createTestAppOptions } from './testing/create-test-app.ts'
import { describeFocalHttpSuite } from './testing/http-suite.ts'
import { readRefundSupport } from './testing/read-refund-support.ts'
import { runConcurrentTurns } from './testing/run-concurrent-turns.ts'
import { testAppConfig } from './testing/test-app-config.ts'

const definition = readRefundSupport()

describeFocalHttpSuite('Node (app.request)', () => {
  const app = createTestApp({ definition })
  return async (request) => app.request(request)
})

describe('createFocalApp', () => {
  it.each([
    ['bodyTimeoutMs', 0],
    ['bodyTimeoutMs', -5],
    ['bodyLimit', 0],
    ['bodyLimit', 1.5],
  ] as const)('refuses %s = %d at start, naming the option', (option, value) => {
    expect(() => createFocalApp({ definition, [option]: value })).toThrow(
      expect.objectContaining({ code: 'invalid-argument', message: expect.stringContaining(option) }),
    )
  })

  it.each([0, Number.NaN, 1.5])('refuses memory.maxSessionBytes = %d at start, naming it', (value) => {
    expect(() => createFocalApp({ definition, memory: { maxSessionBytes: value } })).toThrow(
      expect.objectContaining({
        code: 'invalid-argument',
        message: expect.stringContaining('maxSessionBytes'),
      }),
    )
  })

  it("gives an operator's console the whole provenance with provenance: 'full', and refuses another level", async () => {
    expect(() => createFocalApp({ definition, provenance: 'some' as 'full' })).toThrow(
      expect.objectContaining({ code: 'invalid-argument', message: expect.stringContaining('provenance') }),
    )
    const app = createFocalApp({ ...createTestAppOptions({ definition }), provenance: 'full' })
    const response = await app.request('/v1/turn', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${testAppConfig.clientToken}` },
      body: JSON.stringify({ text: 'I want a refund of $80 for order NW-1001, my email is ann@example.com' }),
    })
    const { provenance } = (await response.json()) as {
      provenance: { rules: Array<{ id: string; reason: string }>; route: { scores: unknown[] } }
    }
    expect(provenance.rules.find((rule) => rule.id === 'refund-cap')?.reason).toContain('fields.amount > 50')
    expect(provenance.route.scores.length).toBeGreaterThan(1)
  })

  it('answers a turn queued behind DELETE with 401 and never rebuilds the deleted session', async () => {
    // Found by an outside review: a turn authorized before the DELETE waited for the session's lease,
    // then ran after it, rebuilt the session and left an approval its owner could not see or withdraw.
    let open: () => void = () => {}
    const gate = new Promise<void>((resolve) => {
      open = resolve
    })
    const app = createFocalApp({
      ...createTestAppOptions({ definition }),
      tools: {
        lookup_order: async () => {
          await gate
          return { status: 'shipped', carrier: 'UPS', eta: 'Friday' }
        },
      },
    })
    const headers = (token?: string) => ({
      'content-type': 'application/json',
      authorization: `Bearer ${testAppConfig.clientToken}`,
      ...(token === undefined ? {} : { 'x-focal-session-token': token }),
    })
    const post = (path: string, body: object, token?: string) =>
      app.request(path, { method: 'POST', headers: headers(token), body: JSON.stringify(body) })
    const first = await post('/v1/turn', { sessionId: 'queued', text: 'hello' })
    const token = first.headers.get('x-focal-session-token') ?? undefined
    expect(token).toBeDefined()
    const tick = () => new Promise((resolve) => setTimeout(resolve, 30))
    // Holds the session's lease until the gate opens.
    const busy = post('/v1/turn', { sessionId: 'queued', text: 'Where is my order NW-1001?' }, token)
    await tick()
    const deleted = app.request('/v1/sessions/queued', { method: 'DELETE', headers: headers(token) })
    await tick()
    const late = post(
      '/v1/turn',
      { sessionId: 'queued', text: 'Cancel order NW-2002, the total was $720' },
      token,
    )
    await tick()
    open()
    expect((await busy).status).toBe(200)
    expect((await deleted).status).toBe(200)
    const answer = await late
    expect(answer.status).toBe(401)
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('session-token-revoked')
    const approval = await app.request('/v1/sessions/queued/approval', {
      headers: {
        authorization: `Bearer ${testAppConfig.clientToken}`,
        'x-focal-approver-token': testAppConfig.supervisor.token,
      },
    })
    expect(approval.status).toBe(404)
  })

  it('tells an approver deciding an expired approval that its default action was taken (410)', async () => {
    // An outside review: the approver got 200 and the turn's reply, read as the decision taken.
    const { app, cancels } = appExpiringApprovals('reject', createTestAppOptions({ definition }))
    const client = {
      'content-type': 'application/json',
      authorization: `Bearer ${testAppConfig.clientToken}`,
    }
    const asked = await app.request('/v1/turn', {
      method: 'POST',
      headers: client,
      body: JSON.stringify({ sessionId: 'late', text: 'Cancel order NW-2002, the total was $620' }),
    })
    const approval = ((await asked.json()) as { approval: { id: string } }).approval
    await new Promise((resolve) => setTimeout(resolve, 150))
    const decided = await app.request(`/v1/approvals/${approval.id}`, {
      method: 'POST',
      headers: { ...client, 'x-focal-approver-token': testAppConfig.supervisor.token },
      body: JSON.stringify({ sessionId: 'late', decision: 'approve' }),
    })
    expect(decided.status).toBe(410)
    expect(((await decided.json()) as { error: { code: string } }).error.code).toBe('approval-expired')
    expect(cancels()).toBe(0)
  })

  it('runs nothing when a session whose approval expired is deleted, whatever the default action', async () => {
    // Found by an outside review: DELETE withdraws a waiting approval through resolveApproval, which
    // applied an expired approval's `defaultAction: approve` and cancelled the order.
    const { app, cancels } = appExpiringApprovals('approve', { definition, sessionSecret: false })
    const asked = await app.request('/v1/turn', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId: 'expiring', text: 'Cancel order NW-2002, the total was $620' }),
    })
    expect(((await asked.json()) as { type: string }).type).toBe('approval-required')
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect((await app.request('/v1/sessions/expiring', { method: 'DELETE' })).status).toBe(200)
    expect(cancels()).toBe(0)
  })

  it('keeps what every session did with an order when anonymous sessions flood the in-memory store', async () => {
    // Found by an outside review: 10,000 one-turn sessions evicted the order's shared record with
    // the sessions, and a new session refunded $50 again on an order already refunded $50.
    const app = createFocalApp({ definition, sessionSecret: false, memory: { maxSessions: 5 } })
    const turn = async (sessionId: string, text: string) =>
      (await (
        await app.request('/v1/turn', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ sessionId, text }),
        })
      ).json()) as { provenance: { tools: Array<{ id: string; status: string }> } }
    const ran = (result: Awaited<ReturnType<typeof turn>>) =>
      result.provenance.tools.filter((tool) => tool.status === 'ran').map((tool) => tool.id)
    expect(ran(await turn('first', 'refund $50 for NW-4242, my email is a@example.com'))).toEqual([
      'issue_refund',
    ])
    for (let index = 0; index < 12; index++) await turn(`flood-${index}`, 'hello')
    expect(ran(await turn('later', 'refund $50 for NW-4242, my email is c@example.com'))).toEqual([])
  })

  it('issues and requires session tokens with no sessionSecret given (a random secret per app)', async () => {
    const app = createFocalApp({ definition })
    const post = (body: object, headers: Record<string, string> = {}) =>
      app.request('/v1/turn', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      })
    const created = await post({ sessionId: 'default-secure', text: 'where is my order NW-1001' })
    const token = created.headers.get('x-focal-session-token') ?? ''
    expect(token).toMatch(/^v2\./)
    // Whoever knows the id but not the token can neither read nor write the session.
    expect((await app.request('/v1/sessions/default-secure')).status).toBe(401)
    expect((await app.request('/v1/sessions/default-secure/ledger')).status).toBe(401)
    expect((await post({ sessionId: 'default-secure', text: 'hello' })).status).toBe(409)
    const read = await app.request('/v1/sessions/default-secure', {
      headers: { 'x-focal-session-token': token },
    })
    expect(read.status).toBe(200)
    // Another app (another random secret) does not accept this one's token.
    const other = createFocalApp({ definition })
    await other.request('/v1/turn', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId: 'default-secure', text: 'hi' }),
    })
    const foreign = await other.request('/v1/sessions/default-secure', {
      headers: { 'x-focal-session-token': token },
    })
    expect(foreign.status).toBe(403)
  })

  it("takes the README's options from environment variables that are unset: tokens still on, ledger unkeyed", async () => {
    // `sessionSecret: process.env.FOCAL_SESSION_SECRET` type-checks under exactOptionalPropertyTypes
    // and an unset variable means the default (a random secret), never tokens off.
    const unset: Record<string, string | undefined> = {}
    const app = createFocalApp({
      definition,
      sessionSecret: unset.FOCAL_SESSION_SECRET,
      ledgerKey: unset.FOCAL_LEDGER_KEY,
    })
    const created = await app.request('/v1/turn', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId: 'env-unset', text: 'where is my order NW-1001' }),
    })
    expect(created.status).toBe(200)
    expect(created.headers.get('x-focal-session-token')).toMatch(/^v2\./)
    expect((await app.request('/v1/sessions/env-unset')).status).toBe(401)
  })

  it('turns session tokens off only when told to, and warns that it did', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    try {
      const app = createFocalApp({ definition, sessionSecret: false })
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/session tokens are OFF/))
      const created = await app.request('/v1/turn', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ sessionId: 'open', text: 'hi' }),
      })
      expect(created.headers.get('x-focal-session-token')).toBeNull()
      expect((await app.request('/v1/sessions/open')).status).toBe(200)
    } finally {
      warn.mockRestore()
    }
  })

  it('rejects a sessionSecret shorter than 32 characters with an error naming the option', () => {
    expect(() => createFocalApp({ definition, sessionSecret: 'short' })).toThrow(/option "sessionSecret"/)
  })

  it('answers an engine failure with 500 internal-error and no internals', async () => {
    const app = createFocalApp({
      engine: {
        turn: async () => {
          throw new Error('database password is hunter2\n    at connect (db.ts:1:1)')
        },
        turnStream: () => ({
          [Symbol.asyncIterator]: () => ({ next: async () => ({ done: true, value: undefined }) }),
        }),
        resolveApproval: async () => {
          throw new Error('unused')
        },
        getSession: async () => undefined,
      },
      definition,
    })
    const response = await app.request('/v1/turn', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'hi' }),
    })
    expect(response.status).toBe(500)
    expect(await response.json()).toEqual({ error: { code: 'internal-error', message: 'Internal error.' } })
  })

  it('calls onEvent with every engine event of a turn, in order', async () => {
    const seen: string[] = []
    const app = createFocalApp({ definition, onEvent: (event) => void seen.push(event.type) })
    const response = await app.request('/v1/chat', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        id: 'chat-1',
        messages: [{ id: 'u', role: 'user', parts: [{ type: 'text', text: 'where is my order NW-1001' }] }],
      }),
    })
    await response.text()
    expect(seen[0]).toBe('turn-started')
    expect(seen.at(-1)).toBe('turn-finished')
    expect(seen).toContain('text-delta')
  })

  it('keeps 50 concurrent turns on one in-memory session gap-free with no lost update', async () => {
    const sessionStore = createMemorySessionStore()
    const ledgerStore = createMemoryLedgerStore()
    // Two apps over the same stores share the claims too, so either honours the other's tokens.
    const sessionClaims = createMemorySessionClaims()
    const apps = [
      createTestApp({ definition, sessionStore, ledgerStore, sessionClaims }),
      createTestApp({ definition, sessionStore, ledgerStore, sessionClaims }),
    ]
    const outcome = await runConcurrentTurns(
      apps.map((app) => async (request: Request) => app.request(request)),
    )
    expect(outcome.statuses).toEqual(Array(50).fill(200))
    expect(outcome.verification).toEqual({ valid: true })
    expect(outcome.sequences).toEqual(outcome.sequences.map((_, index) => index))
    expect(outcome.turnCounter).toBe(50)
  })

  it('rejects a ledgerKey shorter than 32 bytes with an error naming the option', () => {
    let error: unknown
    try {
      createFocalApp({ definition, ledgerKey: 'too short' })
    } catch (caught) {
      error = caught
    }
    expect(FocalError.isInstance(error) && error.code).toBe('invalid-argument')
    expect((error as Error).message).toBe(
      'createFocalApp: option "ledgerKey" needs at least 32 bytes (got 9)',
    )
  })

  it.each([
    [{ type: 'bearer', tokens: [undefined] }, 'auth.tokens[0]" must be a non-empty string, got undefined'],
    [
      { type: 'bearer', tokens: ['a-good-token-0123456789', ''] },
      'auth.tokens[1]" must be a non-empty string, got an empty string',
    ],
    [{ type: 'bearer', tokens: ['two words'] }, 'auth.tokens[0]" must not contain whitespace'],
    [{ type: 'bearer', tokens: [] }, 'auth.tokens" must list at least one credential'],
    [{ type: 'api-key', keys: [undefined] }, 'auth.keys[0]" must be a non-empty string, got undefined'],
    // A guessable credential: `FOCAL_API_TOKEN=secret` let in anyone who tried it.
    [{ type: 'bearer', tokens: ['secret'] }, 'auth.tokens[0]" must be at least 16 characters, got 6'],
    [
      { type: 'api-key', keys: ['k'.repeat(20), 'short-key'] },
      'auth.keys[1]" must be at least 16 characters, got 9',
    ],
  ])('refuses auth %j that no request could present, naming the option', (auth, message) => {
    // The README's `tokens: [process.env.FOCAL_API_TOKEN!]` with the variable unset: every
    // request got 500 internal-error while /health said ok.
    let error: unknown
    try {
      createFocalApp({ definition, auth: auth as never })
    } catch (caught) {
      error = caught
    }
    expect(FocalError.isInstance(error) && error.code).toBe('invalid-argument')
    expect((error as Error).message).toContain(`createFocalApp: option "${message}`)
  })

  it("verifies a ready engine's keyed ledger with ledgerKey and the anchor store it shares", async () => {
    const key = 'ready engine ledger secret, 32 bytes or more'
    const ledgerStore = createMemoryLedgerStore()
    const ledgerAnchorStore = createMemoryLedgerAnchorStore()
    const ledger = createLedger({ store: ledgerStore, key, anchorStore: ledgerAnchorStore })
    const engine = createEngine({ definition, ledger })
    const readLedger = async (app: ReturnType<typeof createFocalApp>) =>
      ((await (await app.request('/v1/sessions/s/ledger')).json()) as { verification: unknown }).verification
    await engine.turn({ sessionId: 's', text: 'Where is my order NW-1234?' })
    // The session was written by the engine, not over HTTP: no token was ever issued for it.
    const open = { sessionSecret: false } as const
    const keyed = createFocalApp({
      engine,
      definition,
      ledgerStore,
      ledgerKey: key,
      ledgerAnchorStore,
      ...open,
    })
    expect(await readLedger(keyed)).toEqual({ valid: true })
    // Without the key the app cannot check an HMAC chain, and says so.
    expect(await readLedger(createFocalApp({ engine, definition, ledgerStore, ...open }))).toMatchObject({
      valid: false,
      sequence: 0,
      problem: 'key-required',
    })
  })
})

/**
 * The app of `options` with the definition's approvals expiring after 100 ms with `defaultAction`,
 * and a `cancel_order` tool that counts its runs.
 */
function appExpiringApprovals(
  defaultAction: 'approve' | 'reject',
  options: Parameters<typeof createFocalApp>[0],
): { app: ReturnType<typeof createFocalApp>; cancels: () => number } {
  let cancels = 0
  const app = createFocalApp({
    ...options,
    definition: definition
      .replace('defaultAction: reject', `defaultAction: ${defaultAction}`)
      .replace('timeoutMs: 3600000', 'timeoutMs: 100'),
    tools: {
      cancel_order: async () => {
        cancels++
        return { confirmation: 'CX-1', status: 'cancelled' }
      },
    },
  })
  return { app, cancels: () => cancels }
}
