import { env, SELF } from 'cloudflare:test'
import { describeLedgerStoreConformance, describeSessionStoreConformance } from '@focal/core/testing'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../testing/create-test-app.ts'
import { describeFocalHttpSuite } from '../testing/http-suite.ts'
import { testAppConfig } from '../testing/test-app-config.ts'
import type { TestWorkerEnv } from '../testing/workerd/test-worker.ts'
import { createFocalStores } from './index.ts'

const namespace = (env as unknown as TestWorkerEnv).FOCAL_SESSIONS

describeFocalHttpSuite('workerd (Durable Objects)', () => (request) => SELF.fetch(request))

describeSessionStoreConformance('durable-objects', () => createFocalStores({ namespace }).sessionStore)
describeLedgerStoreConformance('durable-objects', () => createFocalStores({ namespace }).ledgerStore)

describe('createFocalStores (Durable Objects)', () => {
  it('keeps 50 concurrent turns on one session from two app instances gap-free and without lost updates', async () => {
    const apps = [
      createTestApp(createFocalStores({ namespace })),
      createTestApp(createFocalStores({ namespace })),
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
    const ledger = (await (
      await apps[0]!.request(`/v1/sessions/${sessionId}/ledger`, { headers: sessionHeaders })
    ).json()) as {
      records: Array<{ sequence: number }>
      verification: unknown
    }
    expect(ledger.verification).toEqual({ valid: true })
    expect(ledger.records.map((record) => record.sequence)).toEqual(
      Array.from({ length: 50 }, (_, index) => index),
    )
    const snapshot = (await (
      await apps[1]!.request(`/v1/sessions/${sessionId}`, { headers: sessionHeaders })
    ).json()) as {
      state: { turns: number; texts: string[] }
    }
    expect(snapshot.state.turns).toBe(50)
    expect(new Set(snapshot.state.texts).size).toBe(50)
  })
})
