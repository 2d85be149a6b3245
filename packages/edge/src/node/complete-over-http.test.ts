import { createClient } from 'redis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { keepSessionTokens } from '../testing/keep-session-tokens.ts'
import { readSse } from '../testing/read-sse.ts'
import { serveOnLoopback } from '../testing/serve-on-loopback.ts'
import { type RedisServerHandle, startRedisServer } from '../testing/start-redis-server.ts'
import { createRedisStores } from './create-redis-stores.ts'

const definition = { name: 'research-agent', kind: 'task', description: 'Trains and evaluates models.' }

const contract = {
  version: 1,
  goal_text: 'Build a churn model with >= 90% accuracy',
  acceptance_criteria: [
    { id: 'AC1', kind: 'metric_threshold', metric: 'cv_accuracy_mean', op: '>=', target: 0.9 },
  ],
  max_goal_attempts: 3,
}

/** A well-evidenced model run: the trust gate passes, the goal gate reads the accuracy. */
const modelRun = (accuracy: number) => `[OBJECTIVE] Classify customer churn
[METRIC:baseline_accuracy] 0.52
[METRIC:cv_accuracy_mean] ${accuracy}
[METRIC:cv_accuracy_std] 0.02
[METRIC:feature_importance] tenure: 0.31, contract: 0.22
[STAT:ci] 95% CI [${(accuracy - 0.02).toFixed(2)}, ${(accuracy + 0.02).toFixed(2)}]
[STAT:effect_size] Cohen's h = 0.62 over baseline
[FINDING] The model beats the majority baseline
[CONCLUSION] Model trained and evaluated
`

let redis: RedisServerHandle
beforeAll(async () => {
  redis = await startRedisServer()
})
afterAll(async () => {
  await redis?.stop()
})

// The client keeps its session tokens across the restart; the servers share the signing secret.
const client = keepSessionTokens()
const sessionSecret = 'complete-over-http-session-secret-0123456789'

/** One server process: its own Redis connection and app, on a fresh port. */
async function startServer() {
  const connection = createClient({ url: redis.url })
  await connection.connect()
  const served = await serveOnLoopback({
    definition,
    ...createRedisStores({ client: connection }),
    sessionSecret,
  })
  const origin = served.origin
  return {
    post: (path: string, body: unknown) =>
      client(`${origin}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    get: (path: string) => client(`${origin}${path}`),
    delete: (path: string) => client(`${origin}${path}`, { method: 'DELETE' }),
    async stop() {
      await served.close()
      await connection.quit()
    },
  }
}

interface Completed {
  decision: { status: string; reason: string; attemptNumber: number; maxGoalAttempts: number }
  snapshot: { summary: string; attemptNumber: number }
  gate: { name: string; status: string }
}

describe('POST /v1/sessions/:id/complete (Redis store, server restarts)', () => {
  it('keeps the goal attempt budget across a restart and blocks when it is spent', async () => {
    const first = await startServer()
    const turn = (await (await first.post('/v1/turn', { text: 'train a churn model' })).json()) as {
      sessionId: string
    }
    const path = `/v1/sessions/${turn.sessionId}/complete`
    const one = (await (await first.post(path, { contract, output: modelRun(0.75) })).json()) as Completed
    expect(one.decision).toMatchObject({ status: 'PARTIAL', reason: 'goal-not-met', attemptNumber: 1 })
    expect(one.gate).toMatchObject({ name: 'goal-gate', status: 'PARTIAL' })
    await first.stop()

    // A new process over the same Redis: the contract and the attempt come back from the session.
    const second = await startServer()
    const two = (await (await second.post(path, { output: modelRun(0.8) })).json()) as Completed
    expect(two.decision).toMatchObject({ status: 'PARTIAL', attemptNumber: 2, maxGoalAttempts: 3 })
    expect(two.snapshot.attemptNumber).toBe(2)
    // The widget sees the progress on the next chat turn of the session, restored from Redis.
    const chat = await second.post('/v1/chat', {
      id: turn.sessionId,
      messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'how is it going?' }] }],
    })
    const chunks = (await readSse(chat)).filter((event) => event !== '[DONE]') as Array<{
      type: string
      data?: { attemptNumber?: number; maxAttempts?: number; metCount?: number; criteriaCount?: number }
    }>
    expect(chunks.find((chunk) => chunk.type === 'data-goal-gate')?.data).toMatchObject({
      attemptNumber: 2,
      maxAttempts: 3,
      metCount: 0,
      criteriaCount: 1,
    })
    const three = (await (await second.post(path, { output: modelRun(0.82) })).json()) as Completed
    expect(three.decision.status).toBe('BLOCKED')

    const ledger = (await (await second.get(`/v1/sessions/${turn.sessionId}/ledger`)).json()) as {
      records: Array<{ type: string; payload: { status?: string; attemptNumber?: number } }>
      verification: { valid: boolean }
    }
    const evaluated = ledger.records.filter((record) => record.type === 'goal-gate-evaluated')
    expect(evaluated.map((record) => [record.payload.status, record.payload.attemptNumber])).toEqual([
      ['PARTIAL', 1],
      ['PARTIAL', 2],
      ['BLOCKED', 3],
    ])
    expect(ledger.verification).toEqual({ valid: true })
    await second.stop()
  })

  it('says SUCCESS only when the criteria are met, and rejects a session with no contract', async () => {
    const server = await startServer()
    try {
      const { sessionId } = (await (await server.post('/v1/turn', { text: 'train a model' })).json()) as {
        sessionId: string
      }
      const path = `/v1/sessions/${sessionId}/complete`
      const missing = await server.post(path, { output: modelRun(0.95) })
      expect(missing.status).toBe(422)
      expect(await missing.json()).toMatchObject({ error: { code: 'invalid-goal-contract' } })
      const empty = await server.post(path, { contract: { version: 1, goal_text: 'x' }, output: 'done' })
      expect(empty.status).toBe(422)
      const met = (await (await server.post(path, { contract, output: modelRun(0.93) })).json()) as Completed
      expect(met.decision).toMatchObject({ status: 'SUCCESS', reason: 'trust-and-goal-passed' })
    } finally {
      await server.stop()
    }
  })
  it('never gives a fresh budget for a replaced contract, and answers 429 past 50 completions', async () => {
    const server = await startServer()
    try {
      const { sessionId } = (await (await server.post('/v1/turn', { text: 'train a model' })).json()) as {
        sessionId: string
      }
      const path = `/v1/sessions/${sessionId}/complete`
      const once = { ...contract, max_goal_attempts: 1 }
      const spent = (await (
        await server.post(path, { contract: once, output: modelRun(0.75) })
      ).json()) as Completed
      expect(spent.decision).toMatchObject({ status: 'BLOCKED', maxGoalAttempts: 1 })
      // A looser contract with 1,000 attempts and a met output: still BLOCKED (it said SUCCESS).
      const looser = { ...contract, max_goal_attempts: 1000 }
      const replaced = (await (
        await server.post(path, { contract: looser, replaceContract: true, output: modelRun(0.95) })
      ).json()) as Completed
      expect(replaced.decision).toMatchObject({ status: 'BLOCKED', maxGoalAttempts: 1 })
      expect(replaced.snapshot.summary).toMatch(/attempt 1 of 1$/)

      // A met goal whose trust gate keeps failing counts no goal failure: 50 completions, then 429.
      const other = (await (await server.post('/v1/turn', { text: 'train a model' })).json()) as {
        sessionId: string
      }
      const again = `/v1/sessions/${other.sessionId}/complete`
      for (let call = 0; call < 50; call++) {
        const response = await server.post(again, { contract, output: modelRun(0.95), reviewerTrustScore: 0 })
        expect(response.status).toBe(200)
      }
      const refused = await server.post(again, { output: modelRun(0.95), reviewerTrustScore: 0 })
      expect(refused.status).toBe(429)
      expect(await refused.json()).toMatchObject({ error: { code: 'goal-attempt-limit' } })
    } finally {
      await server.stop()
    }
  })

  it('refuses a contract nested deeper than any real one, located, and the session keeps working', async () => {
    const server = await startServer()
    try {
      const { sessionId } = (await (await server.post('/v1/turn', { text: 'train a model' })).json()) as {
        sessionId: string
      }
      const path = `/v1/sessions/${sessionId}/complete`
      // Unknown fields of a contract are kept: 2,000 levels of them in 4 KB had been stored and
      // then broke every route of the session (reading it back overflowed the stack).
      let extra: unknown = 'deep'
      for (let level = 0; level < 2000; level++) extra = [extra]
      const deep = await server.post(path, { contract: { ...contract, extra }, output: modelRun(0.95) })
      expect(deep.status).toBe(400)
      const body = (await deep.json()) as { error: { code: string; message: string; path: string } }
      expect(body.error.code).toBe('invalid-request')
      expect(body.error.path.startsWith('contract.extra[0][0]')).toBe(true)
      expect(body.error.message).toContain('nested deeper than 64 levels')
      // Under the body's limit but past the contract's own (32 levels), refused by core.
      let moderate: unknown = 'deep'
      for (let level = 0; level < 40; level++) moderate = { inner: moderate }
      const refused = await server.post(path, { contract: { ...contract, extra: moderate }, output: 'done' })
      expect(refused.status).toBe(422)
      expect(await refused.json()).toMatchObject({
        error: { code: 'invalid-goal-contract', path: expect.stringMatching(/^contract\.extra\.inner/) },
      })
      // A contract's problem is located in the request body, not in the contract alone.
      const versionless = await server.post(path, { contract: {}, output: 'done' })
      expect(versionless.status).toBe(422)
      expect(await versionless.json()).toMatchObject({
        error: { code: 'invalid-goal-contract', path: 'contract.version' },
      })
      expect((await server.get(`/v1/sessions/${sessionId}`)).status).toBe(200)
      expect((await server.post('/v1/turn', { sessionId, text: 'and now?' })).status).toBe(200)
      const met = (await (await server.post(path, { contract, output: modelRun(0.93) })).json()) as Completed
      expect(met.decision.status).toBe('SUCCESS')
      expect((await server.delete(`/v1/sessions/${sessionId}`)).status).toBe(200)
    } finally {
      await server.stop()
    }
  })

  it('matches artifact patterns in time linear in their size, and refuses a request past the matching budget', async () => {
    const server = await startServer()
    try {
      const { sessionId } = (await (await server.post('/v1/turn', { text: 'train a model' })).json()) as {
        sessionId: string
      }
      const path = `/v1/sessions/${sessionId}/complete`
      const globbing = (artifactPattern: string) => ({
        ...contract,
        acceptance_criteria: [{ id: 'A1', kind: 'artifact_exists', artifactPattern }],
      })
      // An outside review's 2 KB body: every `**/` once scanned every later `/` for each position
      // and each folder suffix was matched again, blocking the server for 15 s. Now it is answered.
      const nested = `${'**/'.repeat(200)}>x`
      const artifacts = Array.from({ length: 5 }, () => `${'a/'.repeat(128)}b`)
      const answered = await server.post(path, { contract: globbing(nested), output: 'done', artifacts })
      expect(answered.status).toBe(200)
      const completed = (await answered.json()) as Completed & { snapshot: { criteria: unknown[] } }
      expect(completed.snapshot.criteria).toMatchObject([{ id: 'A1', status: 'NOT_MET' }])
      // Past the budget (50 paths of 1,000 characters against a 1,000-character pattern): a 400
      // naming the artifacts, before anything is matched; the session goes on.
      const long = Array.from({ length: 50 }, (_, index) => `${'a/'.repeat(495)}b${index}`)
      const refused = await server.post(path, {
        contract: globbing(`${'**/'.repeat(333)}b`),
        replaceContract: true,
        output: 'done',
        artifacts: long,
      })
      expect(refused.status).toBe(400)
      expect(await refused.json()).toMatchObject({
        error: {
          code: 'invalid-argument',
          path: 'artifacts',
          message: expect.stringContaining('glob steps'),
        },
      })
      const met = (await (
        await server.post(path, {
          contract: globbing('models/*.pkl'),
          replaceContract: true,
          output: 'done',
          artifacts: ['run/models/m.pkl'],
        })
      ).json()) as Completed & { snapshot: { criteria: unknown[] } }
      // A real pattern still matches a folder-aligned suffix of the path.
      expect(met.snapshot).toMatchObject({
        criteria: [{ id: 'A1', status: 'MET', actualValue: 'run/models/m.pkl' }],
      })
      expect((await server.post('/v1/turn', { sessionId, text: 'and now?' })).status).toBe(200)
    } finally {
      await server.stop()
    }
  })
})
