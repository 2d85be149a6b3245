import { beforeAll, describe, expect, it } from 'vitest'
import { createSessionTokens } from '../auth/session-tokens.ts'
import { badRequests } from './bad-requests.ts'
import { readSse } from './read-sse.ts'
import { testAppConfig } from './test-app-config.ts'

/** Sends one request to the app under test (`app.request`, `SELF.fetch`, or `fetch` to a server). */
export type FocalFetch = (request: Request) => Promise<Response>

const base = 'http://focal.test'
const tokens = createSessionTokens({ secret: testAppConfig.sessionSecret })

function request(
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = {
    authorization: `Bearer ${testAppConfig.clientToken}`,
    ...init.headers,
  }
  let body: string | Uint8Array<ArrayBuffer> | undefined
  if (init.body !== undefined) {
    // Raw bytes (a body that is not UTF-8) go as they are.
    body =
      typeof init.body === 'string' || init.body instanceof Uint8Array
        ? (init.body as string | Uint8Array<ArrayBuffer>)
        : JSON.stringify(init.body)
    headers['content-type'] ??= 'application/json'
  }
  return new Request(`${base}${path}`, {
    method: init.method ?? (body ? 'POST' : 'GET'),
    headers,
    ...(body ? { body } : {}),
  })
}

/**
 * The HTTP contract of `createFocalApp`, run unchanged against every runtime (Node `app.request`,
 * workerd, a Deno process, a Node socket), as Hono reruns its runtime tests per adapter. The app
 * under test is `createTestApp()` (or the same options) in that runtime.
 */
export function describeFocalHttpSuite(runtime: string, getFetch: () => FocalFetch): void {
  describe(`Focal HTTP contract on ${runtime}`, () => {
    let send: FocalFetch
    let session: { id: string; token: string }
    let other: { id: string; token: string }

    async function createSession(text: string): Promise<{ id: string; token: string }> {
      const response = await send(request('/v1/turn', { body: { text } }))
      expect(response.status).toBe(200)
      const result = (await response.json()) as { sessionId: string }
      return { id: result.sessionId, token: response.headers.get('x-focal-session-token') ?? '' }
    }

    beforeAll(async () => {
      send = getFetch()
      session = await createSession('where is my order NW-1001')
      other = await createSession('hello there')
    })

    it('marks every response no-store and nosniff: turns, sessions, the stream and errors (outside review rv59 7)', async () => {
      const headers = { 'x-focal-session-token': session.token }
      const responses = [
        await send(request('/v1/turn', { body: { sessionId: session.id, text: 'thanks' }, headers })),
        await send(request(`/v1/sessions/${session.id}`, { headers })),
        await send(request(`/v1/sessions/${session.id}/ledger`, { headers })),
        await send(
          request('/v1/chat', {
            body: {
              id: session.id,
              messages: [{ id: 'cache-1', role: 'user', parts: [{ type: 'text', text: 'thanks again' }] }],
            },
            headers,
          }),
        ),
        await send(request(`/v1/sessions/${other.id}`)),
        await send(request('/v1/nowhere')),
      ]
      for (const response of responses) {
        await response.arrayBuffer()
        expect({
          url: response.url,
          status: response.status,
          cache: response.headers.get('cache-control'),
          sniff: response.headers.get('x-content-type-options'),
        }).toMatchObject({ cache: 'no-store', sniff: 'nosniff' })
      }
    })

    it('hands a session to a person, stays quiet, and answers again once an approver releases it (never the customer)', async () => {
      const first = await send(request('/v1/turn', { body: { text: 'can I speak to a human please?' } }))
      const asked = (await first.json()) as {
        type: string
        sessionId: string
        text?: string
        handoff?: unknown
      }
      expect(asked).toMatchObject({ type: 'handoff', handoff: { reason: expect.stringContaining('person') } })
      expect(asked.text).toMatch(/connecting you with a person/)
      const headers = { 'x-focal-session-token': first.headers.get('x-focal-session-token') ?? '' }
      const turn = (text: string) =>
        send(request('/v1/turn', { body: { sessionId: asked.sessionId, text }, headers }))
      const quiet = (await (await turn('where is my order NW-1001')).json()) as {
        type: string
        text?: string
      }
      expect(quiet).toMatchObject({ type: 'handoff' })
      expect(quiet.text).toBeUndefined()
      const releaseWith = (with_: Record<string, string>) =>
        send(request(`/v1/sessions/${asked.sessionId}/release`, { method: 'POST', headers: with_ }))
      const codeOf = async (response: Response) =>
        [response.status, ((await response.json()) as { error: { code: string } }).error.code] as const
      // The customer cannot end the handoff themselves, nor can anyone without an approver credential.
      expect(await codeOf(await releaseWith(headers))).toEqual([403, 'self-approval-forbidden'])
      expect(await codeOf(await releaseWith({}))).toEqual([401, 'approver-unauthorized'])
      expect((await (await turn('hello?')).json()) as { type: string }).toMatchObject({ type: 'handoff' })
      // The person who took the conversation over hands it back.
      const release = await releaseWith({ 'x-focal-approver-token': testAppConfig.agent.token })
      expect(release.status).toBe(200)
      expect(await release.json()).toEqual({ sessionId: asked.sessionId, released: true })
      const back = (await (await turn('where is my order NW-1001')).json()) as { type: string; text: string }
      expect(back.type).toBe('reply')
      expect(back.text).toContain('UPS')
      const ledger = (await (
        await send(request(`/v1/sessions/${asked.sessionId}/ledger`, { headers }))
      ).json()) as { records: Array<{ type: string; payload?: unknown }>; verification: { valid: boolean } }
      const types = ledger.records.map((record) => record.type)
      expect(types).toEqual(expect.arrayContaining(['handoff-requested', 'handoff-released']))
      // The ledger names who released it.
      expect(ledger.records.find((record) => record.type === 'handoff-released')).toMatchObject({
        payload: { releasedBy: testAppConfig.agent.id },
      })
    })

    it('lets the person read the handed-off conversation and write to the customer, and the customer take it back', async () => {
      const first = await send(request('/v1/turn', { body: { text: 'can I talk to a human please' } }))
      const { sessionId } = (await first.json()) as { sessionId: string }
      const own = { 'x-focal-session-token': first.headers.get('x-focal-session-token') ?? '' }
      const agent = { 'x-focal-approver-token': testAppConfig.agent.token }
      const turn = async (text: string) =>
        (await (await send(request('/v1/turn', { body: { sessionId, text }, headers: own }))).json()) as {
          type: string
          text?: string
        }
      const codeOf = async (response: Response) =>
        [response.status, ((await response.json()) as { error: { code: string } }).error.code] as const
      // The customer writes while they wait; a card pasted there reaches the person masked.
      expect(await turn('my card 4111 1111 1111 1111 was charged twice for NW-1001')).toMatchObject({
        type: 'handoff',
      })
      const conversation = `/v1/sessions/${sessionId}/handoff/conversation`
      expect(await codeOf(await send(request(conversation, { headers: own })))).toEqual([
        403,
        'self-approval-forbidden',
      ])
      expect(await codeOf(await send(request(conversation)))).toEqual([401, 'approver-unauthorized'])
      const read = await send(request(conversation, { headers: agent }))
      expect(read.status).toBe(200)
      const seen = (await read.json()) as {
        status: string
        handoff: { reason: string }
        messages: Array<{ role: string; content: string }>
      }
      expect(seen.status).toBe('active')
      expect(seen.handoff.reason).toContain('person')
      const said = seen.messages.map((message) => message.content).join('\n')
      expect(said).toContain('can I talk to a human please')
      expect(said).toContain('charged twice for NW-1001')
      expect(said).not.toContain('4111 1111')
      // The person writes; the customer's session token may not write as the person.
      const replies = `/v1/sessions/${sessionId}/handoff/replies`
      const write = (text: string, headers: Record<string, string>) =>
        send(request(replies, { body: { text }, headers }))
      expect(await codeOf(await write('Hi, I am on it.', own))).toEqual([403, 'self-approval-forbidden'])
      expect(await codeOf(await write('   ', agent))).toEqual([400, 'invalid-request'])
      // Held to the definition's hard-safety rules as the assistant is ("never promise a refund above $50").
      expect(await codeOf(await write("I've refunded you $500 for NW-1001.", agent))).toEqual([
        400,
        'invalid-request',
      ])
      const wrote = await write(
        'Hi, this is Dana. I see two charges; the card 4111 1111 1111 1111 gets one back.',
        agent,
      )
      expect(wrote.status).toBe(200)
      const { reply } = (await wrote.json()) as { reply: { id: string; text: string; by: string } }
      expect(reply.by).toBe(testAppConfig.agent.id)
      expect(reply.text).toContain('this is Dana')
      expect(reply.text).not.toContain('4111 1111 1111 1111')
      // The customer's widget polls the handoff and sees the reply (no approver name in it).
      const status = async () =>
        (await (await send(request(`/v1/sessions/${sessionId}/handoff`, { headers: own }))).json()) as {
          status: string
          replies: Array<{ id: string; text: string; by?: string }>
        }
      const polled = await status()
      expect(polled.status).toBe('active')
      expect(polled.replies.map((entry) => entry.id)).toEqual([reply.id])
      expect(polled.replies[0]!.text).toBe(reply.text)
      expect(polled.replies[0]!.by).toBeUndefined()
      // Nor in the quiet turn's handoff or the snapshot: what the person wrote, not who on the staff.
      const quiet = (await turn('thanks, I will wait')) as { type: string; handoff?: { replies?: unknown[] } }
      expect(quiet.type).toBe('handoff')
      expect(quiet.handoff?.replies).toEqual([{ id: reply.id, text: reply.text, at: expect.any(String) }])
      const snapshot = await send(request(`/v1/sessions/${sessionId}`, { headers: own }))
      expect(JSON.stringify(await snapshot.json())).not.toContain(testAppConfig.agent.id)
      expect(
        await codeOf(
          await send(
            request(`/v1/sessions/${other.id}/handoff`, {
              headers: { 'x-focal-session-token': other.token },
            }),
          ),
        ),
      ).toEqual([404, 'handoff-not-found'])
      // The customer takes the handoff back: the assistant answers again, and the reply stays readable.
      expect(await turn('never mind, let the bot help me')).toMatchObject({
        type: 'reply',
        text: expect.stringMatching(/help/),
      })
      expect(await status()).toMatchObject({ status: 'released', replies: [{ id: reply.id }] })
      expect(await codeOf(await write('Are you still there?', agent))).toEqual([404, 'handoff-not-found'])
      // Handed back, the conversation is no longer the approvers' to read.
      expect(await codeOf(await send(request(conversation, { headers: agent })))).toEqual([
        404,
        'handoff-not-found',
      ])
      const back = await turn('where is my order NW-1001')
      expect(back.type).toBe('reply')
      expect(back.text).toContain('UPS')
      const ledger = (await (
        await send(request(`/v1/sessions/${sessionId}/ledger`, { headers: own }))
      ).json()) as {
        records: Array<{ type: string; payload?: Record<string, unknown> }>
        verification: { valid: boolean }
      }
      expect(ledger.verification.valid).toBe(true)
      // The ledger records who wrote it; the customer's copy leaves the staff id out.
      expect(ledger.records.find((record) => record.type === 'handoff-replied')?.payload).toEqual({
        replyId: reply.id,
      })
      expect(ledger.records.find((record) => record.type === 'handoff-released')?.payload).toMatchObject({
        releasedBy: 'customer',
      })
    })

    it('refuses self-approval: only an approver holding the role decides, and the ledger names them', async () => {
      const customer = await send(
        request('/v1/turn', { body: { text: 'cancel my order NW-2002, the total was $900' } }),
      )
      const paused = (await customer.json()) as {
        sessionId: string
        type: string
        approval: { id: string; approver?: string }
      }
      expect({ type: paused.type, approver: paused.approval.approver }).toEqual({
        type: 'approval-required',
        approver: 'supervisor',
      })
      const own = { 'x-focal-session-token': customer.headers.get('x-focal-session-token') ?? '' }
      const decide = (headers: Record<string, string>, decision = 'approve') =>
        send(
          request(`/v1/approvals/${paused.approval.id}`, {
            body: { sessionId: paused.sessionId, decision },
            headers,
          }),
        )
      const codeOf = async (response: Response) =>
        [response.status, ((await response.json()) as { error: { code: string } }).error.code] as const
      // The customer approves their own action: refused, whatever else they send.
      expect(await codeOf(await decide(own))).toEqual([403, 'self-approval-forbidden'])
      expect(
        await codeOf(await decide({ ...own, 'x-focal-approver-token': testAppConfig.supervisor.token })),
      ).toEqual([403, 'self-approval-forbidden'])
      expect(await codeOf(await decide({}))).toEqual([401, 'approver-unauthorized'])
      // An approver without the supervisor role cannot decide either.
      const agent = { 'x-focal-approver-token': testAppConfig.agent.token }
      expect(await codeOf(await decide(agent))).toEqual([403, 'approver-forbidden'])
      // Nothing ran: the approval is still pending, and the supervisor can read it.
      const supervisor = { 'x-focal-approver-token': testAppConfig.supervisor.token }
      const pending = await send(
        request(`/v1/sessions/${paused.sessionId}/approval`, { headers: supervisor }),
      )
      expect(pending.status).toBe(200)
      expect(((await pending.json()) as { approval: { id: string } }).approval.id).toBe(paused.approval.id)
      const approved = await decide(supervisor)
      expect(approved.status).toBe(200)
      expect(((await approved.json()) as { type: string }).type).toBe('reply')
      // Replaying the decision finds nothing to approve.
      expect(await codeOf(await decide(supervisor))).toEqual([404, 'approval-not-found'])
      const ledger = await send(request(`/v1/sessions/${paused.sessionId}/ledger`, { headers: own }))
      const { records, verification } = (await ledger.json()) as {
        records: Array<{ type: string; payload: unknown }>
        verification: { valid: boolean }
      }
      expect(verification.valid).toBe(true)
      const resolved = records.filter((record) => record.type === 'approval-resolved')
      expect(resolved.map((record) => record.payload)).toEqual([
        {
          approvalId: paused.approval.id,
          decision: 'approved',
          approver: testAppConfig.supervisor.id,
          approverRole: 'supervisor',
        },
      ])
    })

    it('holds a per-order refund cap across sessions: a new session is no fresh $50 on the same order', async () => {
      const refund = async () =>
        (await (
          await send(
            request('/v1/turn', {
              body: { text: 'refund $50 for NW-7007, my email is ann@example.com' },
            }),
          )
        ).json()) as {
          sessionId: string
          text: string
          provenance: { tools: Array<{ id: string; status: string }> }
        }
      const first = await refund()
      expect(first.provenance.tools).toContainEqual(
        expect.objectContaining({ id: 'issue_refund', status: 'ran' }),
      )
      // A second conversation about the same order: the first one's refund counts against the cap.
      const second = await refund()
      expect(second.sessionId).not.toBe(first.sessionId)
      expect(second.provenance.tools.filter((tool) => tool.status === 'ran')).toEqual([])
      expect(second.text).toContain('capped at $50 per order')
    })

    it('closes an approval the customer takes back as withdrawn: the supervisor finds nothing to approve', async () => {
      // Another order than the test above cancels: a cancellation holds in every session.
      const customer = await send(
        request('/v1/turn', { body: { text: 'cancel my order NW-4004, the total was $900' } }),
      )
      const paused = (await customer.json()) as { sessionId: string; approval: { id: string } }
      const own = { 'x-focal-session-token': customer.headers.get('x-focal-session-token') ?? '' }
      const taken = (await (
        await send(
          request('/v1/turn', {
            body: { sessionId: paused.sessionId, text: "forget it, don't cancel it then" },
            headers: own,
          }),
        )
      ).json()) as { type: string; text: string }
      expect(taken.type).toBe('reply')
      expect(taken.text).toContain('withdrawn')
      const supervisor = { 'x-focal-approver-token': testAppConfig.supervisor.token }
      const late = await send(
        request(`/v1/approvals/${paused.approval.id}`, {
          body: { sessionId: paused.sessionId, decision: 'approve' },
          headers: supervisor,
        }),
      )
      expect(late.status).toBe(404)
      // The customer's widget, polling its approval, learns it was withdrawn and nothing ran.
      const polled = await send(
        request(`/v1/sessions/${paused.sessionId}/approvals/${paused.approval.id}`, { headers: own }),
      )
      expect(await polled.json()).toMatchObject({ status: 'withdrawn', action: 'reject' })
      const ledger = (await (
        await send(request(`/v1/sessions/${paused.sessionId}/ledger`, { headers: own }))
      ).json()) as { records: Array<{ type: string; payload: unknown }>; verification: { valid: boolean } }
      expect(ledger.verification.valid).toBe(true)
      expect(ledger.records.filter((record) => record.type === 'approval-resolved')).toEqual([
        expect.objectContaining({ payload: { approvalId: paused.approval.id, decision: 'withdrawn' } }),
      ])
      // The cancellation never ran: its only tool record is the rejection.
      const cancels = ledger.records.flatMap((record) =>
        record.type === 'tool-called' && (record.payload as { toolId: string }).toolId === 'cancel_order'
          ? [(record.payload as { status: string }).status]
          : [],
      )
      expect(cancels).toEqual(['rejected'])
    })

    it('issues exactly one token when 100 first requests race for the same new session id', async () => {
      const sessionId = `race-${crypto.randomUUID()}`
      const responses = await Promise.all(
        Array.from({ length: 100 }, (_, index) =>
          send(
            index % 2 === 0
              ? request('/v1/turn', { body: { sessionId, text: 'where is my order NW-1001' } })
              : request('/v1/chat', {
                  body: {
                    id: sessionId,
                    messages: [{ id: `m${index}`, role: 'user', parts: [{ type: 'text', text: 'hello' }] }],
                  },
                }),
          ),
        ),
      )
      const issued = responses
        .map((response) => response.headers.get('x-focal-session-token'))
        .filter(Boolean)
      const refused = await Promise.all(
        responses
          .filter((response) => response.status !== 200)
          .map(async (response) => [
            response.status,
            ((await response.json()) as { error: { code: string } }).error.code,
          ]),
      )
      await Promise.all(
        responses.filter((response) => response.status === 200).map((response) => response.text()),
      )
      expect(issued).toHaveLength(1)
      expect(refused).toEqual(Array(99).fill([409, 'session-claimed']))
    })

    it('refuses an expired token, a token after revocation, and any token after the session is deleted', async () => {
      const owner = await createSession('where is my order NW-1001')
      const read = (token: string, path = `/v1/sessions/${owner.id}`) =>
        send(request(path, { headers: { 'x-focal-session-token': token } }))
      const codeOf = async (response: Response) =>
        [response.status, ((await response.json()) as { error: { code: string } }).error.code] as const
      // Same session, same epoch, signed with the app's secret, but past its expiry.
      const epoch = owner.token.split('.')[2] ?? ''
      const expired = await tokens.sign(owner.id, { epoch, expiresAt: Date.now() - 1000 })
      expect(await codeOf(await read(expired))).toEqual([401, 'session-token-expired'])
      expect((await read(owner.token)).status).toBe(200)
      // Revoking rotates the epoch: the old token (and any copy of it) stops, the new one works.
      const revoked = await send(
        request(`/v1/sessions/${owner.id}/revoke`, {
          method: 'POST',
          headers: { 'x-focal-session-token': owner.token },
        }),
      )
      expect(revoked.status).toBe(200)
      const renewed = revoked.headers.get('x-focal-session-token') ?? ''
      expect(renewed).toMatch(/^v2\./)
      expect(await codeOf(await read(owner.token))).toEqual([401, 'session-token-revoked'])
      expect(await codeOf(await read(owner.token, `/v1/sessions/${owner.id}/ledger`))).toEqual([
        401,
        'session-token-revoked',
      ])
      expect((await read(renewed)).status).toBe(200)
      // Another session's token never reads this one; no token is a 401.
      expect(await codeOf(await read(other.token))).toEqual([403, 'forbidden'])
      expect(await codeOf(await send(request(`/v1/sessions/${owner.id}`)))).toEqual([401, 'unauthorized'])
      // Deleting removes the state and the claim: the token is dead, the id unknown.
      const deleted = await send(
        request(`/v1/sessions/${owner.id}`, {
          method: 'DELETE',
          headers: { 'x-focal-session-token': renewed },
        }),
      )
      expect(await deleted.json()).toEqual({ sessionId: owner.id, deleted: true })
      expect(await codeOf(await read(renewed))).toEqual([404, 'session-not-found'])
      // The id is retired: its ledger keeps the deleted session's audit records, so nobody claims
      // it anew (they would read that trail and write after it), and the old token stays dead.
      const again = await send(request('/v1/turn', { body: { sessionId: owner.id, text: 'hello' } }))
      expect(await codeOf(again)).toEqual([409, 'session-claimed'])
      expect(await codeOf(await read(renewed))).toEqual([404, 'session-not-found'])
    })

    it('answers a known path with the wrong method 405 and the Allow header', async () => {
      const wrong = await send(request('/v1/turn'))
      expect(wrong.status).toBe(405)
      expect(wrong.headers.get('allow')).toBe('POST')
      expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe('method-not-allowed')
      const session = await send(request('/v1/sessions/some-id', { method: 'PUT' }))
      expect(session.status).toBe(405)
      expect(session.headers.get('allow')).toBe('DELETE, GET')
      await session.text()
      const unknown = await send(request('/v1/nothing-here'))
      expect(unknown.status).toBe(404)
      await unknown.text()
    })

    it('answers /health without credentials', async () => {
      const response = await send(new Request(`${base}/health`))
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ status: 'ok', name: 'focal-test' })
    })

    it('serves an OpenAPI document generated from the request schemas', async () => {
      const document = (await (await send(new Request(`${base}/openapi.json`))).json()) as {
        openapi: string
        paths: Record<
          string,
          Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>
        >
        components: { schemas: Record<string, unknown> }
      }
      expect(document.openapi).toBe('3.1.0')
      expect(Object.keys(document.paths)).toEqual(
        expect.arrayContaining(['/v1/chat', '/v1/turn', '/v1/sessions/{id}/ledger']),
      )
      const turnSchema = document.paths['/v1/turn']?.post?.requestBody?.content['application/json']?.schema
      expect(turnSchema).toEqual({ $ref: '#/components/schemas/TurnRequest' })
      expect(document.components.schemas.TurnRequest).toMatchObject({
        properties: { text: { maxLength: testAppConfig.maxTextLength } },
      })
    })

    it('creates a session on the first turn and issues its token, which is bound to that session', async () => {
      expect(session.token).toMatch(/^v2\./)
      expect((await tokens.verify(session.id, session.token)).type).toBe('valid')
      expect((await tokens.verify(other.id, session.token)).type).toBe('invalid')
    })

    it('continues a session with its own token and returns the TurnResult as JSON', async () => {
      const response = await send(
        request('/v1/turn', {
          body: { sessionId: session.id, text: 'second' },
          headers: { 'x-focal-session-token': session.token },
        }),
      )
      expect(response.status).toBe(200)
      const result = (await response.json()) as { type: string; sessionId: string; provenance: unknown }
      expect(result).toMatchObject({ type: 'reply', sessionId: session.id })
      expect(result.provenance).toBeTypeOf('object')
    })

    it("gives a session's first reply, lost, back to the retry that proves its claim key, and to no one else", async () => {
      const sessionId = `first-${crypto.randomUUID()}`
      const claimKey = 'c'.repeat(22) + crypto.randomUUID().replaceAll('-', '')
      const first = (headers: Record<string, string>) =>
        send(request('/v1/turn', { body: { sessionId, messageId: 'm1', text: 'hello there' }, headers }))
      const answered = await first({ 'x-focal-claim-key': claimKey })
      expect(answered.status).toBe(200)
      const result = await answered.json()
      const stranger = await first({})
      expect(stranger.status).toBe(409)
      expect(stranger.headers.get('x-focal-session-token')).toBeNull()
      const retry = await first({ 'x-focal-claim-key': claimKey })
      expect(retry.status).toBe(200)
      expect(await retry.json()).toEqual(result)
      const token = retry.headers.get('x-focal-session-token') ?? ''
      expect((await tokens.verify(sessionId, token)).type).toBe('valid')
      const ledger = await send(
        request(`/v1/sessions/${sessionId}/ledger`, { headers: { 'x-focal-session-token': token } }),
      )
      const records = ((await ledger.json()) as { records: Array<{ type: string }> }).records
      expect(records.filter((record) => record.type === 'turn-completed')).toHaveLength(1)
    })

    it('returns the session snapshot and a verified ledger to the token holder', async () => {
      const headers = { 'x-focal-session-token': session.token }
      const snapshot = await send(request(`/v1/sessions/${session.id}`, { headers }))
      expect(snapshot.status).toBe(200)
      expect(await snapshot.json()).toMatchObject({ sessionId: session.id })
      const ledger = (await (
        await send(request(`/v1/sessions/${session.id}/ledger`, { headers }))
      ).json()) as {
        records: Array<{ sequence: number }>
        verification: { valid: boolean }
      }
      expect(ledger.records.length).toBeGreaterThan(0)
      expect(ledger.records.map((record) => record.sequence)).toEqual(ledger.records.map((_, index) => index))
      expect(ledger.verification).toEqual({ valid: true })
    })

    it('never hands out a card number the engine keeps from a tool result in the session snapshot', async () => {
      const asked = await createSession('Which card is on file? My email is ann@example.com')
      const headers = { 'x-focal-session-token': asked.token }
      const snapshot = await (await send(request(`/v1/sessions/${asked.id}`, { headers }))).text()
      // The card lookup's raw record holds the full number; the snapshot shows it as the reply does.
      expect(snapshot).not.toMatch(/4111[ -]?1111/)
      expect(snapshot).toContain('Visa ending 1111')
      expect(JSON.parse(snapshot)).toMatchObject({ sessionId: asked.id, state: { toolResults: {} } })
    })

    it('pages the ledger (?from, ?limit) and verifies the whole chain, refusing a bad page with its path', async () => {
      const owner = await createSession('where is my order NW-1001')
      const headers = { 'x-focal-session-token': owner.token }
      for (const text of ['what are your prices?', 'where is my order NW-1002'])
        await send(request('/v1/turn', { body: { sessionId: owner.id, text }, headers }))
      const page = async (query: string) =>
        (await (await send(request(`/v1/sessions/${owner.id}/ledger${query}`, { headers }))).json()) as {
          records: Array<{ sequence: number }>
          total: number
          next?: number
          verification: { valid: boolean }
        }
      const whole = await page('')
      expect(whole.total).toBeGreaterThanOrEqual(4)
      expect(whole.records).toHaveLength(whole.total)
      expect(whole.next).toBeUndefined()
      const first = await page('?limit=2')
      expect(first.records.map((record) => record.sequence)).toEqual([0, 1])
      expect({ total: first.total, next: first.next, valid: first.verification.valid }).toEqual({
        total: whole.total,
        next: 2,
        valid: true,
      })
      const second = await page('?from=2&limit=2')
      expect(second.records.map((record) => record.sequence)).toEqual([2, 3])
      for (const [query, path] of [
        ['?limit=0', 'limit'],
        ['?limit=5000', 'limit'],
        ['?from=-1', 'from'],
        ['?limit=two', 'limit'],
        ['?page=2', 'page'],
      ] as const) {
        const refused = await send(request(`/v1/sessions/${owner.id}/ledger${query}`, { headers }))
        expect(refused.status).toBe(400)
        expect(((await refused.json()) as { error: { path?: string } }).error.path).toBe(path)
      }
    })

    it('streams /v1/chat as an AI SDK UI message stream ending in [DONE], never releasing a card number', async () => {
      const body = {
        id: `chat-${crypto.randomUUID()}`,
        messages: [
          {
            id: 'u1',
            role: 'user',
            parts: [{ type: 'text', text: 'which card is on file? my email is ann@example.com' }],
          },
        ],
        trigger: 'submit-message',
        messageId: 'a1',
      }
      const response = await send(request('/v1/chat', { body }))
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toContain('text/event-stream')
      expect(response.headers.get('x-vercel-ai-ui-message-stream')).toBe('v1')
      expect(response.headers.get('x-focal-session-token')).toMatch(/^v2\./)
      const raw = await response.clone().text()
      // The card's digits in any grouping; a bare "4111" can occur inside a random id or token.
      expect(raw).not.toMatch(/4111[\s-]?1111/)
      const events = await readSse(response)
      const types = events.map((event) => (event === '[DONE]' ? event : event.type))
      expect(types[0]).toBe('start')
      expect(types.at(-2)).toBe('finish')
      expect(types.at(-1)).toBe('[DONE]')
      expect(types).toEqual(
        expect.arrayContaining(['text-start', 'text-delta', 'text-end', 'data-provenance']),
      )
      const text = events
        .flatMap((event) => (event !== '[DONE]' && event.type === 'text-delta' ? [event.delta] : []))
        .join('')
      // Partly masked by the definition's `settings.redaction`: the last four digits and no other.
      expect(text).toContain('Visa ending 1111')
      expect(text.replace(/\D/g, '')).toBe('11110829')
      // The last data-enforcement part (same id) is the final word, including the stream guard.
      const enforcement = events.findLast((event) => event !== '[DONE]' && event.type === 'data-enforcement')
      expect(enforcement).toMatchObject({ data: { outcome: 'redacted' } })
    })

    it('tells clients what was decided, not how: no rule conditions, router scores or failed checks', async () => {
      const text = 'I want a refund of $80 for order NW-1001, my email is ann@example.com'
      const turned = await send(request('/v1/turn', { body: { text } }))
      const result = (await turned.json()) as {
        sessionId: string
        provenance: { rules: Array<{ id: string; reason: string }>; route: unknown }
      }
      expect(result.provenance.rules.map((rule) => rule.id)).toContain('refund-cap')
      expect(result.provenance.route).toMatchObject({ scenario: 'refunds', scores: [], reason: '' })
      // The cap's condition (`fields.amount > 50 …`) is the definition's, not the customer's to read.
      const condition = /fields\.amount|condition `|scored \d/
      expect(JSON.stringify(result.provenance)).not.toMatch(condition)
      const events = await readSse(
        await send(
          request('/v1/chat', {
            body: {
              id: `chat-${crypto.randomUUID()}`,
              messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text }] }],
            },
          }),
        ),
      )
      const streamed = events.find((event) => event !== '[DONE]' && event.type === 'data-provenance')
      expect(streamed).toMatchObject({
        data: { rules: expect.arrayContaining([expect.objectContaining({ id: 'refund-cap' })]) },
      })
      expect(JSON.stringify(streamed)).not.toMatch(condition)
      const headers = { 'x-focal-session-token': turned.headers.get('x-focal-session-token') ?? '' }
      const ledger = (await (
        await send(request(`/v1/sessions/${result.sessionId}/ledger`, { headers }))
      ).json()) as {
        records: Array<{ type: string }>
        verification: { valid: boolean }
      }
      expect(ledger.records.some((record) => record.type === 'turn-completed')).toBe(true)
      expect(JSON.stringify(ledger.records)).not.toMatch(condition)
      // Verified as stored, whole.
      expect(ledger.verification.valid).toBe(true)
      // A paused turn in the session snapshot keeps only the approval it waits for.
      const paused = await send(
        request('/v1/turn', { body: { text: 'Cancel order NW-4321, the total was $620' } }),
      )
      const { sessionId: pausedId, type } = (await paused.json()) as { sessionId: string; type: string }
      expect(type).toBe('approval-required')
      const snapshot = await send(
        request(`/v1/sessions/${pausedId}`, {
          headers: { 'x-focal-session-token': paused.headers.get('x-focal-session-token') ?? '' },
        }),
      )
      const state = ((await snapshot.json()) as { state: { pendingApproval: Record<string, unknown> } }).state
      expect(Object.keys(state.pendingApproval)).toEqual(['approval'])
      // A clarification's record says what was asked, not the router's near-tie behind it.
      const vague = await send(request('/v1/turn', { body: { text: 'I have a problem' } }))
      const { sessionId: vagueId } = (await vague.json()) as { sessionId: string }
      const vagueLedger = (await (
        await send(
          request(`/v1/sessions/${vagueId}/ledger`, {
            headers: { 'x-focal-session-token': vague.headers.get('x-focal-session-token') ?? '' },
          }),
        )
      ).json()) as { records: Array<{ type: string; payload: Record<string, unknown> }> }
      const asked = vagueLedger.records.find((record) => record.type === 'clarification-requested')
      expect(asked?.payload).toBeDefined()
      expect(asked?.payload.reason).toBeUndefined()
      expect(JSON.stringify(state)).not.toMatch(/condition `|scored \d|logLikelihoods/)
    })

    it('streams a clarification as a data-clarification part', async () => {
      const body = {
        id: `chat-${crypto.randomUUID()}`,
        messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'hello there' }] }],
      }
      const events = await readSse(await send(request('/v1/chat', { body })))
      const clarification = events.find((event) => event !== '[DONE]' && event.type === 'data-clarification')
      expect(clarification).toMatchObject({
        data: { question: expect.any(String), options: expect.any(Array) },
      })
    })

    it('answers CORS preflights for the configured origin only', async () => {
      const preflight = (origin: string) =>
        send(
          new Request(`${base}/v1/turn`, {
            method: 'OPTIONS',
            headers: { origin, 'access-control-request-method': 'POST' },
          }),
        )
      expect((await preflight(testAppConfig.origin)).headers.get('access-control-allow-origin')).toBe(
        testAppConfig.origin,
      )
      expect((await preflight('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull()
      const denied = await send(
        new Request(`${base}/v1/turn`, {
          method: 'POST',
          headers: { origin: testAppConfig.origin, 'content-type': 'application/json' },
          body: '{}',
        }),
      )
      expect(denied.status).toBe(401)
      // Errors stay readable by the allowed browser origin.
      expect(denied.headers.get('access-control-allow-origin')).toBe(testAppConfig.origin)
    })

    const cases = badRequests({
      maxTextLength: testAppConfig.maxTextLength,
      bodyLimit: testAppConfig.bodyLimit,
    })
    it.each(cases)('refuses $name with $status $code', async (badCase) => {
      const fill = (value: string) => value.replaceAll('{session}', session.id)
      const path = fill(badCase.path)
      const headers: Record<string, string> = { ...badCase.headers }
      if (badCase.auth === 'none') headers.authorization = ''
      if (badCase.auth === 'wrong') headers.authorization = 'Bearer nope'
      const target = /unknown-session-\d/.exec(JSON.stringify(badCase.body ?? '') + path)?.[0] ?? session.id
      if (badCase.sessionToken === 'own')
        headers['x-focal-session-token'] =
          target === session.id
            ? session.token
            : await tokens.sign(target, { epoch: 'never-claimed', expiresAt: Date.now() + 60_000 })
      if (badCase.sessionToken === 'other') headers['x-focal-session-token'] = other.token
      if (badCase.sessionToken === 'garbage') headers['x-focal-session-token'] = 'v1.garbage'
      if (badCase.approver === 'supervisor')
        headers['x-focal-approver-token'] = testAppConfig.supervisor.token
      if (badCase.approver === 'agent') headers['x-focal-approver-token'] = testAppConfig.agent.token
      if (badCase.approver === 'garbage') headers['x-focal-approver-token'] = 'not-an-approver-credential'
      const body =
        typeof badCase.body === 'object' && !(badCase.body instanceof Uint8Array)
          ? JSON.parse(fill(JSON.stringify(badCase.body)))
          : badCase.body
      const init = { method: badCase.method, headers, ...(body === undefined ? {} : { body }) }
      const built = request(path, init)
      if (badCase.auth === 'none') built.headers.delete('authorization')
      const response = await send(built)
      const payload = (await response.json()) as { error: { code: string; message: string; path?: string } }
      expect({ status: response.status, code: payload.error.code }).toEqual({
        status: badCase.status,
        code: badCase.code,
      })
      expect(payload.error.message).not.toMatch(/\n\s+at /)
      if (badCase.path_) expect(payload.error.path).toBe(badCase.path_)
    })
  })
}
