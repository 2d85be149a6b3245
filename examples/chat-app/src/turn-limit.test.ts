import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { loadDefinition } from '@focal/core'
import { createChatStore, createHttpTransport } from '@focal/react'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LoopbackFocal, serveOnLoopback } from '../../../packages/edge/src/testing/serve-on-loopback.ts'

// A widget session past `settings.maxTurns` over a real socket: the chat says the conversation
// cannot go on and offers a new one (Retry would fail again), and the new one is answered.
const definition = loadDefinition(
  readFileSync(join(import.meta.dirname, '..', '..', 'definitions', 'refund-support.yaml'), 'utf8'),
)
definition.settings.maxTurns = 2

let served: LoopbackFocal

beforeAll(async () => {
  served = await serveOnLoopback({ definition })
})
afterAll(() => served.close())

describe('a chat past its session turn limit', () => {
  it('offers a new conversation instead of Retry, and the new conversation is answered', async () => {
    const store = createChatStore({ transport: createHttpTransport({ baseUrl: served.origin }) })
    await store.getState().sendMessage('where is my order NW-1001?')
    await store.getState().sendMessage('thanks!')
    expect(store.getState().error).toBeUndefined()

    await store.getState().sendMessage('one more thing')
    const { error, status } = store.getState()
    expect(status).toBe('error')
    expect(error).toMatchObject({ code: 'session-turn-limit', retryable: false, restart: true })
    expect(error?.message).toMatch(/start a new session/)

    const capped = store.getState().sessionId
    store.getState().reset()
    expect(store.getState().sessionId).not.toBe(capped)
    expect(store.getState().messages).toEqual([])
    await store.getState().sendMessage('where is my order NW-1001?')
    expect(store.getState().error).toBeUndefined()
    const reply = store
      .getState()
      .messages.at(-1)
      ?.parts.flatMap((part) => (part.type === 'text' ? [part.text] : []))
      .join('')
    expect(reply).toMatch(/NW-1001/)
  })
})
