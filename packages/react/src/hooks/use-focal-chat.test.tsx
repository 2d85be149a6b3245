import { act, cleanup, render, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createChatStore } from '../chat/create-chat-store.ts'
import { Composer } from '../components/composer.tsx'
import { createChannelTransport } from '../testing/create-chunk-channel.ts'
import { replyChunks } from '../testing/fixtures.ts'
import { useFocalChat } from './use-focal-chat.ts'

afterEach(cleanup)

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)))

describe('useFocalChat', () => {
  it('creates one store for the component and exposes its state and actions', async () => {
    const channel = createChannelTransport()
    const { result, rerender } = renderHook(() =>
      useFocalChat({ transport: channel.transport, sessionId: 'abc' }),
    )
    const first = result.current
    rerender()
    expect(result.current.sessionId).toBe('abc')
    expect(result.current.sendMessage).toBe(first.sendMessage)
    act(() => void result.current.sendMessage('hi'))
    expect(result.current.status).toBe('submitted')
    act(() => {
      channel.latest().push(...replyChunks('Hello'))
      channel.latest().end()
    })
    await settle()
    expect(result.current.status).toBe('ready')
    expect(result.current.messages).toHaveLength(2)
  })

  it('re-renders a selecting component only when its slice changes', async () => {
    const channel = createChannelTransport()
    const store = createChatStore({ transport: channel.transport })
    let renders = 0
    const { result } = renderHook(() => {
      renders++
      return useFocalChat({ store, select: (state) => state.status })
    })
    act(() => void store.getState().sendMessage('hi'))
    act(() => channel.latest().push({ type: 'text-start', id: 't' }))
    await settle()
    const afterStreaming = renders
    for (const delta of ['a', 'b', 'c']) {
      act(() => channel.latest().push({ type: 'text-delta', id: 't', delta }))
      await settle()
    }
    expect(result.current).toBe('streaming')
    expect(renders).toBe(afterStreaming)
    act(() => channel.latest().end())
    await settle()
    expect(result.current).toBe('ready')
  })

  it('throws a FocalError when a primitive is rendered outside a provider', () => {
    const original = console.error
    console.error = () => {}
    try {
      expect(() => render(<Composer />)).toThrow(/inside <FocalChatProvider>/)
    } finally {
      console.error = original
    }
  })
})
