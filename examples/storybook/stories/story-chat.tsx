import { createStreamRedactor } from '@focal/core/enforcement'
import type { ChatState, ChatStore, ChatTransport, FocalUiMessageChunk } from '@focal/react'
import { createChatStore, FocalChat, type FocalChatProps } from '@focal/react'
import { useEffect, useState } from 'react'

const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds))

/** Streams `chunks`, pausing between text deltas so the streaming state is visible. */
async function* play(chunks: FocalUiMessageChunk[], delayMs: number): AsyncGenerator<FocalUiMessageChunk> {
  for (const chunk of chunks) {
    if (chunk.type === 'text-delta') await pause(delayMs)
    yield chunk
  }
}

/** A stream that fails like a dropped connection. */
function failingStream(): AsyncIterable<FocalUiMessageChunk> {
  return {
    [Symbol.asyncIterator]: () => ({
      next: async () => {
        await pause(300)
        throw new TypeError('Failed to fetch')
      },
    }),
  }
}

/** Options of {@link createStoryTransport}. */
export interface StoryTransportOptions {
  /** The reply to each sent message, in order (the last one repeats). */
  replies: FocalUiMessageChunk[][]
  /** The reply after an approval decision. */
  resumed?: FocalUiMessageChunk[]
  /** Fail this many sends with a network error first. */
  failures?: number
  /** Milliseconds between text deltas. */
  delayMs?: number
}

/** A transport that replays scripted chunks, for stories. */
export function createStoryTransport({
  replies,
  resumed = [],
  failures = 0,
  delayMs = 60,
}: StoryTransportOptions): ChatTransport {
  let sent = 0
  let failed = 0
  return {
    sendMessage() {
      if (failed < failures) {
        failed++
        return failingStream()
      }
      const reply = replies[Math.min(sent++, replies.length - 1)] ?? []
      return play(reply, delayMs)
    },
    resolveApproval() {
      return play(resumed, delayMs)
    },
  }
}

/** Props of {@link StoryChat}. */
export type StoryChatProps = Omit<FocalChatProps, 'store' | 'transport'> & {
  transport: StoryTransportOptions
  /** Messages the user sends when the story opens. */
  send?: string[]
  /** State to start from. */
  initial?: Partial<Pick<ChatState, 'messages' | 'pendingClarification' | 'pendingApproval' | 'goal'>>
}

/** `FocalChat` over a scripted store, driven into a state when the story mounts. */
export function StoryChat({ transport, send = [], initial, ...props }: StoryChatProps) {
  const [store] = useState<ChatStore>(() => {
    const created = createChatStore({
      transport: createStoryTransport(transport),
      scan: () => createStreamRedactor({ detectors: ['credit-card', 'us-ssn', 'secret'] }),
    })
    if (initial) created.setState(initial)
    return created
  })
  const [messages] = useState(send)
  useEffect(() => {
    void (async () => {
      for (const text of messages) await store.getState().sendMessage(text)
    })()
  }, [store, messages])
  return <FocalChat store={store} title="Refund support" {...props} />
}
