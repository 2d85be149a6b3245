import { FocalError } from '@focal/core/errors'
import { readFailureText, type UnknownUiMessageChunk } from '@focal/core/ui-message-stream'
import type { FocalUiMessageChunk } from '../transport/types.ts'
import { toChatGoalSnapshot } from './to-chat-goal-snapshot.ts'
import type { ChatMessage, ChatMessagePart, ChatState } from './types.ts'

/**
 * A streaming Lane 1 scanner for one text part: `push` takes a raw delta and returns the text that
 * is safe to show so far (holding back a tail that could still become a match), `flush` releases
 * the rest at the end. Core's `createStreamRedactor(...)` is one.
 */
export interface ChatTextScanner {
  push(chunk: string): string
  flush(): string
}

/** Creates a fresh {@link ChatTextScanner} for each streamed text part. */
export type ChatTextScan = () => ChatTextScanner

/** The data fields of a chat state a chunk can change. */
export type ChatChunkState = Pick<ChatState, 'messages' | 'pendingClarification' | 'pendingApproval' | 'goal'>

/** Per-reply memory the reducer needs beyond the state: each text part's scanner and shown text. */
export interface ChatReplyContext {
  messageId: string
  texts: Map<string, { scanner: ChatTextScanner | undefined; shown: string; partIndex: number }>
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

/** Like the AI SDK: a data part with the id of an earlier one of its type replaces it in place. */
const upsertPart = (part: ChatMessagePart & { id?: string }) => (message: ChatMessage) => {
  const index =
    part.id === undefined
      ? -1
      : message.parts.findIndex(
          (existing) => existing.type === part.type && 'id' in existing && existing.id === part.id,
        )
  if (index === -1) return appendPart(part)(message)
  return { ...message, parts: message.parts.map((existing, at) => (at === index ? part : existing)) }
}

const withId = <Part extends object>(part: Part, id: string | undefined): Part & { id?: string } =>
  id === undefined ? part : { ...part, id }

function setText(
  state: ChatChunkState,
  context: ChatReplyContext,
  id: string,
  added: string,
  final: boolean,
) {
  const entry = context.texts.get(id)
  if (!entry) return state
  entry.shown += entry.scanner ? entry.scanner.push(added) : added
  if (final && entry.scanner) entry.shown += entry.scanner.flush()
  const text = entry.shown
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
        const scanner = context.scan?.()
        context.texts.set(chunk.id, { scanner, shown: '', partIndex: message.parts.length })
        return appendPart({ type: 'text', text: '', state: 'streaming' })(message)
      })
      return next
    }
    case 'text-delta': {
      if (!context.texts.has(chunk.id)) {
        const started = applyChatChunk(state, { type: 'text-start', id: chunk.id }, context)
        return applyChatChunk(started, chunk, context)
      }
      return setText(state, context, chunk.id, chunk.delta, false)
    }
    case 'text-end':
      return setText(state, context, chunk.id, '', true)
    case 'data-clarification':
      return {
        ...withAssistant(
          state,
          context,
          upsertPart(withId({ type: 'clarification', clarification: chunk.data }, chunk.id)),
        ),
        pendingClarification: chunk.data,
      }
    case 'data-approval':
      return {
        ...withAssistant(
          state,
          context,
          upsertPart(withId({ type: 'approval', approval: chunk.data, decision: 'pending' }, chunk.id)),
        ),
        pendingApproval: chunk.data,
      }
    case 'data-enforcement':
      return withAssistant(
        state,
        context,
        upsertPart(withId({ type: 'enforcement', enforcement: chunk.data }, chunk.id)),
      )
    case 'data-handoff':
      return withAssistant(
        state,
        context,
        upsertPart(withId({ type: 'handoff', handoff: chunk.data }, chunk.id)),
      )
    case 'data-provenance':
      return withAssistant(state, context, (message) => ({ ...message, provenance: chunk.data }))
    case 'data-goal-gate':
      return { ...state, goal: toChatGoalSnapshot(chunk.data) ?? state.goal }
    case 'data-retraction': {
      // The voided draft's text part becomes the notice of why; the replacement is a new part.
      const entry = context.texts.get(chunk.data.textId)
      context.texts.delete(chunk.data.textId)
      const part = withId({ type: 'retraction' as const, retraction: chunk.data }, chunk.id)
      if (entry === undefined) return withAssistant(state, context, appendPart(part))
      return withAssistant(state, context, (message) => ({
        ...message,
        parts: message.parts.map((existing, at) => (at === entry.partIndex ? part : existing)),
      }))
    }
    case 'error': {
      // A failure the caller acts on names its code (`session-turn-limit: …`); any other is the transport's.
      const failure = readFailureText(chunk.errorText)
      throw new FocalError(failure ?? { code: 'transport-failed', message: chunk.errorText })
    }
    case 'start':
    case 'finish':
    case 'abort':
    case 'data-session':
      return state
    default:
      return ignoreUnknown(state, chunk)
  }
}

/** Chunks this version does not render; a known type landing here fails to compile. */
function ignoreUnknown(state: ChatChunkState, _chunk: UnknownUiMessageChunk): ChatChunkState {
  return state
}

/**
 * Marks every streaming text part of a message as done. A completed reply's scanners were flushed
 * by `text-end`; a stopped or failed one is never flushed, so a held-back tail (a half-streamed
 * card number) is dropped rather than shown.
 */
export function finishTextParts(message: ChatMessage): ChatMessage {
  if (!message.parts.some((part) => part.type === 'text' && part.state === 'streaming')) return message
  return {
    ...message,
    parts: message.parts.map((part) => (part.type === 'text' ? { ...part, state: 'done' } : part)),
  }
}
