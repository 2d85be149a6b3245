import { FocalError } from '@focal/core/errors'
import type { FocalUiMessageChunk } from '../transport/types.ts'
import { toChatGoalSnapshot } from './to-chat-goal-snapshot.ts'
import type { ChatMessage, ChatMessagePart, ChatState } from './types.ts'

/** Rewrites streamed assistant text before it is stored (and so before it can render). */
export type ChatTextScan = (text: string, context: { final: boolean }) => string

/** The data fields of a chat state a chunk can change. */
export type ChatChunkState = Pick<ChatState, 'messages' | 'pendingClarification' | 'pendingApproval' | 'goal'>

/** Per-reply memory the reducer needs beyond the state: raw text by text id, never rendered. */
export interface ChatReplyContext {
  messageId: string
  rawText: Map<string, { raw: string; partIndex: number }>
  scan: ChatTextScan | undefined
}

function withAssistant(
  state: ChatChunkState,
  context: ChatReplyContext,
  change: (message: ChatMessage) => ChatMessage,
): ChatChunkState {
  const last = state.messages.at(-1)
  if (last?.id === context.messageId) {
    return { ...state, messages: [...state.messages.slice(0, -1), change(last)] }
  }
  const created: ChatMessage = { id: context.messageId, role: 'assistant', parts: [] }
  return { ...state, messages: [...state.messages, change(created)] }
}

const appendPart = (part: ChatMessagePart) => (message: ChatMessage) => ({
  ...message,
  parts: [...message.parts, part],
})

function setText(state: ChatChunkState, context: ChatReplyContext, id: string, final: boolean) {
  const entry = context.rawText.get(id)
  if (!entry) return state
  const text = context.scan ? context.scan(entry.raw, { final }) : entry.raw
  return withAssistant(state, context, (message) => {
    const parts = message.parts.slice()
    parts[entry.partIndex] = { type: 'text', text, state: final ? 'done' : 'streaming' }
    return { ...message, parts }
  })
}

/**
 * Applies one UI message chunk to the chat state, immutably: only the replying assistant message
 * gets a new identity, so memoised earlier messages do not re-render. An `error` chunk throws.
 */
export function applyChatChunk(
  state: ChatChunkState,
  chunk: FocalUiMessageChunk,
  context: ChatReplyContext,
): ChatChunkState {
  switch (chunk.type) {
    case 'text-start': {
      const next = withAssistant(state, context, (message) => {
        context.rawText.set(chunk.id, { raw: '', partIndex: message.parts.length })
        return appendPart({ type: 'text', text: '', state: 'streaming' })(message)
      })
      return next
    }
    case 'text-delta': {
      const entry = context.rawText.get(chunk.id)
      if (!entry)
        return applyChatChunk(
          applyChatChunk(state, { type: 'text-start', id: chunk.id }, context),
          chunk,
          context,
        )
      entry.raw += chunk.delta
      return setText(state, context, chunk.id, false)
    }
    case 'text-end':
      return setText(state, context, chunk.id, true)
    case 'data-clarification':
      return {
        ...withAssistant(state, context, appendPart({ type: 'clarification', clarification: chunk.data })),
        pendingClarification: chunk.data,
      }
    case 'data-approval':
      return {
        ...withAssistant(
          state,
          context,
          appendPart({ type: 'approval', approval: chunk.data, decision: 'pending' }),
        ),
        pendingApproval: chunk.data,
      }
    case 'data-enforcement':
      return withAssistant(state, context, appendPart({ type: 'enforcement', enforcement: chunk.data }))
    case 'data-provenance':
      return withAssistant(state, context, (message) => ({ ...message, provenance: chunk.data }))
    case 'data-goal-gate':
      return { ...state, goal: toChatGoalSnapshot(chunk.data) ?? state.goal }
    case 'error':
      throw new FocalError({ code: 'transport-failed', message: chunk.errorText })
    default:
      return state
  }
}

/**
 * Marks every streaming text part of a message as done. `complete` is false when the reply was
 * stopped or failed: the scan then still withholds a trailing fragment that could be a secret.
 */
export function finishTextParts(
  message: ChatMessage,
  context: ChatReplyContext,
  complete: boolean,
): ChatMessage {
  if (!message.parts.some((part) => part.type === 'text' && part.state === 'streaming')) return message
  const parts = message.parts.slice()
  for (const entry of context.rawText.values()) {
    const text = context.scan ? context.scan(entry.raw, { final: complete }) : entry.raw
    if (parts[entry.partIndex]?.type === 'text')
      parts[entry.partIndex] = { type: 'text', text, state: 'done' }
  }
  return { ...message, parts }
}
