/**
 * The recorded replies of message-id turns against their store, over a real socket: a store whose
 * write of a completed reply fails once, and a store that counts its calls.
 *
 * - A turn ran (a tool was called) but its reply could not be recorded: the message id was
 *   forgotten, so the retry ran the turn again and the tool twice. It now fails closed: the turn is
 *   marked answered-but-unrecorded, and its retry gets 409 `message-reply-lost` and runs nothing.
 * - A message-id turn read the replies record three or four times (before the lock, under it,
 *   then again inside each write). It now reads it once, and not at all for the turn that creates
 *   its session (the record was just cleared for the new owner).
 * - A `/v1/chat` stream that ended with an `error` chunk after the engine finished the turn (the
 *   host's `onEvent` threw, on any event) forgot the message id: the retry ran the tool again.
 */
import { createMemorySessionStore, readUiMessageStream, type SessionStore } from '@focal/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readRefundSupport } from '../testing/read-refund-support.ts'
import { type LoopbackFocal, serveOnLoopback } from '../testing/serve-on-loopback.ts'

const calls = { get: 0, put: 0 }
let failCompletedWrites = 0
/** The engine's session store, counting and (when asked) failing the calls on replies records. */
function createWatchedStore(): SessionStore {
  const inner = createMemorySessionStore()
  const isReplies = (id: string) => id.endsWith('#message-replies')
  return {
    async get(id) {
      if (isReplies(id)) calls.get++
      return inner.get(id)
    },
    async put(id, state, expectedVersion) {
      if (isReplies(id)) {
        calls.put++
        const first = (state as { replies?: Array<{ status?: string }> }).replies?.[0]
        if (first?.status === 'completed' && failCompletedWrites > 0) {
          failCompletedWrites--
          throw new Error('the store is unavailable')
        }
      }
      return inner.put(id, state, expectedVersion)
    },
    delete: (id) => inner.delete(id),
  }
}

const lookups: unknown[] = []
let served: LoopbackFocal
beforeAll(async () => {
  served = await serveOnLoopback({
    definition: readRefundSupport(),
    sessionStore: createWatchedStore(),
    tools: {
      lookup_order: (args) => {
        lookups.push(args)
        return { status: 'shipped', carrier: 'UPS', eta: 'Thursday' }
      },
    },
  })
})
afterAll(() => served.close())

const tokens = new Map<string, string>()
async function turn(sessionId: string, messageId: string, text: string) {
  const token = tokens.get(sessionId)
  const response = await fetch(`${served.origin}/v1/turn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'x-focal-session-token': token } : {}) },
    body: JSON.stringify({ sessionId, messageId, text }),
  })
  const issued = response.headers.get('x-focal-session-token')
  if (issued) tokens.set(sessionId, issued)
  return response
}

async function chat(sessionId: string, messageId: string, text: string) {
  const token = tokens.get(sessionId)
  const response = await fetch(`${served.origin}/v1/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'x-focal-session-token': token } : {}) },
    body: JSON.stringify({
      id: sessionId,
      messageId,
      messages: [{ id: messageId, role: 'user', parts: [{ type: 'text', text }] }],
    }),
  })
  const issued = response.headers.get('x-focal-session-token')
  if (issued) tokens.set(sessionId, issued)
  return response
}

async function readTypes(response: Response): Promise<string[]> {
  const types: string[] = []
  for await (const chunk of readUiMessageStream(response.body!)) types.push(chunk.type)
  return types
}

const codeOf = async (response: Response) =>
  ((await response.json()) as { error: { code: string } }).error.code

/** The store calls on replies records that `work` makes. */
async function counted(work: () => Promise<unknown>) {
  calls.get = 0
  calls.put = 0
  await work()
  return { ...calls }
}

describe('a turn whose reply could not be recorded', () => {
  it('on /v1/turn: the client gets the result, the retry 409 message-reply-lost, the tool runs once', async () => {
    await turn('unrecorded-1', 'm0', 'hello')
    const before = lookups.length
    failCompletedWrites = 1
    const first = await turn('unrecorded-1', 'm1', 'Where is my order NW-1001?')
    expect(failCompletedWrites).toBe(0)
    expect(first.status).toBe(200)
    expect(((await first.json()) as { text: string }).text).toMatch(/UPS/)
    const retry = await turn('unrecorded-1', 'm1', 'Where is my order NW-1001?')
    expect(retry.status).toBe(409)
    expect(await codeOf(retry)).toBe('message-reply-lost')
    expect(lookups.length - before).toBe(1)
    // A new message goes on as usual.
    expect((await turn('unrecorded-1', 'm2', 'Thanks')).status).toBe(200)
  })

  it('on /v1/turn, for the turn that creates the session: the same, and its claim key gets a token', async () => {
    const before = lookups.length
    failCompletedWrites = 1
    const claimKey = { 'x-focal-claim-key': 'k'.repeat(43) }
    const send = (headers: Record<string, string>) =>
      fetch(`${served.origin}/v1/turn`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({
          sessionId: 'unrecorded-2',
          messageId: 'm1',
          text: 'Where is my order NW-1001?',
        }),
      })
    const first = await send(claimKey)
    expect(first.status).toBe(200)
    // The reply and its token were lost: the retry proves the claim key, and learns the reply is gone.
    const retry = await send(claimKey)
    expect(retry.status).toBe(409)
    expect(await codeOf(retry)).toBe('message-reply-lost')
    const token = retry.headers.get('x-focal-session-token') ?? ''
    expect(token).not.toBe('')
    expect(lookups.length - before).toBe(1)
    const session = await fetch(`${served.origin}/v1/sessions/unrecorded-2`, {
      headers: { 'x-focal-session-token': token },
    })
    expect(session.status).toBe(200)
  })

  it('on /v1/chat: the stream ends whole, the retry gets 409 message-reply-lost, the tool runs once', async () => {
    await readTypes(await chat('unrecorded-3', 'c0', 'hello'))
    const before = lookups.length
    failCompletedWrites = 1
    const types = await readTypes(await chat('unrecorded-3', 'c1', 'Where is my order NW-1001?'))
    expect(failCompletedWrites).toBe(0)
    expect(types.at(-1)).toBe('finish')
    const retry = await chat('unrecorded-3', 'c1', 'Where is my order NW-1001?')
    expect(retry.status).toBe(409)
    expect(await codeOf(retry)).toBe('message-reply-lost')
    expect(lookups.length - before).toBe(1)
  })
})

describe('the replies record of message-id turns', () => {
  it('is read once per /v1/turn, and not at all by the turn that creates the session', async () => {
    const created = await counted(() => turn('cost-1', 'm1', 'hello'))
    expect(created).toEqual({ get: 0, put: 2 })
    const next = await counted(() => turn('cost-1', 'm2', 'Where is my order NW-1001?'))
    expect(next).toEqual({ get: 1, put: 2 })
    const replayed = await counted(() => turn('cost-1', 'm2', 'Where is my order NW-1001?'))
    expect(replayed).toEqual({ get: 1, put: 0 })
  })

  it('is read once per /v1/chat turn', async () => {
    const created = await counted(async () => readTypes(await chat('cost-2', 'c1', 'hello')))
    expect(created).toEqual({ get: 0, put: 2 })
    const next = await counted(async () =>
      readTypes(await chat('cost-2', 'c2', 'Where is my order NW-1001?')),
    )
    expect(next).toEqual({ get: 1, put: 2 })
  })
})

describe('a /v1/chat stream whose host hook throws while the engine runs the turn', () => {
  // The host's `onEvent` throws: the stream ends with an `error` chunk, but the engine runs its turn
  // (its tools too) whatever its reader does. The message id was forgotten, so the retry ran the
  // tool again: first for a hook throwing on `turn-finished`, then (review) on any earlier event.
  const ran: unknown[] = []
  let failOn: string | undefined
  let failing: LoopbackFocal
  beforeAll(async () => {
    failing = await serveOnLoopback({
      definition: readRefundSupport(),
      tools: {
        lookup_order: (args) => {
          ran.push(args)
          return { status: 'shipped', carrier: 'UPS', eta: 'Thursday' }
        },
      },
      onEvent: (event) => {
        if (event.type === failOn) throw new Error('the host hook failed')
      },
    })
  })
  afterAll(() => failing.close())

  it.each(['turn-started', 'tool-called', 'turn-finished'])(
    'on %s marks the turn as run: the retry gets 409 message-reply-lost and the tool runs once',
    async (event) => {
      failOn = event
      ran.length = 0
      const send = (headers: Record<string, string>) =>
        fetch(`${failing.origin}/v1/chat`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify({
            id: `errored-${event}`,
            messageId: 'c1',
            messages: [
              { id: 'c1', role: 'user', parts: [{ type: 'text', text: 'Where is my order NW-1001?' }] },
            ],
          }),
        })
      const first = await send({})
      expect(first.status).toBe(200)
      const token = first.headers.get('x-focal-session-token') ?? ''
      const types = await readTypes(first)
      // The client got the error (after the reply when the hook failed on `turn-finished`).
      expect(types.at(-2)).toBe('error')
      if (event === 'turn-finished') expect(types).toContain('text-delta')
      // The engine ran the turn whatever the stream's reader did: the tool ran once.
      await expect.poll(() => ran.length).toBe(1)
      const retry = await send({ 'x-focal-session-token': token })
      expect(retry.status).toBe(409)
      expect(await codeOf(retry)).toBe('message-reply-lost')
      expect(ran).toHaveLength(1)
    },
  )
})
