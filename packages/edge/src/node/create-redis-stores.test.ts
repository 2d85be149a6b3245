import { describeLedgerStoreConformance, describeSessionStoreConformance } from '@focal/core/testing'
import { createClient } from 'redis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../testing/create-test-app.ts'
import { type RedisServerHandle, startRedisServer } from '../testing/start-redis-server.ts'
import { testAppConfig } from '../testing/test-app-config.ts'
import { createRedisStores } from './create-redis-stores.ts'

let server: RedisServerHandle
let client: ReturnType<typeof createClient>

beforeAll(async () => {
  server = await startRedisServer()
  client = createClient({ url: server.url })
  await client.connect()
})

afterAll(async () => {
  await client?.quit()
  await server?.stop()
})

describeSessionStoreConformance('redis', () => createRedisStores({ client }).sessionStore)
describeLedgerStoreConformance('redis', () => createRedisStores({ client }).ledgerStore)

describe('createRedisStores', () => {
  it('keeps 50 concurrent turns on one session from two apps on two connections gap-free, with no lost update', async () => {
    const second = createClient({ url: server.url })
    await second.connect()
    try {
      const apps = [
        createTestApp(createRedisStores({ client })),
        createTestApp(createRedisStores({ client: second })),
      ]
      const headers = {
        authorization: `Bearer ${testAppConfig.clientToken}`,
        'content-type': 'application/json',
      }
      const first = await apps[0]!.request('/v1/turn', {
        method: 'POST',
        headers,
        body: JSON.stringify({ text: 'turn 0' }),
      })
      const { sessionId } = (await first.json()) as { sessionId: string }
      const sessionHeaders = {
        ...headers,
        'x-focal-session-token': first.headers.get('x-focal-session-token') ?? '',
      }
      const responses = await Promise.all(
        Array.from({ length: 49 }, (_, index) =>
          apps[index % 2]!.request('/v1/turn', {
            method: 'POST',
            headers: sessionHeaders,
            body: JSON.stringify({ sessionId, text: `turn ${index + 1}` }),
          }),
        ),
      )
      expect(responses.map((response) => response.status)).toEqual(Array(49).fill(200))
      const ledgerResponse = await apps[1]!.request(`/v1/sessions/${sessionId}/ledger`, {
        headers: sessionHeaders,
      })
      const ledger = (await ledgerResponse.json()) as {
        records: Array<{ sequence: number }>
        verification: unknown
      }
      expect(ledger.verification).toEqual({ valid: true })
      expect(ledger.records.map((record) => record.sequence)).toEqual(
        Array.from({ length: 50 }, (_, index) => index),
      )
      const snapshotResponse = await apps[0]!.request(`/v1/sessions/${sessionId}`, {
        headers: sessionHeaders,
      })
      const snapshot = (await snapshotResponse.json()) as { state: { turns: number; texts: string[] } }
      expect(snapshot.state.turns).toBe(50)
      expect(new Set(snapshot.state.texts).size).toBe(50)
    } finally {
      await second.quit()
    }
  })
})
