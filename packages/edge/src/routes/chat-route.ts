import {
  FocalError,
  type SessionData,
  type TurnEvent,
  toUiMessageChunks,
  type UiMessageChunk,
  uiMessageStreamHeaders,
} from '@focal/core'
import { focalStreamHeader } from '@focal/core/stream-formats'
import type { Context, Hono } from 'hono'
import type { FocalAppContext } from '../app/app-context.ts'
import { checkSessionRoom } from '../app/check-session-room.ts'
import { clientChunks } from '../app/client-provenance.ts'
import {
  digestText,
  messageInProgress,
  messageReplyLost,
  type RecordedReply,
  regenerateUnrecorded,
} from '../app/create-message-replies.ts'
import { restoreUiMessageChunks } from '../app/restore-ui-message-chunks.ts'
import { acquireAuthorizedSession, authorizeMessageTurn, readClaimKey } from '../auth/authorize-session.ts'
import { readJsonBody } from '../schemas/read-json-body.ts'
import { detachChunks } from '../ui-message-stream/detach-chunks.ts'
import { encodeSse } from '../ui-message-stream/encode-sse.ts'

/**
 * A UI message stream's headers, and the mark of a stream Focal wrote (`x-focal-stream: v1`): a
 * guard in front of this route passes Focal's own data parts as they are (see `focalStreamHeader`).
 */
const chatStreamHeaders = { ...uiMessageStreamHeaders, [focalStreamHeader]: 'v1' } as const

interface ChatMessage {
  role: 'system' | 'user' | 'assistant'
  parts: Array<{ type: string; text?: string | undefined }>
}

/** The text of the last user message; a located `invalid-request` when there is none. */
function lastUserText(messages: readonly ChatMessage[], maxLength: number): string {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index]!
    if (message.role !== 'user') continue
    const text = message.parts
      .filter((part) => part.type === 'text' && typeof part.text === 'string')
      .map((part) => part.text)
      .join('\n')
    const path = `messages[${index}].parts`
    if (!/[^\s\p{Cc}\p{Cf}]/u.test(text)) fail(path, 'the last user message has no text part')
    if (text.length > maxLength) fail(path, `text is longer than ${maxLength} characters`)
    return text
  }
  return fail('messages', 'no user message')
}

/** The id of the last user message (a regenerate's turn), or undefined when it has none. */
function lastUserMessageId(messages: ReadonlyArray<ChatMessage & { id?: string }>): string | undefined {
  for (let index = messages.length - 1; index >= 0; index--)
    if (messages[index]!.role === 'user') return messages[index]!.id || undefined
  return undefined
}

function fail(path: string, problem: string): never {
  const message = `${path}: ${problem}`
  throw new FocalError({ code: 'invalid-request', message, issues: [{ path, message: problem }] })
}

/**
 * `POST /v1/chat`: the AI SDK `DefaultChatTransport` body in, the UI message stream out (SSE,
 * `x-vercel-ai-ui-message-stream: v1`). The chat `id` is the session id; the last user message is
 * the turn. Turns on one session are serialised until their stream ends.
 */
export function registerChatRoute(hono: Hono, app: FocalAppContext): void {
  hono.post('/v1/chat', async (context) => {
    const body = await readJsonBody(context, app.schemas.chat, app.limits.maxJsonDepth)
    const typed = lastUserText(body.messages, app.limits.maxTextLength)
    const sessionId = body.id
    // A regenerate (`useChat().regenerate()`) names the assistant message it replaces: its turn is
    // the last user message's, and a Focal turn is decided, not sampled, so the reply recorded
    // under that message's id is sent again and nothing runs twice (outside review rv59 5: it ran
    // a new turn, which after a refund asked "Shall I do it again?").
    const regenerate = body.trigger === 'regenerate-message'
    const messageId = regenerate ? lastUserMessageId(body.messages) : body.messageId
    const claimKey = readClaimKey(context, { sessionId, messageId })
    // The message id is the idempotency key: a retry of a message whose turn completed (its reply
    // lost with the connection) gets that reply again, and nothing runs twice.
    const key =
      messageId === undefined
        ? undefined
        : { messageId, route: 'chat' as const, textDigest: await digestText(typed) }
    const { token, turn } = await authorizeMessageTurn(context, app, sessionId, key, claimKey)
    const session = token === undefined ? { sessionId } : { sessionId, token }
    const before = turn?.lookup()
    if (before?.type === 'running') throw messageInProgress(key!.messageId)
    if (before?.type === 'lost') throw messageReplyLost(key!.messageId)
    if (before?.type === 'completed') return replay(context, app, session, before.reply)
    // A reply not recorded (its message had no id, or it is no longer among the last kept) is not
    // made again: its turn would run again, its tools too.
    if (regenerate) throw regenerateUnrecorded(messageId)
    const acquired = await acquireAuthorizedSession(context, app, sessionId)
    let releasing: Promise<void> | undefined
    const release = () => {
      releasing ??= acquired()
      return releasing
    }
    let text: string
    let started = false
    try {
      checkSessionRoom(app, sessionId)
      // Holding the lock: an earlier request with this message id may have ended since the read.
      const found = await turn?.start()
      if (found?.type === 'completed') {
        await release()
        return replay(context, app, session, found.reply)
      }
      if (found?.type === 'lost') throw messageReplyLost(key!.messageId)
      started = found?.type === 'started'
      // The input rail, under the session's lock (it numbers placeholders from the ledger):
      // personal values become placeholders before the engine (and its stores) see them.
      text = app.inputRail ? await app.inputRail(sessionId, typed) : typed
    } catch (error) {
      if (started) await turn?.forget().catch(() => {})
      await release()
      throw error
    }
    const signal = context.req.raw.signal
    const onEvent = app.onEvent
    // Whether the turn ran (its tools too) though the stream may end with an `error` chunk: the
    // engine finished it, or the host's hook threw. The engine runs a started turn to its end
    // whatever its reader does, so a hook that throws on any event stops only the stream.
    let ran = false
    const hostHook = async (event: TurnEvent): Promise<void> => {
      if (event.type === 'turn-finished') ran = true
      try {
        await onEvent?.(event, { sessionId, route: '/v1/chat' })
      } catch (error) {
        ran = true
        throw error
      }
    }
    // The assistant message's id is the turn's id, as in every Focal transport.
    const chunks = toUiMessageChunks(app.engine.turnStream({ sessionId, text, signal }), {
      guard: app.services.createStreamGuard,
      session,
      onEvent: hostHook,
    })
    // Read to the end even when the client leaves: the whole reply is recorded under the message
    // id before the lock is released, so a retry finds it.
    // A reply that cannot be recorded is marked so, not forgotten: the turn ran (its tools too), so
    // its retry gets 409 `message-reply-lost` and runs nothing; this client already has the reply.
    // So is a stream that failed after the engine finished the turn or because the host's hook
    // threw. Only a turn the engine itself failed before finishing it is forgotten: its retry runs it.
    const detached = detachChunks(chunks, async (read, error) => {
      try {
        if (turn === undefined) return
        if (error === undefined && !read.some((chunk) => chunk.type === 'error'))
          await turn.complete({ route: 'chat', chunks: read })
        else if (ran) await turn.lose()
        else await turn.forget()
      } finally {
        await release()
      }
    })
    // On Cloudflare Workers, work still running once the client left may be cancelled with the
    // request: the runtime is asked to let the turn be read to its end and recorded.
    waitUntil(context, detached.ended)
    // Placeholders the definition lets back, for this session's own client only, after the guard.
    const restorer = app.createRestorer?.(sessionId)
    const restored = clientChunks(
      app,
      restorer ? restoreUiMessageChunks(detached.chunks, restorer) : detached.chunks,
    )
    return new Response(
      encodeSse(restored, () => detached.ended),
      { headers: { ...chatStreamHeaders, ...headersOf(context.res) } },
    )
  })
}

/** The recorded reply of a completed turn, as its own stream, with this request's session part. */
function replay(
  context: Context,
  app: FocalAppContext,
  session: SessionData,
  reply: RecordedReply,
): Response {
  const recorded = reply.route === 'chat' ? reply.chunks : []
  async function* chunks(): AsyncGenerator<UiMessageChunk, void, undefined> {
    for (const chunk of recorded) yield chunk.type === 'data-session' ? { ...chunk, data: session } : chunk
  }
  const restorer = app.createRestorer?.(session.sessionId)
  const restored = clientChunks(app, restorer ? restoreUiMessageChunks(chunks(), restorer) : chunks())
  return new Response(encodeSse(restored), {
    headers: { ...chatStreamHeaders, ...headersOf(context.res) },
  })
}

/**
 * Hands `work` to the runtime's `waitUntil` where it has one (Hono's `executionCtx` on Cloudflare
 * Workers); Node and Deno keep a request's promises running on their own.
 */
function waitUntil(context: Context, work: Promise<unknown>): void {
  let executionContext: { waitUntil(promise: Promise<unknown>): void }
  try {
    executionContext = context.executionCtx
  } catch {
    return // no ExecutionContext: Hono's getter throws
  }
  executionContext.waitUntil(work.catch(() => undefined))
}

/** Headers set earlier on the context (CORS, the issued session token). */
function headersOf(response: Response): Record<string, string> {
  const result: Record<string, string> = {}
  response.headers.forEach((value, key) => {
    if (key !== 'content-type') result[key] = value
  })
  return result
}
