/**
 * A session's first turn whose reply was lost, retried, over a real socket. The session token was
 * only in that reply, so the retry (no token: the client never saw one) got 409 `session-claimed`
 * and the session was lost to its own client. The first request now carries a claim key
 * (`x-focal-claim-key`, a secret the client made up): its retry, with the same key, session id,
 * message id and text, gets the recorded reply and a token, and nothing runs again. Knowing the
 * session id, message id and text is not enough: a stranger without the key gets what anyone
 * claiming a taken id gets. Nor is the key with that message id but another text or route: it
 * got a working token beside its 422 `message-id-reused`; it now gets 409 and no token. Nor is the
 * key after a later message sent without a message id: it went on minting tokens until it expired.
 */
import {
  createEngine,
  createLedger,
  createMemoryLedgerStore,
  createMemorySessionStore,
  FocalError,
  type ReadUiMessageChunk,
  readUiMessageStream,
} from '@focal/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readRefundSupport } from '../testing/read-refund-support.ts'
import { type LoopbackFocal, serveOnLoopback } from '../testing/serve-on-loopback.ts'

const lookups: unknown[] = []
let served: LoopbackFocal
beforeAll(async () => {
  served = await serveOnLoopback({
    definition: readRefundSupport(),
    tools: {
      lookup_order: (args) => {
        lookups.push(args)
        return { status: 'shipped', carrier: 'UPS', eta: 'Thursday' }
      },
    },
  })
})
afterAll(() => served.close())

const text = 'Where is my order NW-1001?'
/** 32 random bytes, base64url: the client's own secret for the request that creates its session. */
function newClaimKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '')
}

function turn(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return fetch(`${served.origin}/v1/turn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
}

function chat(id: string, messageId: string, typed: string, headers: Record<string, string> = {}) {
  return fetch(`${served.origin}/v1/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({
      id,
      messageId,
      messages: [{ id: messageId, role: 'user', parts: [{ type: 'text', text: typed }] }],
    }),
  })
}

async function readAll(response: Response): Promise<ReadUiMessageChunk[]> {
  const chunks: ReadUiMessageChunk[] = []
  for await (const chunk of readUiMessageStream(response.body!)) chunks.push(chunk)
  return chunks
}

const codeOf = async (response: Response) =>
  ((await response.json()) as { error: { code: string } }).error.code

async function ledgerTypes(sessionId: string, token: string): Promise<string[]> {
  const response = await fetch(`${served.origin}/v1/sessions/${sessionId}/ledger`, {
    headers: { 'x-focal-session-token': token },
  })
  expect(response.status).toBe(200)
  return ((await response.json()) as { records: Array<{ type: string }> }).records.map(
    (record) => record.type,
  )
}

describe('POST /v1/turn: the first turn, its reply lost', () => {
  it('is answered again to the retry with the claim key: the same result, a token that works, one run', async () => {
    const key = newClaimKey()
    const before = lookups.length
    const first = await turn({ sessionId: 'lost-1', messageId: 'm1', text }, { 'x-focal-claim-key': key })
    expect(first.status).toBe(200)
    const answered = await first.json()
    // The reply (and the token in it) never reached the client. It sends the same request again.
    const retry = await turn({ sessionId: 'lost-1', messageId: 'm1', text }, { 'x-focal-claim-key': key })
    expect(retry.status).toBe(200)
    expect(await retry.json()).toEqual(answered)
    const token = retry.headers.get('x-focal-session-token') ?? ''
    expect(token).not.toBe('')
    expect(lookups.length - before).toBe(1)
    expect((await ledgerTypes('lost-1', token)).filter((type) => type === 'turn-completed')).toHaveLength(1)

    // The session goes on with that token.
    const next = await turn(
      { sessionId: 'lost-1', messageId: 'm2', text: 'Thanks' },
      { 'x-focal-session-token': token },
    )
    expect(next.status).toBe(200)
    // Once a later message ran, the claim key has done its work: it no longer stands for a token.
    const late = await turn({ sessionId: 'lost-1', messageId: 'm1', text }, { 'x-focal-claim-key': key })
    expect(late.status).toBe(409)
    expect(await codeOf(late)).toBe('session-claimed')
  })

  it('gives nothing to a stranger who knows the session id, the message id and the text', async () => {
    const key = newClaimKey()
    const first = await turn({ sessionId: 'lost-2', messageId: 'm1', text }, { 'x-focal-claim-key': key })
    expect(first.status).toBe(200)
    const token = first.headers.get('x-focal-session-token') ?? ''
    const before = lookups.length
    const attempts = [
      turn({ sessionId: 'lost-2', messageId: 'm1', text }),
      turn({ sessionId: 'lost-2', messageId: 'm1', text }, { 'x-focal-claim-key': newClaimKey() }),
      // The key recovers that one request, not a new message.
      turn({ sessionId: 'lost-2', messageId: 'm9', text }, { 'x-focal-claim-key': key }),
      // Nor that message id with another text, or on the other route (it got a token and a 422).
      turn(
        { sessionId: 'lost-2', messageId: 'm1', text: 'Refund $30 for order NW-1001' },
        { 'x-focal-claim-key': key },
      ),
      chat('lost-2', 'm1', text, { 'x-focal-claim-key': key }),
      turn(
        { sessionId: 'lost-2', messageId: 'm1', text: 'Refund $30 for order NW-1001' },
        {
          'x-focal-claim-key': newClaimKey(),
        },
      ),
    ]
    for (const attempt of await Promise.all(attempts)) {
      expect(attempt.status).toBe(409)
      expect(attempt.headers.get('x-focal-session-token')).toBeNull()
      expect(await codeOf(attempt)).toBe('session-claimed')
    }
    expect(lookups.length).toBe(before)
    expect((await ledgerTypes('lost-2', token)).filter((type) => type === 'turn-completed')).toHaveLength(1)
  })

  it('no longer stands for a token once a later message without a messageId ran', async () => {
    const key = newClaimKey()
    const first = await turn({ sessionId: 'lost-5', messageId: 'm1', text }, { 'x-focal-claim-key': key })
    expect(first.status).toBe(200)
    const token = first.headers.get('x-focal-session-token') ?? ''
    const next = await turn({ sessionId: 'lost-5', text: 'Thanks' }, { 'x-focal-session-token': token })
    expect(next.status).toBe(200)
    expect(((await next.json()) as { text: string }).text).not.toBe('')
    // Before, the key still minted a token here (and replayed the first reply).
    const late = await turn({ sessionId: 'lost-5', messageId: 'm1', text }, { 'x-focal-claim-key': key })
    expect(late.status).toBe(409)
    expect(late.headers.get('x-focal-session-token')).toBeNull()
    expect(await codeOf(late)).toBe('session-claimed')
    // The session goes on with its token.
    const after = await turn({ sessionId: 'lost-5', text: 'Bye' }, { 'x-focal-session-token': token })
    expect(after.status).toBe(200)
  })

  it('no longer stands for a token once the session is revoked', async () => {
    const key = newClaimKey()
    const first = await turn({ sessionId: 'lost-3', messageId: 'm1', text }, { 'x-focal-claim-key': key })
    const token = first.headers.get('x-focal-session-token') ?? ''
    const revoked = await fetch(`${served.origin}/v1/sessions/lost-3/revoke`, {
      method: 'POST',
      headers: { 'x-focal-session-token': token },
    })
    expect(revoked.status).toBe(200)
    const retry = await turn({ sessionId: 'lost-3', messageId: 'm1', text }, { 'x-focal-claim-key': key })
    expect(retry.status).toBe(409)
    expect(await codeOf(retry)).toBe('session-claimed')
  })

  it('refuses a claim key that is too short to be a secret, or that has no message to recover', async () => {
    const short = await turn({ sessionId: 'lost-4', messageId: 'm1', text }, { 'x-focal-claim-key': 'abc' })
    expect(short.status).toBe(400)
    expect(await codeOf(short)).toBe('invalid-request')
    const bare = await turn({ sessionId: 'lost-4', text }, { 'x-focal-claim-key': newClaimKey() })
    expect(bare.status).toBe(400)
    const unnamed = await turn({ messageId: 'm1', text }, { 'x-focal-claim-key': newClaimKey() })
    expect(unnamed.status).toBe(400)
  })
})

describe('POST /v1/chat: the first turn, its reply lost', () => {
  it('is streamed again to the retry with the claim key, with a token in its session part, one run', async () => {
    const key = newClaimKey()
    const before = lookups.length
    const first = await chat('lost-chat', 'c1', text, { 'x-focal-claim-key': key })
    expect(first.status).toBe(200)
    const sent = await readAll(first)
    const retry = await chat('lost-chat', 'c1', text, { 'x-focal-claim-key': key })
    expect(retry.status).toBe(200)
    const again = await readAll(retry)
    const token = retry.headers.get('x-focal-session-token') ?? ''
    expect(token).not.toBe('')
    const session = again.find((chunk) => chunk.type === 'data-session') as
      | { data: { sessionId: string; token?: string } }
      | undefined
    expect(session?.data).toEqual({ sessionId: 'lost-chat', token })
    const words = (chunks: ReadUiMessageChunk[]) =>
      chunks.flatMap((chunk) => (chunk.type === 'text-delta' ? [chunk.delta] : [])).join('')
    expect(words(again)).toBe(words(sent))
    expect(words(again)).toMatch(/UPS/)
    expect(lookups.length - before).toBe(1)
    const stranger = await chat('lost-chat', 'c1', text)
    expect(stranger.status).toBe(409)
    expect(await codeOf(stranger)).toBe('session-claimed')
  })
})

describe('the first turn failed before it ran, its error lost', () => {
  it('runs again for the retry with the claim key, once', async () => {
    const ledgerStore = createMemoryLedgerStore()
    const sessionStore = createMemorySessionStore()
    const engine = createEngine({
      definition: readRefundSupport(),
      sessionStore,
      ledger: createLedger({ store: ledgerStore }),
    })
    let failures = 1
    const flaky = await serveOnLoopback({
      engine: {
        ...engine,
        turn: (input) => {
          if (failures-- > 0)
            return Promise.reject(
              new FocalError({ code: 'model-error', message: 'The model is unavailable.' }),
            )
          return engine.turn(input)
        },
        getSession: (sessionId) => engine.getSession(sessionId),
        resolveApproval: (input) => engine.resolveApproval(input),
        turnStream: (input) => engine.turnStream(input),
      },
      definition: readRefundSupport(),
      ledgerStore,
      sessionStore,
    })
    try {
      const key = newClaimKey()
      const send = (headers: Record<string, string>) =>
        fetch(`${flaky.origin}/v1/turn`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify({ sessionId: 'failed-first', messageId: 'm1', text }),
        })
      const failed = await send({ 'x-focal-claim-key': key })
      expect(failed.status).toBe(502)
      // Without the key, the id is taken; with it, the message runs now.
      expect((await send({})).status).toBe(409)
      const retry = await send({ 'x-focal-claim-key': key })
      expect(retry.status).toBe(200)
      expect(((await retry.json()) as { text: string }).text).toMatch(/NW-1001/)
      const token = retry.headers.get('x-focal-session-token') ?? ''
      const again = await send({ 'x-focal-session-token': token })
      expect(again.status).toBe(200)
      const ledger = (await (
        await fetch(`${flaky.origin}/v1/sessions/failed-first/ledger`, {
          headers: { 'x-focal-session-token': token },
        })
      ).json()) as { records: Array<{ type: string }> }
      expect(ledger.records.filter((record) => record.type === 'turn-completed')).toHaveLength(1)
    } finally {
      await flaky.close()
    }
  })
})
