import { env, SELF } from 'cloudflare:test'
import { describeLedgerStoreConformance, describeSessionStoreConformance } from '@focal/core/testing'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../testing/create-test-app.ts'
import { describeFocalHttpSuite } from '../testing/http-suite.ts'
import { runConcurrentTurns } from '../testing/run-concurrent-turns.ts'
import { refundSupport, type TestWorkerEnv } from '../testing/workerd/test-worker.ts'
import { createFocalStores } from './index.ts'

const namespace = (env as unknown as TestWorkerEnv).FOCAL_SESSIONS

describeFocalHttpSuite('workerd (serveFocal, Durable Objects)', () => (request) => SELF.fetch(request))

describeSessionStoreConformance('durable-objects', () => createFocalStores({ namespace }).sessionStore)
describeLedgerStoreConformance('durable-objects', () => createFocalStores({ namespace }).ledgerStore)

describe('createFocalStores (Durable Objects)', () => {
  it('keeps 50 concurrent turns on one session from two app instances gap-free and without lost updates', async () => {
    const apps = [
      createTestApp({ definition: refundSupport, ...createFocalStores({ namespace }) }),
      createTestApp({ definition: refundSupport, ...createFocalStores({ namespace }) }),
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
  })
})
