/**
 * `GET /openapi.json` against the routes it describes, over a real socket: every status a route
 * answers (driven here for real) is listed for that operation, every operation that needs the
 * session token declares the `sessionToken` scheme, and the public routes list no error they never
 * answer. Found by an outside review (session 46b): the approval-status route was missing, no
 * operation used `sessionToken`, 415 and the retry codes were absent, and `/health` listed 401/403/404.
 */
import { loadDefinition } from '@focal/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readRefundSupport } from '../testing/read-refund-support.ts'
import { type LoopbackFocal, serveOnLoopback } from '../testing/serve-on-loopback.ts'

interface Operation {
  responses: Record<string, unknown>
  security?: Array<Record<string, string[]>>
}
type OpenApi = { paths: Record<string, Record<string, Operation>>; components: { securitySchemes: object } }

const supervisor = 's'.repeat(40)
const definition = loadDefinition(readRefundSupport())
definition.settings.maxTurns = 3

let served: LoopbackFocal
let document: OpenApi
beforeAll(async () => {
  served = await serveOnLoopback({
    definition,
    approvers: [{ token: supervisor, id: 'sup-1', roles: ['supervisor'] }],
  })
  document = (await (await fetch(`${served.origin}/openapi.json`)).json()) as OpenApi
})
afterAll(() => served.close())

/** Every (operation, status) a request got, as `<method> <path template> <status>`. */
const answered = new Set<string>()

async function send(
  method: 'GET' | 'POST' | 'DELETE',
  template: string,
  path: string,
  options: { body?: unknown; raw?: string; contentType?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  const body = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body))
  const response = await fetch(`${served.origin}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': options.contentType ?? 'application/json' }),
      ...options.headers,
    },
    ...(body === undefined ? {} : { body }),
  })
  answered.add(`${method.toLowerCase()} ${template} ${response.status}`)
  return response
}

const token = (response: Response) => ({
  'x-focal-session-token': response.headers.get('x-focal-session-token')!,
})

describe('GET /openapi.json', () => {
  it('lists every status each route answers', async () => {
    const turn = '/v1/turn'
    const first = await send('POST', turn, turn, {
      body: { sessionId: 'doc-a', text: 'hello', messageId: 'm1' },
    })
    expect(first.status).toBe(200)
    const a = token(first)
    expect((await send('POST', turn, turn, { raw: 'text=hi', contentType: 'text/plain' })).status).toBe(415)
    expect((await send('POST', turn, turn, { raw: '{' })).status).toBe(400)
    expect((await send('POST', turn, turn, { body: { text: 'x'.repeat(70_000) } })).status).toBe(413)
    expect((await send('POST', turn, turn, { body: { sessionId: 'doc-a', text: 'hi' } })).status).toBe(409)
    expect(
      (await send('POST', turn, turn, { body: { sessionId: 'doc-b', text: 'hi' }, headers: a })).status,
    ).toBe(403)
    const reused = { sessionId: 'doc-a', text: 'another text', messageId: 'm1' }
    expect((await send('POST', turn, turn, { body: reused, headers: a })).status).toBe(422)
    expect(
      (await send('POST', turn, turn, { body: { sessionId: 'doc-a', text: 'hi again' }, headers: a })).status,
    ).toBe(200)
    expect(
      (await send('POST', turn, turn, { body: { sessionId: 'doc-a', text: 'one more' }, headers: a })).status,
    ).toBe(200)
    expect(
      (await send('POST', turn, turn, { body: { sessionId: 'doc-a', text: 'past it' }, headers: a })).status,
    ).toBe(429)

    const chat = '/v1/chat'
    const message = (text: string) => ({ id: 'u1', role: 'user', parts: [{ type: 'text', text }] })
    expect((await send('POST', chat, chat, { raw: 'x', contentType: 'text/plain' })).status).toBe(415)
    expect((await send('POST', chat, chat, { body: { id: 'doc-c', messages: [] } })).status).toBe(400)
    expect(
      (await send('POST', chat, chat, { body: { id: 'doc-a', messages: [message('hi')] } })).status,
    ).toBe(409)
    expect(
      (await send('POST', chat, chat, { body: { id: 'doc-c', messages: [message('hi')] }, headers: a }))
        .status,
    ).toBe(403)

    for (const route of ['/v1/parse', '/v1/enforce']) {
      expect((await send('POST', route, route, { raw: 'x', contentType: 'text/plain' })).status).toBe(415)
      expect((await send('POST', route, route, { body: { text: '' } })).status).toBe(400)
      expect((await send('POST', route, route, { body: { text: 'fine' } })).status).toBe(200)
    }
    expect((await send('GET', '/health', '/health')).status).toBe(200)

    // The customer's approval, its status, and the approver's routes.
    const paused = await send('POST', turn, turn, {
      body: { sessionId: 'doc-d', text: 'Cancel order NW-2002, the total was $620' },
    })
    const d = token(paused)
    const approvalId = ((await paused.json()) as { approval: { id: string } }).approval.id
    const status = '/v1/sessions/{id}/approvals/{approvalId}'
    expect(
      (await send('GET', status, `/v1/sessions/doc-d/approvals/${approvalId}`, { headers: d })).status,
    ).toBe(200)
    expect((await send('GET', status, '/v1/sessions/doc-d/approvals/other', { headers: d })).status).toBe(404)
    expect((await send('GET', status, `/v1/sessions/doc-d/approvals/${approvalId}`)).status).toBe(401)
    expect(
      (await send('GET', status, `/v1/sessions/doc-d/approvals/${approvalId}`, { headers: a })).status,
    ).toBe(403)
    const pending = '/v1/sessions/{id}/approval'
    const approver = { 'x-focal-approver-token': supervisor }
    expect((await send('GET', pending, '/v1/sessions/doc-d/approval', { headers: d })).status).toBe(403)
    expect((await send('GET', pending, '/v1/sessions/doc-d/approval')).status).toBe(401)
    expect((await send('GET', pending, '/v1/sessions/doc-d/approval', { headers: approver })).status).toBe(
      200,
    )
    const decide = '/v1/approvals/{id}'
    const decision = { sessionId: 'doc-d', decision: 'approve' }
    expect(
      (await send('POST', decide, '/v1/approvals/other', { body: decision, headers: approver })).status,
    ).toBe(404)
    expect((await send('POST', decide, `/v1/approvals/${approvalId}`, { body: decision })).status).toBe(401)
    expect(
      (await send('POST', decide, `/v1/approvals/${approvalId}`, { raw: 'x', contentType: 'text/plain' }))
        .status,
    ).toBe(415)
    expect(
      (await send('POST', decide, `/v1/approvals/${approvalId}`, { body: decision, headers: approver }))
        .status,
    ).toBe(200)
    expect((await send('GET', pending, '/v1/sessions/doc-d/approval', { headers: approver })).status).toBe(
      404,
    )

    // The session's own routes.
    const ledger = '/v1/sessions/{id}/ledger'
    expect((await send('GET', ledger, '/v1/sessions/doc-d/ledger?limit=0', { headers: d })).status).toBe(400)
    expect((await send('GET', ledger, '/v1/sessions/doc-d/ledger', { headers: d })).status).toBe(200)
    expect((await send('GET', ledger, '/v1/sessions/doc-d/ledger')).status).toBe(401)
    const complete = '/v1/sessions/{id}/complete'
    const completePath = '/v1/sessions/doc-d/complete'
    expect(
      (await send('POST', complete, completePath, { raw: 'x', contentType: 'text/plain', headers: d }))
        .status,
    ).toBe(415)
    expect(
      (await send('POST', complete, completePath, { body: { output: 'done' }, headers: d })).status,
    ).toBe(422)
    const contract = {
      version: 1,
      goal_text: 'Reach 90% accuracy',
      acceptance_criteria: [
        { id: 'AC1', kind: 'metric_threshold', metric: 'accuracy', op: '>=', target: 0.9 },
      ],
    }
    const other = { ...contract, goal_text: 'Something else' }
    expect(
      (await send('POST', complete, completePath, { body: { contract, output: 'x' }, headers: d })).status,
    ).toBe(200)
    expect(
      (await send('POST', complete, completePath, { body: { contract: other, output: 'x' }, headers: d }))
        .status,
    ).toBe(409)
    expect((await send('POST', complete, completePath, { body: { output: 'x' } })).status).toBe(401)
    const restore = '/v1/sessions/{id}/goal/restore'
    expect(
      (
        await send('POST', restore, '/v1/sessions/doc-d/goal/restore', {
          body: { turnId: 'nope' },
          headers: d,
        })
      ).status,
    ).toBe(404)
    expect(
      (await send('POST', restore, '/v1/sessions/doc-d/goal/restore', { body: {}, headers: d })).status,
    ).toBe(200)
    expect(
      (await send('POST', restore, '/v1/sessions/doc-d/goal/restore', { raw: '[', headers: d })).status,
    ).toBe(400)
    const session = '/v1/sessions/{id}'
    expect((await send('GET', session, '/v1/sessions/doc-d', { headers: d })).status).toBe(200)
    expect(
      (await send('GET', session, '/v1/sessions/doc-d', { headers: { 'x-focal-session-token': 'garbage' } }))
        .status,
    ).toBe(403)
    const revoke = '/v1/sessions/{id}/revoke'
    const rotated = await send('POST', revoke, '/v1/sessions/doc-d/revoke', { headers: d })
    expect(rotated.status).toBe(200)
    expect((await send('GET', session, '/v1/sessions/doc-d', { headers: d })).status).toBe(401)
    expect(
      (await send('POST', turn, turn, { body: { sessionId: 'doc-d', text: 'hi' }, headers: d })).status,
    ).toBe(401)
    const fresh = token(rotated)
    expect((await send('DELETE', session, '/v1/sessions/doc-d', { headers: fresh })).status).toBe(200)
    expect((await send('GET', ledger, '/v1/sessions/doc-d/ledger', { headers: fresh })).status).toBe(404)
    expect((await send('DELETE', session, '/v1/sessions/doc-d', { headers: fresh })).status).toBe(404)
    const release = '/v1/sessions/{id}/release'
    expect((await send('POST', release, '/v1/sessions/doc-a/release', { headers: a })).status).toBe(403)
    expect((await send('POST', release, '/v1/sessions/doc-a/release')).status).toBe(401)
    expect((await send('POST', release, '/v1/sessions/doc-a/release', { headers: approver })).status).toBe(
      200,
    )
    expect((await send('POST', release, '/v1/sessions/gone/release', { headers: approver })).status).toBe(404)
    const handedOff = await send('POST', turn, turn, {
      body: { sessionId: 'doc-h', text: 'can I talk to a human' },
    })
    const h = token(handedOff)
    const handoff = '/v1/sessions/{id}/handoff'
    expect((await send('GET', handoff, '/v1/sessions/doc-h/handoff', { headers: h })).status).toBe(200)
    expect((await send('GET', handoff, '/v1/sessions/doc-h/handoff')).status).toBe(401)
    expect((await send('GET', handoff, '/v1/sessions/doc-h/handoff', { headers: a })).status).toBe(403)
    expect((await send('GET', handoff, '/v1/sessions/doc-a/handoff', { headers: a })).status).toBe(404)
    const conversation = '/v1/sessions/{id}/handoff/conversation'
    const conversationOf = (id: string, headers?: Record<string, string>) =>
      send('GET', conversation, `/v1/sessions/${id}/handoff/conversation`, headers ? { headers } : {})
    expect((await conversationOf('doc-h', approver)).status).toBe(200)
    expect((await conversationOf('doc-h', h)).status).toBe(403)
    expect((await conversationOf('doc-h')).status).toBe(401)
    expect((await conversationOf('doc-a', approver)).status).toBe(404)
    const replies = '/v1/sessions/{id}/handoff/replies'
    const write = (id: string, body: unknown, headers?: Record<string, string>) =>
      send('POST', replies, `/v1/sessions/${id}/handoff/replies`, { body, ...(headers ? { headers } : {}) })
    expect((await write('doc-h', { text: 'Hi, I am here.' }, approver)).status).toBe(200)
    expect((await write('doc-h', {}, approver)).status).toBe(400)
    expect((await write('doc-h', { text: 'hi' }, h)).status).toBe(403)
    expect((await write('doc-h', { text: 'hi' })).status).toBe(401)
    expect((await write('doc-a', { text: 'hi' }, approver)).status).toBe(404)

    const missing = [...answered].filter((entry) => {
      const [method, template, status] = entry.split(' ') as [string, string, string]
      return document.paths[template]?.[method]?.responses[status] === undefined
    })
    expect(missing).toEqual([])
  })

  it('declares the session token on every operation that needs one', () => {
    const operation = (path: string, method: string) => document.paths[path]?.[method]
    const needsToken = [
      ['/v1/sessions/{id}', 'get'],
      ['/v1/sessions/{id}', 'delete'],
      ['/v1/sessions/{id}/ledger', 'get'],
      ['/v1/sessions/{id}/revoke', 'post'],
      ['/v1/sessions/{id}/complete', 'post'],
      ['/v1/sessions/{id}/goal/restore', 'post'],
      ['/v1/sessions/{id}/approvals/{approvalId}', 'get'],
      ['/v1/sessions/{id}/handoff', 'get'],
    ] as const
    for (const [path, method] of needsToken)
      expect(operation(path, method)?.security, `${method} ${path}`).toEqual([{ sessionToken: [] }])
    // A new session needs none; a later turn of it needs its token.
    for (const path of ['/v1/turn', '/v1/chat'])
      expect(operation(path, 'post')?.security).toEqual([{}, { sessionToken: [] }])
    for (const [path, method] of [
      ['/v1/approvals/{id}', 'post'],
      ['/v1/sessions/{id}/handoff/conversation', 'get'],
      ['/v1/sessions/{id}/handoff/replies', 'post'],
    ] as const)
      expect(operation(path, method)?.security, `${method} ${path}`).toEqual([{ approverToken: [] }])
  })

  it('lists 410 session-expired on every route a session token opens', () => {
    for (const [path, method] of [
      ['/v1/turn', 'post'],
      ['/v1/chat', 'post'],
      ['/v1/sessions/{id}', 'get'],
      ['/v1/sessions/{id}/ledger', 'get'],
    ] as const)
      expect(document.paths[path]?.[method]?.responses['410'], `${method} ${path}`).toBeDefined()
  })

  it('lists no credential errors on the routes that never answer them', () => {
    for (const [path, method] of [
      ['/health', 'get'],
      ['/v1/parse', 'post'],
      ['/v1/enforce', 'post'],
    ] as const)
      for (const status of ['401', '403', '404'])
        expect(
          document.paths[path]?.[method]?.responses[status],
          `${method} ${path} ${status}`,
        ).toBeUndefined()
    expect(document.paths['/health']?.get?.security).toEqual([])
  })
})
