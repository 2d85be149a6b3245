import {
  createEngine,
  createLedger,
  createMemoryLedgerAnchorStore,
  createMemoryLedgerStore,
  createMemorySessionStore,
  FocalError,
} from '@focal/core'
import { describe, expect, it } from 'vitest'
import { createFocalApp } from './create-focal-app.ts'
import { createTestApp } from './testing/create-test-app.ts'
import { describeFocalHttpSuite } from './testing/http-suite.ts'
import { readRefundSupport } from './testing/read-refund-support.ts'
import { runConcurrentTurns } from './testing/run-concurrent-turns.ts'

const definition = readRefundSupport()

describeFocalHttpSuite('Node (app.request)', () => {
  const app = createTestApp({ definition })
  return async (request) => app.request(request)
})

describe('createFocalApp', () => {
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
    const apps = [
      createTestApp({ definition, sessionStore, ledgerStore }),
      createTestApp({ definition, sessionStore, ledgerStore }),
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

  it("verifies a ready engine's keyed ledger with ledgerKey and the anchor store it shares", async () => {
    const key = 'ready engine ledger secret, 32 bytes or more'
    const ledgerStore = createMemoryLedgerStore()
    const ledgerAnchorStore = createMemoryLedgerAnchorStore()
    const ledger = createLedger({ store: ledgerStore, key, anchorStore: ledgerAnchorStore })
    const engine = createEngine({ definition, ledger })
    const readLedger = async (app: ReturnType<typeof createFocalApp>) =>
      ((await (await app.request('/v1/sessions/s/ledger')).json()) as { verification: unknown }).verification
    await engine.turn({ sessionId: 's', text: 'Where is my order NW-1234?' })
    const keyed = createFocalApp({ engine, definition, ledgerStore, ledgerKey: key, ledgerAnchorStore })
    expect(await readLedger(keyed)).toEqual({ valid: true })
    // Without the key the app cannot check an HMAC chain, and says so.
    expect(await readLedger(createFocalApp({ engine, definition, ledgerStore }))).toMatchObject({
      valid: false,
      sequence: 0,
      problem: 'key-required',
    })
  })
})
