import type { AddressInfo } from 'node:net'
import { openAICompatible, verifyLedger } from '@focal/core'
import { createClient } from 'redis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agentModelScript } from '../../../core/src/testing/agent-model-script.ts'
import {
  type ScriptedModelServer,
  startScriptedModelServer,
} from '../../../core/src/testing/scripted-model-server.ts'
import { keepSessionTokens } from '../testing/keep-session-tokens.ts'
import { readRefundSupport } from '../testing/read-refund-support.ts'
import { type RedisServerHandle, startRedisServer } from '../testing/start-redis-server.ts'
import { createRedisStores } from './create-redis-stores.ts'
import { serveFocal } from './serve-focal.ts'

const card = '4111 1111 1111 1111'
// 123-45-6789 is the famous specimen number the us-ssn detector skips on purpose; this one is valid-form.
const ssn = '536-22-1987'
/** Every way the two values could be written down. */
const forbidden = [card, card.replaceAll(' ', ''), '4111-1111-1111-1111', ssn, ssn.replaceAll('-', '')]

let redis: RedisServerHandle
let client: ReturnType<typeof createClient>
let model: ScriptedModelServer
let served: ReturnType<typeof serveFocal>
let origin: string

beforeAll(async () => {
  redis = await startRedisServer()
  client = createClient({ url: redis.url })
  await client.connect()
  model = await startScriptedModelServer({
    script: agentModelScript({
      drafts: Array(20).fill('Thanks, I have noted that. Your order is on its way.'),
    }),
  })
  served = serveFocal({
    definition: readRefundSupport(),
    model: openAICompatible({ baseURL: model.baseURL, model: 'scripted', maxRetries: 0 }),
    ...createRedisStores({ client, keyPrefix: 'rails:' }),
    port: 0,
    hostname: '127.0.0.1',
  })
  await new Promise<void>((resolve) => served.server.once('listening', () => resolve()))
  origin = `http://127.0.0.1:${(served.server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((resolve) => served?.server.close(resolve))
  await model?.close()
  await client?.quit()
  await redis?.stop()
})

/** Every byte Redis holds under the app's prefix: sessions, ledgers, claims. */
async function dumpRedis(): Promise<string> {
  const parts: string[] = []
  for (const key of await client.keys('rails:*')) {
    const type = await client.type(key)
    if (type === 'string') parts.push(`${key}=${await client.get(key)}`)
    else if (type === 'hash') parts.push(`${key}=${JSON.stringify(await client.hGetAll(key))}`)
    else if (type === 'list') parts.push(`${key}=${JSON.stringify(await client.lRange(key, 0, -1))}`)
    else parts.push(`${key}: unexpected ${type}`)
  }
  return parts.join('\n')
}

describe('input rails (Node server, Redis stores, scripted model on loopback)', () => {
  it('keeps a typed card number and SSN out of state, ledger, provenance and the model prompt; the ledger verifies after erasure', async () => {
    const http = keepSessionTokens()
    // One clear intent (order status), so the model drafts the reply and sees the user's words.
    const text = `Where is my order NW-1001? I paid with ${card}, my social is ${ssn}.`
    const turn = await http(`${origin}/v1/turn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text }),
    })
    expect(turn.status).toBe(200)
    const result = await turn.text()
    const { sessionId } = JSON.parse(result) as { sessionId: string }
    const chat = await http(`${origin}/v1/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        id: sessionId,
        messages: [
          {
            id: 'm1',
            role: 'user',
            parts: [{ type: 'text', text: `Where is my order NW-1001? Paid with ${card}, social ${ssn}` }],
          },
        ],
      }),
    })
    expect(chat.status).toBe(200)
    const stream = await chat.text()
    const state = await (await http(`${origin}/v1/sessions/${sessionId}`)).text()
    const ledger = await (await http(`${origin}/v1/sessions/${sessionId}/ledger`)).text()
    const stored = await dumpRedis()
    const prompts = JSON.stringify(model.requests)
    // The placeholders did reach the engine: the rail replaced the values, it did not drop the text.
    expect(state).toContain('[CREDIT_CARD_1]')
    expect(state).toContain('[US_SSN_1]')
    expect(prompts).toContain('[CREDIT_CARD_')
    expect(stored).toContain(`rails:ledger:${sessionId}`)
    for (const [where, bytes] of Object.entries({ result, stream, state, ledger, stored, prompts })) {
      for (const value of forbidden)
        expect({ where, found: bytes.includes(value) }).toEqual({ where, found: false })
    }
    // Erasure: the session's state, claim and vault key go; the ledger's chain still verifies.
    const deleted = await http(`${origin}/v1/sessions/${sessionId}`, { method: 'DELETE' })
    expect(deleted.status).toBe(200)
    const records = await createRedisStores({ client, keyPrefix: 'rails:' }).ledgerStore.list(sessionId)
    expect(records.length).toBeGreaterThan(0)
    expect(await verifyLedger(records, { sessionId })).toEqual({ valid: true })
    expect(await client.exists(`rails:session:${sessionId}`)).toBe(0)
  })
})
