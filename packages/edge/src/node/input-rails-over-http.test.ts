import {
  createMemoryPersonalValueKeyStore,
  openAICompatible,
  openPersonalValue as openSealed,
  type SealedPersonalValue,
  verifyLedger,
} from '@focal/core'
import { createClient } from 'redis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agentModelScript } from '../../../core/src/testing/agent-model-script.ts'
import {
  type ScriptedModelServer,
  startScriptedModelServer,
} from '../../../core/src/testing/scripted-model-server.ts'
import { keepSessionTokens } from '../testing/keep-session-tokens.ts'
import { readRefundSupport } from '../testing/read-refund-support.ts'
import { type LoopbackFocal, serveOnLoopback } from '../testing/serve-on-loopback.ts'
import { type RedisServerHandle, startRedisServer } from '../testing/start-redis-server.ts'
import { createRedisStores } from './create-redis-stores.ts'

const card = '4111 1111 1111 1111'
// 123-45-6789 is the famous specimen number the us-ssn detector skips on purpose; this one is valid-form.
const ssn = '536-22-1987'
/** Every way the two values could be written down. */
const forbidden = [card, card.replaceAll(' ', ''), '4111-1111-1111-1111', ssn, ssn.replaceAll('-', '')]

let redis: RedisServerHandle
let client: ReturnType<typeof createClient>
let model: ScriptedModelServer
let served: LoopbackFocal | undefined
let origin: string
/** The app's key store, passed in so the test can see keys come and go (it never reads key bytes). */
const keyStore = createMemoryPersonalValueKeyStore()

beforeAll(async () => {
  redis = await startRedisServer()
  client = createClient({ url: redis.url })
  await client.connect()
  model = await startScriptedModelServer({
    script: agentModelScript({
      drafts: Array(20).fill('Thanks, I have noted that. Your order is on its way.'),
    }),
  })
  served = await serveOnLoopback({
    definition: readRefundSupport(),
    model: openAICompatible({ baseURL: model.baseURL, model: 'scripted', maxRetries: 0 }),
    ...createRedisStores({ client, keyPrefix: 'rails:' }),
    inputRails: { keyStore },
  })
  origin = served.origin
})

afterAll(async () => {
  await served?.close()
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
  it("tells a customer who pasted a card number behind the rail that it was hidden (the demo's card-number-shared rule)", async () => {
    // Found by an outside review: the rail replaced the number before the engine saw it, so the
    // rule reading `sensitive` never fired over HTTP; it reads the rail's placeholders now.
    const http = keepSessionTokens()
    const turn = await http(`${origin}/v1/turn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: `my card is ${card} exp 12/27 can you update it` }),
    })
    const result = (await turn.json()) as { text: string; provenance: { rules: Array<{ id: string }> } }
    // The rule reaches the reply (here the scripted model drafts it with the rule's action).
    expect(result.provenance.rules.map((rule) => rule.id)).toContain('card-number-shared')
    expect(result.text).not.toContain('1111')
  })

  it('hides a card written with slashes or one group a line, in every place the client can read (outside review rv59 1)', async () => {
    // U+FE63 (small hyphen-minus) and U+2800 (braille blank) hid a card from every check (outside
    // attack review, session 64).
    for (const written of [
      '4111/1111/1111/1111',
      '4111\n1111\n1111\n1111',
      '4111 | 1111 | 1111 | 1111',
      '4111\ufe631111\ufe631111\ufe631111',
      '4111\u28001111\u28001111\u28001111',
    ]) {
      const http = keepSessionTokens()
      const turn = await http(`${origin}/v1/turn`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: `I want a refund to my card ${written}` }),
      })
      expect(turn.status).toBe(200)
      const result = await turn.text()
      const { sessionId } = JSON.parse(result) as { sessionId: string }
      const state = await (await http(`${origin}/v1/sessions/${sessionId}`)).text()
      const ledger = await (await http(`${origin}/v1/sessions/${sessionId}/ledger`)).text()
      // JSON writes a line break as \n: the forms as the responses hold them.
      for (const [where, bytes] of Object.entries({ result, state, ledger })) {
        expect({ where, written, found: bytes.includes(JSON.stringify(written).slice(1, -1)) }).toEqual({
          where,
          written,
          found: false,
        })
        expect(bytes).not.toContain('4111111111111111')
      }
      expect(state).toContain('[CREDIT_CARD_1]')
    }
  })

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
    // The ledger in Redis is where the values live: sealed, one record per value typed.
    const records = await createRedisStores({ client, keyPrefix: 'rails:' }).ledgerStore.list(sessionId)
    const sealed = records.flatMap((record) =>
      record.type === 'personal-value-sealed' ? [record.payload as SealedPersonalValue] : [],
    )
    expect(sealed.map((value) => value.placeholder)).toEqual([
      '[CREDIT_CARD_1]',
      '[US_SSN_1]',
      '[CREDIT_CARD_2]',
      '[US_SSN_2]',
    ])
    for (const value of sealed) expect(stored).toContain(value.ciphertext)
    const key = await keyStore.get(sessionId)
    const opened = await Promise.all(sealed.map((value) => openPersonalValue(key, value)))
    expect(opened).toEqual([card, ssn, card, ssn])

    // Erasure: the session's state, claim and key go; the ledger keeps its records and still verifies.
    const deleted = await http(`${origin}/v1/sessions/${sessionId}`, { method: 'DELETE' })
    expect(deleted.status).toBe(200)
    expect(await client.exists(`rails:session:${sessionId}`)).toBe(0)
    expect(await keyStore.get(sessionId)).toBeUndefined()
    const erased = await createRedisStores({ client, keyPrefix: 'rails:' }).ledgerStore.list(sessionId)
    expect(erased).toEqual(records)
    expect(await verifyLedger(erased, { sessionId })).toEqual({ valid: true })
    const storedAfter = await dumpRedis()
    for (const value of sealed) expect(storedAfter).toContain(value.ciphertext)
    for (const value of forbidden) expect(storedAfter.includes(value)).toBe(false)
    expect(await Promise.all(sealed.map((value) => openPersonalValue(undefined, value)))).toEqual(
      Array(4).fill(undefined),
    )

    // The id is retired: its ledger keeps the erased session's records, so a new claim is refused
    // (it would read that trail and write after it); nothing is appended and no key comes back.
    const again = await fetch(`${origin}/v1/turn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId, text: `Where is my order NW-1001? Card ${card}` }),
    })
    expect(again.status).toBe(409)
    expect(await keyStore.get(sessionId)).toBeUndefined()
    expect(await createRedisStores({ client, keyPrefix: 'rails:' }).ledgerStore.list(sessionId)).toEqual(
      records,
    )
    for (const value of forbidden) expect((await dumpRedis()).includes(value)).toBe(false)

    function openPersonalValue(key: CryptoKey | undefined, value: SealedPersonalValue) {
      return openSealed({ key, sessionId, sealed: value })
    }
  })
})
