import { describeLedgerStoreConformance, describeSessionStoreConformance } from '@focal/core/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type DenoTestServer,
  denoStoreProxies,
  startDenoTestServer,
} from '../testing/deno/start-deno-test-server.ts'
import { describePersonalValueKeysSuite } from '../testing/describe-personal-value-keys-suite.ts'
import { describeFocalHttpSuite } from '../testing/http-suite.ts'
import { describeRawBodySuite } from '../testing/raw-body-suite.ts'
import { runConcurrentTurns } from '../testing/run-concurrent-turns.ts'

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

describeRawBodySuite('Deno (serveFocal over Deno.serve)', {
  port: () => Number(new URL(server.appUrl).port),
  closesStalled: false,
  cutShort: { status: 400, code: 'invalid-json' },
})

/** Forwards a request to one of the Deno process's apps, keeping path and query. */
function sendTo(origin: string) {
  return (request: Request) => {
    const url = new URL(request.url)
    return fetch(new Request(`${origin}${url.pathname}${url.search}`, request))
  }
}

// Two card-keeper apps in the Deno process over the same KV: a restart, or another isolate.
describePersonalValueKeysSuite('Deno (serveFocal over Deno.serve, Deno KV)', () => [
  sendTo(server.keysUrls[0]),
  sendTo(server.keysUrls[1]),
])

describeSessionStoreConformance('deno-kv', () => denoStoreProxies(server.storesUrl).sessionStore)
describeLedgerStoreConformance('deno-kv', () => denoStoreProxies(server.storesUrl).ledgerStore)

describe('createFocalStores (Deno KV)', () => {
  it('keeps 50 concurrent turns on one session gap-free with no lost update', async () => {
    const send = async (request: Request) => {
      const url = new URL(request.url)
      return fetch(new Request(`${server.appUrl}${url.pathname}${url.search}`, request))
    }
    const outcome = await runConcurrentTurns([send])
    expect(outcome.statuses).toEqual(Array(50).fill(200))
    expect(outcome.verification).toEqual({ valid: true })
    expect(outcome.sequences).toEqual(outcome.sequences.map((_, index) => index))
    expect(outcome.turnCounter).toBe(50)
    // The store's turn lease serialised whole turns: 50 turns, their records never interleaved.
    expect(outcome.ledgerTurns).toBe(50)
    expect(outcome.turnsContiguous).toBe(true)
  })
})
