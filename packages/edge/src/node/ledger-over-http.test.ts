import type { LedgerRecord } from '@focal/core'
import { computeLedgerPayloadHash, computeLedgerRecordHash } from '@focal/core/ledger'
import { createClient } from 'redis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { keepSessionTokens } from '../testing/keep-session-tokens.ts'
import { readRefundSupport } from '../testing/read-refund-support.ts'
import { type LoopbackFocal, serveOnLoopback } from '../testing/serve-on-loopback.ts'
import { type RedisServerHandle, startRedisServer } from '../testing/start-redis-server.ts'
import { createRedisStores } from './create-redis-stores.ts'

const keyPrefix = 'ledger-http:'
let redis: RedisServerHandle
let client: ReturnType<typeof createClient>
// A client that keeps each session's token, as a browser would.
const http = keepSessionTokens()
let served: LoopbackFocal | undefined
let origin: string

beforeAll(async () => {
  redis = await startRedisServer()
  client = createClient({ url: redis.url })
  await client.connect()
  served = await serveOnLoopback({
    definition: readRefundSupport(),
    ...createRedisStores({ client, keyPrefix }),
    ledgerKey: 'ledger-over-http test secret, 32+ bytes',
  })
  origin = served.origin
})

afterAll(async () => {
  await served?.close()
  await client?.quit()
  await redis?.stop()
})

interface LedgerResponse {
  records: LedgerRecord[]
  verification: { valid: boolean; sequence?: number; problem?: string; message?: string }
}

/** Three order-status turns (a tool call and a reply each): six records. */
async function threeTurns(sessionId: string): Promise<void> {
  for (let turn = 0; turn < 3; turn++) {
    const response = await http(`${origin}/v1/turn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId, text: 'Where is my order NW-1234?' }),
    })
    expect(response.status).toBe(200)
  }
}

async function readLedger(sessionId: string): Promise<LedgerResponse> {
  const response = await http(`${origin}/v1/sessions/${sessionId}/ledger`)
  expect(response.status).toBe(200)
  return (await response.json()) as LedgerResponse
}

/** The attacker: write access to Redis, no key. */
const redisKey = (sessionId: string) => `${keyPrefix}ledger:${sessionId}`
async function storedRecords(sessionId: string): Promise<LedgerRecord[]> {
  return (await client.lRange(redisKey(sessionId), 0, -1)).map((row) => JSON.parse(row) as LedgerRecord)
}

describe('GET /v1/sessions/:id/ledger with ledgerKey (Node server, Redis store)', () => {
  it('reports a keyed ledger as valid', async () => {
    const sessionId = `honest-${crypto.randomUUID()}`
    await threeTurns(sessionId)
    const ledger = await readLedger(sessionId)
    expect(ledger.records.map((record) => record.chain)).toEqual(Array(6).fill('hmac-sha256'))
    expect(ledger.verification).toEqual({ valid: true })
  })

  it('fails a record edited in Redis with every later hash recomputed in plain SHA-256', async () => {
    const sessionId = `rechained-${crypto.randomUUID()}`
    await threeTurns(sessionId)
    const records = await storedRecords(sessionId)
    const edited = records[1]!
    expect(edited.type).toBe('turn-completed')
    ;(edited.payload as { resultType: string }).resultType = 'refused'
    edited.payloadHash = await computeLedgerPayloadHash(edited.payload)
    for (let index = 1; index < records.length; index++) {
      const record = records[index]!
      record.previousHash = records[index - 1]!.hash
      record.hash = await computeLedgerRecordHash(record)
      await client.lSet(redisKey(sessionId), index, JSON.stringify(record))
    }
    const ledger = await readLedger(sessionId)
    expect(ledger.records[1]!.payload).toMatchObject({ resultType: 'refused' })
    expect(ledger.verification).toMatchObject({
      valid: false,
      sequence: 1,
      problem: 'hash-mismatch',
      message: 'fields of sequence 1 do not match its hash',
    })
  })

  it('fails a ledger whose last records were cut off in Redis', async () => {
    const sessionId = `cut-${crypto.randomUUID()}`
    await threeTurns(sessionId)
    await client.lTrim(redisKey(sessionId), 0, 3)
    const ledger = await readLedger(sessionId)
    expect(ledger.records).toHaveLength(4)
    expect(ledger.verification).toEqual({
      valid: false,
      index: 4,
      sequence: 4,
      problem: 'truncated',
      message: 'records end before sequence 4 but the anchored head is sequence 5: 2 record(s) missing',
    })
  })
})

describe('GET /v1/sessions/:id/ledger over a corrupted Redis store', () => {
  const headKey = (sessionId: string) => `${keyPrefix}head:${sessionId}`
  async function readFailure(sessionId: string): Promise<{ status: number; error: Record<string, string> }> {
    const response = await http(`${origin}/v1/sessions/${sessionId}/ledger`)
    const body = (await response.json()) as { error: Record<string, string> }
    return { status: response.status, error: body.error }
  }

  for (const [name, stored] of [
    ['not JSON', 'garbage'],
    ['JSON null', 'null'],
    ['an object that is no record', '{}'],
    ['a JSON array', '[1,2]'],
  ] as const) {
    it(`answers 502 ledger-unreadable naming the record when one is ${name}`, async () => {
      const sessionId = `corrupt-record-${crypto.randomUUID()}`
      await threeTurns(sessionId)
      await client.lSet(redisKey(sessionId), 1, stored)
      const { status, error } = await readFailure(sessionId)
      expect(status).toBe(502)
      expect(error).toMatchObject({ code: 'ledger-unreadable', path: 'records[1]' })
      expect(error.message).toContain('ledger record 1')
      expect(error.message).not.toContain(stored)
    })
  }

  it('answers 502 ledger-unreadable when the last record is unreadable (the total comes from it)', async () => {
    const sessionId = `corrupt-last-${crypto.randomUUID()}`
    await threeTurns(sessionId)
    await client.lSet(redisKey(sessionId), -1, 'garbage')
    const { status, error } = await readFailure(sessionId)
    expect(status).toBe(502)
    expect(error).toMatchObject({ code: 'ledger-unreadable', path: 'records[5]' })
  })

  it('answers 502 ledger-unreadable naming the head when the stored head is not JSON or not a head', async () => {
    for (const stored of ['not json', '{"sequence":"five"}']) {
      const sessionId = `corrupt-head-${crypto.randomUUID()}`
      await threeTurns(sessionId)
      await client.hSet(headKey(sessionId), 'head', stored)
      const { status, error } = await readFailure(sessionId)
      expect(status, stored).toBe(502)
      expect(error).toMatchObject({ code: 'ledger-unreadable', path: 'head' })
      expect(error.message).toContain('head')
    }
  })

  it('answers 502 ledger-unreadable when the head or the ledger key holds another Redis type', async () => {
    const headless = `wrong-type-head-${crypto.randomUUID()}`
    await threeTurns(headless)
    await client.del(headKey(headless))
    await client.set(headKey(headless), 'x')
    expect(await readFailure(headless)).toMatchObject({
      status: 502,
      error: { code: 'ledger-unreadable', path: 'head' },
    })
    const listless = `wrong-type-ledger-${crypto.randomUUID()}`
    await threeTurns(listless)
    await client.del(redisKey(listless))
    await client.set(redisKey(listless), 'x')
    expect(await readFailure(listless)).toMatchObject({
      status: 502,
      error: { code: 'ledger-unreadable', path: 'records' },
    })
  })
})
