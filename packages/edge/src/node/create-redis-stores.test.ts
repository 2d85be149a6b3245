import { describeLedgerStoreConformance, describeSessionStoreConformance } from '@focal/core/testing'
import { createClient } from 'redis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFocalApp } from '../create-focal-app.ts'
import { createTestApp, createTestAppOptions } from '../testing/create-test-app.ts'
import { describeFocalHttpSuite } from '../testing/http-suite.ts'
import { readRefundSupport } from '../testing/read-refund-support.ts'
import { runConcurrentTurns } from '../testing/run-concurrent-turns.ts'
import { type LoopbackFocal, serveOnLoopback } from '../testing/serve-on-loopback.ts'
import { type RedisServerHandle, startRedisServer } from '../testing/start-redis-server.ts'
import { testAppConfig } from '../testing/test-app-config.ts'
import { createRedisStores } from './create-redis-stores.ts'

let server: RedisServerHandle
let client: ReturnType<typeof createClient>
let served: LoopbackFocal | undefined
let origin: string

beforeAll(async () => {
  server = await startRedisServer()
  client = createClient({ url: server.url })
  await client.connect()
  served = await serveOnLoopback({
    ...createTestAppOptions({
      definition: readRefundSupport(),
      ...createRedisStores({ client, keyPrefix: 'suite:' }),
    }),
  })
  origin = served.origin
})

afterAll(async () => {
  await served?.close()
  await client?.quit()
  await server?.stop()
})

// The whole HTTP contract, attacks included (claim race, expired and revoked tokens, self-approval),
// over a real socket with sessions, ledgers and claims in Redis.
describeFocalHttpSuite('Node socket on Redis stores', () => async (request) => {
  const url = new URL(request.url)
  return fetch(new Request(`${origin}${url.pathname}${url.search}`, request))
})

describeSessionStoreConformance('redis', () => createRedisStores({ client }).sessionStore)
describeLedgerStoreConformance('redis', () => createRedisStores({ client }).ledgerStore)

/** The test client's JSON headers, with the session's token once it has one. */
const headers = (token?: string | null) => ({
  'content-type': 'application/json',
  authorization: `Bearer ${testAppConfig.clientToken}`,
  ...(token ? { 'x-focal-session-token': token } : {}),
})

/** A refund tool that takes `ms` to run, and how many times it ran. */
function slowRefunds(ms: number) {
  let count = 0
  const tools = {
    issue_refund: async () => {
      count++
      await new Promise((resolve) => setTimeout(resolve, ms))
      return { refundId: `RF-${count}`, status: 'issued' }
    },
  }
  return { tools, refunds: () => count }
}

describe('createRedisStores', () => {
  it('keeps ledger heads in Redis, so a tail cut off while the server was down fails verification', async () => {
    // Found by an outside review: the heads lived in process memory, so after a restart a ledger
    // list trimmed in Redis verified as valid.
    const build = () =>
      createFocalApp(
        createTestAppOptions({
          definition: readRefundSupport(),
          ...createRedisStores({ client, keyPrefix: 'heads:' }),
        }),
      )
    const before = build()
    let token: string | null = null
    for (const text of ['hello', 'Where is my order NW-1001?', 'thanks']) {
      const response = await before.request('/v1/turn', {
        method: 'POST',
        headers: headers(token),
        body: JSON.stringify({ sessionId: 'cut', text }),
      })
      token = response.headers.get('x-focal-session-token') ?? token
    }
    const verification = async (app: ReturnType<typeof build>) =>
      (
        (await (await app.request('/v1/sessions/cut/ledger', { headers: headers(token) })).json()) as {
          verification: { valid: boolean; reason?: string }
        }
      ).verification
    // The server goes; the list is cut short; a new server (no memory of the head) reads it.
    expect(await verification(before)).toEqual({ valid: true })
    await client.sendCommand(['LTRIM', 'heads:ledger:cut', '0', '2'])
    expect((await verification(build())).valid).toBe(false)
  })

  it("settles a deleted session's waiting approval, so its order is not blocked for everyone", async () => {
    // Found by an outside review: an anonymous session asked to cancel an order for $720 (waiting
    // for a supervisor) and deleted itself; no one could decide it, and every other conversation's
    // refund or cancellation on that order was refused as "waiting for a supervisor", for good.
    const app = createFocalApp(
      createTestAppOptions({
        definition: readRefundSupport(),
        ...createRedisStores({ client, keyPrefix: 'orphan:' }),
      }),
    )
    const turn = (sessionId: string, text: string) =>
      app.request('/v1/turn', {
        method: 'POST',
        headers: headers(),
        body: JSON.stringify({ sessionId, text }),
      })
    const asked = await turn('mallory', 'Cancel order NW-9100, the total was $720')
    expect(((await asked.json()) as { type: string }).type).toBe('approval-required')
    const token = asked.headers.get('x-focal-session-token')
    const deleted = await app.request('/v1/sessions/mallory', { method: 'DELETE', headers: headers(token) })
    expect(deleted.status).toBe(200)
    const refund = (await (
      await turn('alice', 'refund $20 for NW-9100, my email is alice@example.com')
    ).json()) as {
      provenance: { tools: Array<{ id: string; status: string }> }
    }
    expect(refund.provenance.tools).toContainEqual(
      expect.objectContaining({ id: 'issue_refund', status: 'ran' }),
    )
  })

  it('holds a per-order cap when conversations on two instances refund one order at once', async () => {
    // Found by an outside review: 2 sessions refunding $30 on one order through two instances
    // over one Redis refunded $60 (10 of 10 attempts); 5 refunded $150.
    const second = createClient({ url: server.url })
    await second.connect()
    try {
      const { tools, refunds } = slowRefunds(20)
      const apps = [client, second].map((connection) =>
        createFocalApp({
          ...createTestAppOptions({
            definition: readRefundSupport(),
            ...createRedisStores({ client: connection, keyPrefix: 'capped:' }),
          }),
          tools,
        }),
      )
      const statuses = await Promise.all(
        ['u', 'v', 'w', 'x'].map(async (id, index) => {
          const response = await apps[index % 2]!.request('/v1/turn', {
            method: 'POST',
            headers: headers(),
            body: JSON.stringify({
              sessionId: `cap-${id}`,
              text: `refund $30 for NW-5050, my email is ${id}@example.com`,
            }),
          })
          return response.status
        }),
      )
      expect(statuses).toEqual([200, 200, 200, 200])
      expect(refunds()).toBe(1)
    } finally {
      await second.quit()
    }
  })

  it('runs a refund once when a completion on another instance comes mid-turn: every session write holds the lease', async () => {
    // Found by an outside review: POST /complete on instance B, while instance A's turn ran a
    // 300 ms refund, wrote the session outside the turn lease; A's write lost, its retry refunded
    // again (5 of 5 attempts), and the ledger showed one refund.
    const second = createClient({ url: server.url })
    await second.connect()
    try {
      const { tools, refunds } = slowRefunds(300)
      const [a, b] = [client, second].map((connection) =>
        createFocalApp({
          ...createTestAppOptions({
            definition: readRefundSupport(),
            ...createRedisStores({ client: connection, keyPrefix: 'midturn:' }),
          }),
          tools,
        }),
      )
      const post = async (app: typeof a, path: string, body: unknown, token?: string) => {
        const response = await app!.request(path, {
          method: 'POST',
          headers: headers(token),
          body: JSON.stringify(body),
        })
        return { response, token: response.headers.get('x-focal-session-token') ?? token }
      }
      const first = await post(a, '/v1/turn', {
        sessionId: 'mid',
        text: 'I want a refund, my email is m@example.com',
      })
      const token = first.token
      const turn = post(a, '/v1/turn', { sessionId: 'mid', text: 'refund $30 for NW-1001' }, token)
      await new Promise((resolve) => setTimeout(resolve, 100))
      const contract = {
        version: 1,
        goal_text: 'refund',
        acceptance_criteria: [{ id: 'AC1', kind: 'metric_threshold', metric: 'x', op: '>=', target: 0.9 }],
        max_goal_attempts: 3,
      }
      const completed = await post(b, '/v1/sessions/mid/complete', { contract, output: 'done' }, token)
      expect((await turn).response.status).toBe(200)
      expect(completed.response.status).toBe(200)
      expect(refunds()).toBe(1)
      const ledger = await a!.request('/v1/sessions/mid/ledger', { headers: headers(token) })
      expect(((await ledger.json()) as { verification: unknown }).verification).toEqual({ valid: true })
    } finally {
      await second.quit()
    }
  })

  it('gives every session key a sliding TTL with ttlMs, so idle sessions leave Redis', async () => {
    const { sessionStore, ledgerStore, sessionClaims } = createRedisStores({
      client,
      keyPrefix: 'ttl:',
      ttlMs: 400,
    })
    expect(await sessionStore.put('s', { turn: 1 }, 0)).toBe(1)
    const record = { id: 'r0', sessionId: 's', sequence: 0 } as unknown as Parameters<
      typeof ledgerStore.appendIfNext
    >[0]
    expect(await ledgerStore.appendIfNext(record)).toBe(true)
    expect(await sessionClaims.claim('s', 'epoch-1')).toBe(true)
    for (const key of ['ttl:session:s', 'ttl:ledger:s', 'ttl:claim:s']) {
      const ttl = await client.pTTL(key)
      expect(ttl).toBeGreaterThan(0)
      expect(ttl).toBeLessThanOrEqual(400)
    }
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(await sessionStore.get('s')).toBeUndefined()
    expect(await ledgerStore.list('s')).toEqual([])
    expect(await sessionClaims.epoch('s')).toBeUndefined()
    // Without ttlMs nothing expires.
    const lasting = createRedisStores({ client, keyPrefix: 'lasting:' })
    await lasting.sessionStore.put('s', {}, 0)
    expect(await client.pTTL('lasting:session:s')).toBe(-1)
  })

  it('keeps 50 concurrent turns on one session from two apps on two connections gap-free, with no lost update', async () => {
    const second = createClient({ url: server.url })
    await second.connect()
    try {
      const definition = readRefundSupport()
      const apps = [
        createTestApp({ definition, ...createRedisStores({ client }) }),
        createTestApp({ definition, ...createRedisStores({ client: second }) }),
      ]
      const outcome = await runConcurrentTurns(
        apps.map((app) => async (request: Request) => app.request(request)),
      )
      expect(outcome.statuses).toEqual(Array(50).fill(200))
      expect(outcome.verification).toEqual({ valid: true })
      expect(outcome.sequences).toEqual(outcome.sequences.map((_, index) => index))
      expect(outcome.sequences.length).toBeGreaterThanOrEqual(50)
      expect(outcome.turnCounter).toBe(50)
      // The store's turn lease serialised whole turns: 50 turns, their records never interleaved.
      expect(outcome.ledgerTurns).toBe(50)
      expect(outcome.turnsContiguous).toBe(true)
    } finally {
      await second.quit()
    }
  })
})
