import { describeLedgerStoreConformance, describeSessionStoreConformance } from '@focal/core/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type DenoTestServer,
  denoStoreProxies,
  startDenoTestServer,
} from '../testing/deno/start-deno-test-server.ts'
import { describeFocalHttpSuite } from '../testing/http-suite.ts'
import { testAppConfig } from '../testing/test-app-config.ts'

let server: DenoTestServer

beforeAll(async () => {
  server = await startDenoTestServer()
}, 90_000)

afterAll(async () => {
  await server?.stop()
})

describeFocalHttpSuite('Deno (serveFocal over Deno.serve, Deno KV)', () => async (request) => {
  const url = new URL(request.url)
  return fetch(new Request(`${server.appUrl}${url.pathname}${url.search}`, request))
})

describeSessionStoreConformance('deno-kv', () => denoStoreProxies(server.storesUrl).sessionStore)
describeLedgerStoreConformance('deno-kv', () => denoStoreProxies(server.storesUrl).ledgerStore)

describe('createFocalStores (Deno KV)', () => {
  it('keeps 50 concurrent turns on one session gap-free with no lost update', async () => {
    const headers = {
      authorization: `Bearer ${testAppConfig.clientToken}`,
      'content-type': 'application/json',
    }
    const first = await fetch(`${server.appUrl}/v1/turn`, {
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
        fetch(`${server.appUrl}/v1/turn`, {
          method: 'POST',
          headers: sessionHeaders,
          body: JSON.stringify({ sessionId, text: `turn ${index + 1}` }),
        }),
      ),
    )
    expect(responses.map((response) => response.status)).toEqual(Array(49).fill(200))
    const ledger = (await (
      await fetch(`${server.appUrl}/v1/sessions/${sessionId}/ledger`, { headers: sessionHeaders })
    ).json()) as {
      records: Array<{ sequence: number }>
      verification: unknown
    }
    expect(ledger.verification).toEqual({ valid: true })
    expect(ledger.records.map((record) => record.sequence)).toEqual(
      Array.from({ length: 50 }, (_, index) => index),
    )
  })
})
