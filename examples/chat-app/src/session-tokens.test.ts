import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createChatStore, createHttpTransport } from '@focal/react'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LoopbackFocal, serveOnLoopback } from '../../../packages/edge/src/testing/serve-on-loopback.ts'

// The widget's session tokens against a real @focal/edge over 127.0.0.1: a first reply lost on a
// bad network (it carried the session's only token), and tokens kept in storage after their
// session ended or the server refused them.
const definition = readFileSync(
  join(import.meta.dirname, '..', '..', 'definitions', 'refund-support.yaml'),
  'utf8',
)
const lookups: unknown[] = []
let served: LoopbackFocal
beforeAll(async () => {
  served = await serveOnLoopback({
    definition,
    tools: {
      lookup_order: (args) => {
        lookups.push(args)
        return { status: 'shipped', carrier: 'UPS', eta: 'Thursday' }
      },
    },
  })
})
afterAll(() => served.close())

function createStorage() {
  const saved = new Map<string, string>()
  return {
    saved,
    getItem: (key: string) => saved.get(key) ?? null,
    setItem: (key: string, value: string) => void saved.set(key, value),
    removeItem: (key: string) => void saved.delete(key),
  }
}

const lastText = (store: ReturnType<typeof createChatStore>) =>
  store
    .getState()
    .messages.at(-1)
    ?.parts.flatMap((part) => (part.type === 'text' ? [part.text] : []))
    .join('')

describe('the widget on a bad network', () => {
  it("gets the first message's reply and the session's token back when the first answer is lost", async () => {
    let dropped = 0
    // The network drops the first answer of /v1/chat after the server took the message.
    const lossy: typeof fetch = async (input, init) => {
      const response = await fetch(input, init)
      if (String(input).endsWith('/v1/chat') && dropped === 0) {
        dropped++
        await response.body?.cancel()
        throw new TypeError('fetch failed')
      }
      return response
    }
    const storage = createStorage()
    const store = createChatStore({
      transport: createHttpTransport({
        baseUrl: served.origin,
        fetch: lossy,
        retryDelayMs: 50,
        tokenStorage: storage,
      }),
    })
    const before = lookups.length
    await store.getState().sendMessage('Where is my order NW-1001?')
    expect(dropped).toBe(1)
    expect(store.getState().error).toBeUndefined()
    expect(lastText(store)).toMatch(/UPS/)
    // The message ran once, and the session goes on with the token the retry brought.
    expect(lookups.length - before).toBe(1)
    const sessionId = store.getState().sessionId
    expect(storage.saved.get(`focal-session-token:${sessionId}`)).toBeTruthy()
    await store.getState().sendMessage('Thanks!')
    expect(store.getState().error).toBeUndefined()
    expect(store.getState().sessionId).toBe(sessionId)
  })
})

describe("the widget's saved session tokens", () => {
  it('are removed when the chat starts a new session', async () => {
    const storage = createStorage()
    const store = createChatStore({
      transport: createHttpTransport({ baseUrl: served.origin, tokenStorage: storage }),
    })
    await store.getState().sendMessage('hello')
    const first = store.getState().sessionId
    expect(storage.saved.has(`focal-session-token:${first}`)).toBe(true)
    store.getState().reset()
    expect(storage.saved.has(`focal-session-token:${first}`)).toBe(false)
  })

  it('are removed when the server says the session was deleted', async () => {
    const storage = createStorage()
    const store = createChatStore({
      transport: createHttpTransport({ baseUrl: served.origin, tokenStorage: storage }),
    })
    await store.getState().sendMessage('hello')
    const sessionId = store.getState().sessionId
    const token = storage.saved.get(`focal-session-token:${sessionId}`) ?? ''
    const deleted = await fetch(`${served.origin}/v1/sessions/${sessionId}`, {
      method: 'DELETE',
      headers: { 'x-focal-session-token': token },
    })
    expect(deleted.status).toBe(200)
    await store.getState().sendMessage('are you there?')
    expect(store.getState().error).toMatchObject({ code: 'session-token-revoked', restart: true })
    expect(storage.saved.size).toBe(0)
  })

  it('are removed when the server does not know them, and the session is then created afresh', async () => {
    const storage = createStorage()
    // A token of another server (another secret), saved before this page loaded.
    storage.saved.set(
      'focal-session-token:stale-session',
      'v2.zz.AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    )
    const store = createChatStore({
      transport: createHttpTransport({ baseUrl: served.origin, tokenStorage: storage }),
      sessionId: 'stale-session',
    })
    await store.getState().sendMessage('hello')
    expect(store.getState().error?.code).toBe('forbidden')
    expect(storage.saved.has('focal-session-token:stale-session')).toBe(false)
    await store.getState().sendMessage('hello')
    expect(store.getState().error).toBeUndefined()
    expect(storage.saved.get('focal-session-token:stale-session')).toMatch(/^v2\./)
  })
})
