import { env, runDurableObjectAlarm, SELF } from 'cloudflare:test'
import { createEngine, FocalError, type GenerateOptions, type LanguageModel } from '@focal/core'
import { describeLedgerStoreConformance, describeSessionStoreConformance } from '@focal/core/testing'
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import type { FocalAppOptions } from '../app/types.ts'
import { createFocalApp } from '../create-focal-app.ts'
import { createCardKeeperOptions } from '../testing/card-keeper.ts'
import { createTestApp, createTestAppOptions } from '../testing/create-test-app.ts'
import { describePersonalValueKeysSuite } from '../testing/describe-personal-value-keys-suite.ts'
import { describeFocalHttpSuite } from '../testing/http-suite.ts'
import { runConcurrentTurns } from '../testing/run-concurrent-turns.ts'
import { refundSupport, type TestWorkerEnv } from '../testing/workerd/test-worker.ts'
import { createFocalStores, createKvCompileCache, serveFocal } from './index.ts'

const namespace = (env as unknown as TestWorkerEnv).FOCAL_SESSIONS

describeFocalHttpSuite('workerd (serveFocal, Durable Objects)', () => (request) => SELF.fetch(request))

// Two app instances over the same Durable Objects namespace: a restart, or another isolate.
describePersonalValueKeysSuite('workerd (Durable Objects)', () => {
  const [first, second] = [0, 1].map(() =>
    createFocalApp(createCardKeeperOptions(createFocalStores({ namespace }))),
  )
  return [async (request) => first!.request(request), async (request) => second!.request(request)]
})

describeSessionStoreConformance('durable-objects', () => createFocalStores({ namespace }).sessionStore)
describeLedgerStoreConformance('durable-objects', () => createFocalStores({ namespace }).ledgerStore)

describe('serveFocal (Workers)', () => {
  it('refuses every request with server-misconfigured, naming the setting, while the options cannot be built', async () => {
    let secret: string | undefined
    const handler = serveFocal((_env: object) => {
      if (secret === undefined)
        throw new FocalError({
          code: 'server-misconfigured',
          message: 'Refusing to serve: set FOCAL_SESSION_SECRET.',
        })
      return createTestAppOptions({ definition: refundSupport })
    })
    const env = {}
    for (const path of ['/health', '/v1/turn']) {
      const response = await handler.fetch(new Request(`http://focal.test${path}`), env)
      expect(response.status).toBe(500)
      expect(await response.json()).toEqual({
        error: { code: 'server-misconfigured', message: 'Refusing to serve: set FOCAL_SESSION_SECRET.' },
      })
    }
    // Once the secret is there, the same handler serves.
    secret = 'set'
    expect((await handler.fetch(new Request('http://focal.test/health'), env)).status).toBe(200)
  })

  // An outside review: a supervisor token too short made every route, /health too, a 400
  // invalid-argument, which no health check or 5xx alert sees as the outage it is.
  it('answers 500 server-misconfigured whatever error building the app throws, its message kept', async () => {
    const handler = serveFocal((_env: object): FocalAppOptions => {
      const options = createTestAppOptions({ definition: refundSupport })
      return {
        ...options,
        approvers: [{ token: 'hunter2', id: 'lead-1', roles: ['supervisor'] }],
      } as FocalAppOptions
    })
    const response = await handler.fetch(new Request('http://focal.test/health'), {})
    expect(response.status).toBe(500)
    expect(await response.json()).toMatchObject({
      error: { code: 'server-misconfigured', message: expect.stringContaining('32 characters') },
    })
  })
})

describe('serveFocal without the Durable Object binding', () => {
  // The example Worker as written, deployed with FOCAL_SESSIONS missing from (or misspelt in) its
  // wrangler config: /health said ok and every session route was a bare 500 internal-error.
  it('answers every route, /health included, 500 server-misconfigured naming the namespace', async () => {
    const handler = serveFocal((env: { FOCAL_SESSIONS?: never }) => ({
      ...createTestAppOptions({ definition: refundSupport }),
      ...createFocalStores({ namespace: env.FOCAL_SESSIONS as never }),
    }))
    for (const [path, init] of [
      ['/health', {}],
      [
        '/v1/turn',
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"text":"hi"}' },
      ],
    ] as const) {
      const response = await handler.fetch(new Request(`http://focal.test${path}`, init), {})
      expect(response.status).toBe(500)
      expect(await response.json()).toMatchObject({
        error: {
          code: 'server-misconfigured',
          message: expect.stringContaining(
            'createFocalStores: option "namespace" is not a Durable Object namespace',
          ),
        },
      })
    }
  })
})

describe('createFocalStores (Durable Objects)', () => {
  it("forgets an idle session with ttlMs: the object's alarm clears its state, ledger and claim", async () => {
    const { sessionStore, ledgerStore, sessionClaims } = createFocalStores({ namespace, ttlMs: 60_000 })
    const sessionId = `ttl-${crypto.randomUUID()}`
    expect(await sessionStore.put(sessionId, { turn: 1 }, 0)).toBe(1)
    const record = { id: 'r0', sessionId, sequence: 0 } as unknown as Parameters<
      typeof ledgerStore.appendIfNext
    >[0]
    expect(await ledgerStore.appendIfNext(record)).toBe(true)
    expect(await sessionClaims.claim(sessionId, 'epoch-1')).toBe(true)
    const stub = namespace.get(namespace.idFromName(sessionId) as never)
    expect(await runDurableObjectAlarm(stub)).toBe(true)
    expect(await sessionStore.get(sessionId)).toBeUndefined()
    expect(await ledgerStore.list(sessionId)).toEqual([])
    expect(await sessionClaims.epoch(sessionId)).toBeUndefined()
    // Without ttlMs no alarm is set.
    const kept = createFocalStores({ namespace })
    const keptId = `kept-${crypto.randomUUID()}`
    await kept.sessionStore.put(keptId, {}, 0)
    expect(await runDurableObjectAlarm(namespace.get(namespace.idFromName(keptId) as never))).toBe(false)
  })

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
    // 50 serialised turns through two Durable Object stubs take ~4.5 s on a loaded 2-core machine:
    // the default 5 s limit failed there twice in three runs. The test asserts order, not speed.
  }, 20_000)
})

describe('createKvCompileCache (Workers KV)', () => {
  /** A compiler model answering the two compile calls of a guardrail, counting its calls. */
  function countingModel() {
    const model = {
      modelId: 'kv-compiler',
      calls: 0,
      async generate(options: GenerateOptions<z.ZodType | undefined>) {
        model.calls++
        const form = options.system?.startsWith('You compile a policy rule')
        const json = form
          ? { tier: 'hard-safety', target: 'reply', blocklist: ['Amazon', 'Walmart'] }
          : {
              replies: [
                { text: 'Amazon sells it cheaper.', violates: true },
                { text: 'Northwind Basic is $9.', violates: false },
              ],
            }
        const object = options.schema === undefined ? undefined : options.schema.parse(json)
        return {
          text: JSON.stringify(json),
          object,
          usage: { inputTokens: 1, outputTokens: 1 },
          latencyMs: 1,
          modelId: 'kv-compiler',
        }
      },
    }
    return model
  }

  it('compiles a definition once: a cold start over the same KV namespace makes no model call', async () => {
    const compileCache = createKvCompileCache({
      namespace: (env as unknown as TestWorkerEnv).FOCAL_COMPILE_CACHE,
      prefix: `test-${crypto.randomUUID()}:`,
    })
    const definition = {
      name: 'kv-agent',
      guardrails: { never: ['Mention or compare with competitors.'], always: [] },
    }
    const cold = countingModel()
    const first = await createEngine({
      definition,
      model: cold as unknown as LanguageModel,
      compileCache,
      lane2: false,
    }).enforcementPlan()
    expect(cold.calls).toBe(2)
    expect(first.rules.find((rule) => rule.id === 'never-1')?.lane1).toMatchObject({
      blocklist: ['Amazon', 'Walmart'],
    })
    const warm = countingModel()
    const second = await createEngine({
      definition,
      model: warm as unknown as LanguageModel,
      compileCache,
      lane2: false,
    }).enforcementPlan()
    expect(warm.calls).toBe(0)
    expect(second.summary).toMatchObject({ modelCalls: 0, cached: 1 })
  })
})
