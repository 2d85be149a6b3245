import { createStreamRedactor } from '@focal/core'
import { defineSuite } from '../../../../bench/harness.ts'
import type { FocalUiMessageChunk } from '../transport/types.ts'
import { applyChatChunk, type ChatChunkState, type ChatReplyContext } from './apply-chat-chunk.ts'
import type { ChatMessage } from './types.ts'

// A 2 KB reply streamed as ~10-character deltas into a transcript of 40 earlier messages.
const reply = 'Your refund for order NW-1001 has been issued to the card on file. '.repeat(30).slice(0, 2048)
const deltas: FocalUiMessageChunk[] = (reply.match(/.{1,10}/gs) ?? []).map((delta) => ({
  type: 'text-delta',
  id: 't',
  delta,
}))
const history: ChatMessage[] = Array.from({ length: 40 }, (_, index) => ({
  id: `m${index}`,
  role: index % 2 === 0 ? 'user' : 'assistant',
  parts: [{ type: 'text', text: 'An earlier message of the conversation.', state: 'done' }],
}))

function streamReply(scan: ChatReplyContext['scan']): number {
  const context: ChatReplyContext = { messageId: 'reply', texts: new Map(), scan }
  let state: ChatChunkState = {
    messages: history,
    pendingClarification: undefined,
    pendingApproval: undefined,
    goal: undefined,
  }
  state = applyChatChunk(state, { type: 'text-start', id: 't' }, context)
  for (const chunk of deltas) state = applyChatChunk(state, chunk, context)
  state = applyChatChunk(state, { type: 'text-end', id: 't' }, context)
  return state.messages.length
}

export default defineSuite({
  name: 'react chat store: stream a 2 KB reply (205 deltas) into a 40-message transcript',
  cases: [
    { name: 'applyChatChunk, no client scan', fn: () => streamReply(undefined) },
    {
      name: 'applyChatChunk + core createStreamRedactor (credit-card, secret)',
      fn: () => streamReply(() => createStreamRedactor({ detectors: ['credit-card', 'secret'] })),
    },
  ],
})
