import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createEngine } from '@focal/core'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createChatStore } from '../chat/create-chat-store.ts'
import { FocalChat } from '../components/focal-chat.tsx'
import { createLocalTransport } from './create-local-transport.ts'
import type { FocalUiMessageChunk } from './types.ts'

const definition = readFileSync(
  join(import.meta.dirname, '../../../../examples/definitions/refund-support.yaml'),
  'utf8',
)

afterEach(cleanup)

async function collect(iterable: AsyncIterable<FocalUiMessageChunk>) {
  const chunks: FocalUiMessageChunk[] = []
  for await (const chunk of iterable) chunks.push(chunk)
  return chunks
}

/** Types a message into the rendered widget and waits until the store is idle again. */
function sender(store: ReturnType<typeof createChatStore>) {
  const composer = screen.getByLabelText('Message')
  return async (text: string) => {
    fireEvent.change(composer, { target: { value: text } })
    fireEvent.keyDown(composer, { key: 'Enter' })
    await waitFor(() => expect(store.getState().status).toBe('ready'))
  }
}

describe('createLocalTransport', () => {
  it("streams a real engine's turn as the same chunks the edge sends", async () => {
    const transport = createLocalTransport({ engine: createEngine({ definition }) })
    const signal = new AbortController().signal
    const chunks = await collect(
      transport.sendMessage({ sessionId: 's1', messageId: 'm1', text: 'I have a problem', signal }),
    )
    expect(chunks[0]?.type).toBe('start')
    expect(chunks.at(-1)).toEqual({ type: 'finish', finishReason: 'stop' })
    const clarification = chunks.find((chunk) => chunk.type === 'data-clarification')
    expect(clarification?.type === 'data-clarification' && clarification.data.options.length).toBeGreaterThan(
      1,
    )
    expect(chunks.some((chunk) => chunk.type === 'data-provenance')).toBe(true)
  })

  it("follows a human handoff in the page: the person's replies show in the widget, and the release", async () => {
    const engine = createEngine({ definition })
    const store = createChatStore({ transport: createLocalTransport({ engine }), handoffPollMs: 20 })
    render(<FocalChat store={store} />)
    const send = sender(store)
    await send('can I talk to a person please?')
    const { sessionId } = store.getState()
    await engine.replyToHandoff({ sessionId, text: 'Hi, Dana here.', by: 'dana' })
    const reply = await screen.findByRole('article', { name: 'A person from the team said' })
    expect(reply.textContent).toContain('Hi, Dana here.')
    await engine.releaseHandoff({ sessionId, releasedBy: 'dana' })
    await screen.findByText(/handed the conversation back/)
    // An engine without `getSession` gives a transport that cannot follow one.
    expect(
      createLocalTransport({
        engine: { turnStream: engine.turnStream, resolveApproval: engine.resolveApproval },
      }).handoffStatus,
    ).toBeUndefined()
  })

  it('runs the widget in the page with no server: clarification, refusal and approval', async () => {
    const engine = createEngine({ definition })
    const store = createChatStore({ transport: createLocalTransport({ engine }) })
    render(<FocalChat store={store} />)
    const send = sender(store)
    await send('I have a problem')
    // Sent from the field, which keeps focus: the options wait for the user to come to them.
    const group = screen.getByRole('group', { name: /Which one do you need/ })
    expect(within(group).getAllByRole('button')[0]?.hasAttribute('disabled')).toBe(false)
    expect(document.activeElement).toBe(screen.getByLabelText('Message'))
    await send('Cancel order NW-2002, the total was $620')
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }))
    await waitFor(() => expect(screen.getByText(/Order NW-2002 is cancelled/)).toBeTruthy())
    await act(() => send('Which card is on file?'))
    expect(screen.getByRole('log').textContent).not.toMatch(/4111/)
  })

  it('shows the handoff in the widget and keeps the assistant quiet until the session is released', async () => {
    const engine = createEngine({ definition })
    const store = createChatStore({ transport: createLocalTransport({ engine }) })
    render(<FocalChat store={store} />)
    const send = sender(store)
    await send('I want a refund')
    await send('can I speak to a human?')
    expect(screen.getByText(/A person from the team has this conversation now/)).toBeTruthy()
    expect(screen.getByRole('log').textContent).toMatch(/connecting you with a person/)
    const sessionId = store.getState().sessionId
    await send('hello? where is my order NW-1001')
    expect(screen.getByRole('log').textContent).not.toMatch(/UPS/)
    expect(await engine.releaseHandoff({ sessionId })).toBe(true)
    await send('where is my order NW-1001')
    await waitFor(() => expect(screen.getByRole('log').textContent).toMatch(/UPS/))
  })
})
