import {
  createDerivedPersonalValueKeyStore,
  loadDefinition,
  openAICompatible,
  openPersonalValue,
  personalValueSaltId,
  type SealedPersonalValue,
  sealPersonalValue,
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
const cardForms = [card, card.replaceAll(' ', ''), '4111-1111-1111-1111']
const sessionSecret = 'keys-test-session-secret-0123456789-abcdef'
const keyPrefix = 'keys:'
const json = { 'content-type': 'application/json' }

/**
 * Refund support where a card number may come back to its own session: cards are scanned on input
 * and restorable, so no reply check may redact them (the built-in detector and the "full card
 * numbers" guardrail are left out; the SSN and secret detectors stay).
 */
function cardRestoringDefinition(): object {
  const loaded = loadDefinition(readRefundSupport())
  return {
    ...loaded,
    settings: {
      ...loaded.settings,
      detectors: ['us-ssn', 'secret'],
      redaction: {},
      inputRails: { detectors: ['credit-card'], restore: ['credit-card'] },
    },
    guardrails: {
      ...loaded.guardrails,
      never: loaded.guardrails.never.filter((rule) => !rule.includes('card')),
    },
  }
}

let redis: RedisServerHandle
let client: ReturnType<typeof createClient>
let model: ScriptedModelServer
/** Two app instances over one Redis, as after a restart or behind a load balancer. */
let first: LoopbackFocal
let second: LoopbackFocal

function startInstance(): Promise<LoopbackFocal> {
  return serveOnLoopback({
    definition: cardRestoringDefinition(),
    model: openAICompatible({ baseURL: model.baseURL, model: 'scripted', maxRetries: 0 }),
    sessionSecret,
    ...createRedisStores({ client, keyPrefix }),
  })
}

beforeAll(async () => {
  redis = await startRedisServer()
  client = createClient({ url: redis.url })
  await client.connect()
  model = await startScriptedModelServer({
    script: agentModelScript({ drafts: Array(12).fill('The card on file is [CREDIT_CARD_1].') }),
  })
  first = await startInstance()
  second = await startInstance()
})

afterAll(async () => {
  await first?.close()
  await second?.close()
  await model?.close()
  await client?.quit()
  await redis?.stop()
})

/** Every byte Redis holds under the apps' prefix: sessions, salts, ledgers, claims, leases. */
async function dumpRedis(): Promise<string> {
  const parts: string[] = []
  for (const key of await client.keys(`${keyPrefix}*`)) {
    const type = await client.type(key)
    if (type === 'string') parts.push(`${key}=${await client.get(key)}`)
    else if (type === 'hash') parts.push(`${key}=${JSON.stringify(await client.hGetAll(key))}`)
    else if (type === 'list') parts.push(`${key}=${JSON.stringify(await client.lRange(key, 0, -1))}`)
    else parts.push(`${key}: unexpected ${type}`)
  }
  return parts.join('\n')
}

/** The session's key bytes, derived here as the app derives them but extractable, in every spelling. */
async function derivedKeyForms(sessionId: string, salt: string): Promise<string[]> {
  const encoder = new TextEncoder()
  const secret = await crypto.subtle.importKey('raw', encoder.encode(sessionSecret), 'HKDF', false, [
    'deriveKey',
  ])
  const key = await crypto.subtle.deriveKey(
    {
      name: 'HKDF',
      hash: 'SHA-256',
      salt: Uint8Array.from(atob(salt.replaceAll('-', '+').replaceAll('_', '/')), (c) => c.charCodeAt(0)),
      info: encoder.encode(`focal:personal-value-key:v1:${sessionId}`),
    },
    secret,
    { name: 'AES-GCM', length: 256 },
    true,
    ['encrypt', 'decrypt'],
  )
  const bytes = new Uint8Array(await crypto.subtle.exportKey('raw', key))
  const base64 = btoa(String.fromCharCode(...bytes))
  return [
    [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join(''),
    base64,
    base64.replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, ''),
    JSON.stringify([...bytes]),
  ]
}

async function turn(
  send: (input: string, init?: RequestInit) => Promise<Response>,
  origin: string,
  body: object,
) {
  const response = await send(`${origin}/v1/turn`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as { sessionId: string; text: string } }
}

describe('durable personal-value keys (two Node servers, one Redis, scripted model on loopback)', () => {
  it('restores a card sealed on one instance in a reply of the other, and after DELETE on either neither can', async () => {
    const http = keepSessionTokens()
    const sessionId = `keys-${crypto.randomUUID()}`
    const sealedTurn = await turn(http, first.origin, {
      sessionId,
      text: `Where is my order NW-1001? I paid with ${card}.`,
    })
    expect(sealedTurn.status).toBe(200)
    expect(sealedTurn.body.text).toBe(`The card on file is ${card}.`)
    // The other instance never saw the session: it derives the same key from the secret and the salt.
    const restored = await turn(http, second.origin, { sessionId, text: 'Where is my order NW-1001?' })
    expect(restored).toEqual({
      status: 200,
      body: expect.objectContaining({ text: `The card on file is ${card}.` }),
    })

    const { ledgerStore } = createRedisStores({ client, keyPrefix })
    const records = await ledgerStore.list(sessionId)
    const sealed = records.flatMap((record) =>
      record.type === 'personal-value-sealed' ? [record.payload as SealedPersonalValue] : [],
    )
    expect(sealed.map((value) => value.placeholder)).toEqual(['[CREDIT_CARD_1]'])
    const saltKey = `${keyPrefix}session:${personalValueSaltId(sessionId)}`
    const salt = JSON.parse((await client.hGet(saltKey, 'state')) ?? 'null') as { personalValueSalt: string }
    expect(salt.personalValueSalt).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const forbidden = [
      ...cardForms,
      sessionSecret,
      ...(await derivedKeyForms(sessionId, salt.personalValueSalt)),
    ]
    const before = await dumpRedis()
    expect(before).toContain(sealed[0]!.ciphertext)
    for (const value of forbidden)
      expect({ value, found: before.includes(value) }).toEqual({ value, found: false })

    // Erasure through the second instance: state, claim and salt go; the ciphertext stays.
    expect((await http(`${second.origin}/v1/sessions/${sessionId}`, { method: 'DELETE' })).status).toBe(200)
    expect(await client.exists(saltKey)).toBe(0)
    expect(
      await createDerivedPersonalValueKeyStore({
        secret: sessionSecret,
        ...createRedisStores({ client, keyPrefix }),
      }).get(sessionId),
    ).toBeUndefined()
    const erased = await ledgerStore.list(sessionId)
    expect(erased).toEqual(records)
    expect(await verifyLedger(erased, { sessionId })).toEqual({ valid: true })

    // The id is retired on either instance: its ledger keeps the erased session's records, so a
    // new claim is refused (it would read that trail and write after it), and nothing is appended.
    for (const { origin } of [first, second]) {
      const again = await turn(keepSessionTokens(), origin, { sessionId, text: 'Where is my order NW-1001?' })
      expect(again.status).toBe(409)
    }
    expect(await client.exists(saltKey)).toBe(0)
    expect(await ledgerStore.list(sessionId)).toEqual(records)
    const stored = await dumpRedis()
    expect(stored).toContain(sealed[0]!.ciphertext)
    for (const value of forbidden)
      expect({ value, found: stored.includes(value) }).toEqual({ value, found: false })
  })

  it('refuses an id whose claim and state expired while its ledger holds records: no newcomer reads or continues them', async () => {
    const sessionId = `expired-${crypto.randomUUID()}`
    const sealedTurn = await turn(keepSessionTokens(), first.origin, {
      sessionId,
      text: `Where is my order NW-1001? I paid with ${card}.`,
    })
    expect(sealedTurn.body.text).toBe(`The card on file is ${card}.`)
    // As if the claim and the state had expired first (their TTLs slide apart from the salt's).
    await client.del([`${keyPrefix}claim:${sessionId}`, `${keyPrefix}session:${sessionId}`])
    const saltKey = `${keyPrefix}session:${personalValueSaltId(sessionId)}`
    const oldSalt = await client.hGet(saltKey, 'state')
    expect(oldSalt).not.toBeNull()
    const records = await createRedisStores({ client, keyPrefix }).ledgerStore.list(sessionId)
    const newcomer = await turn(keepSessionTokens(), second.origin, {
      sessionId,
      text: 'Where is my order NW-1001?',
    })
    expect(newcomer.status).toBe(409)
    // Nothing was claimed, appended or re-keyed for the newcomer.
    expect(await client.exists(`${keyPrefix}claim:${sessionId}`)).toBe(0)
    expect(await createRedisStores({ client, keyPrefix }).ledgerStore.list(sessionId)).toEqual(records)
    expect(await client.hGet(saltKey, 'state')).toBe(oldSalt)
  })

  it('ends two concurrent first requests on two instances with one claim, one sealed value and one salt', async () => {
    const sessionId = `race-${crypto.randomUUID()}`
    const body = { sessionId, text: `Where is my order NW-1001? I paid with ${card}.` }
    const outcomes = await Promise.all([turn(fetch, first.origin, body), turn(fetch, second.origin, body)])
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual([200, 409])
    const salts = (await client.keys(`${keyPrefix}session:${sessionId}*`)).filter((key) => key.includes('#'))
    expect(salts).toEqual([`${keyPrefix}session:${personalValueSaltId(sessionId)}`])
    expect(await client.hGet(salts[0]!, 'version')).not.toBeNull()
    const sealed = (await createRedisStores({ client, keyPrefix }).ledgerStore.list(sessionId)).filter(
      (record) => record.type === 'personal-value-sealed',
    )
    expect(sealed).toHaveLength(1)
  })

  it('agrees on one salt when 20 first uses of the key race on two key stores over Redis', async () => {
    const sessionId = `salt-race-${crypto.randomUUID()}`
    const keyStores = [0, 1].map(() =>
      createDerivedPersonalValueKeyStore({
        secret: sessionSecret,
        ...createRedisStores({ client, keyPrefix }),
      }),
    )
    const keys = await Promise.all(
      Array.from({ length: 20 }, (_, index) => keyStores[index % 2]!.getOrCreate(sessionId)),
    )
    const payload = { sessionId, placeholder: '[CREDIT_CARD_1]', detector: 'credit-card' }
    const sealed = await sealPersonalValue({ key: keys[7]!, ...payload, value: card })
    const opened = await Promise.all(keys.map((key) => openPersonalValue({ key, sessionId, sealed })))
    expect(opened).toEqual(Array(20).fill(card))
    // One salt record, created once (version 1) and renewed by the 19 uses that read it.
    const saltKey = `${keyPrefix}session:${personalValueSaltId(sessionId)}`
    expect(Number(await client.hGet(saltKey, 'version'))).toBeGreaterThanOrEqual(1)
    expect(await client.keys(`${keyPrefix}session:${sessionId}*`)).toEqual([saltKey])
  })
})
