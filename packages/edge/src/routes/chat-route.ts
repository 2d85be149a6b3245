import { FocalError, toUiMessageChunks, uiMessageStreamHeaders } from '@focal/core'
import type { Hono } from 'hono'
import type { FocalAppContext } from '../app/app-context.ts'
import { restoreUiMessageChunks } from '../app/restore-ui-message-chunks.ts'
import { acquireAuthorizedSession, authorizeSession } from '../auth/authorize-session.ts'
import { readJsonBody } from '../schemas/read-json-body.ts'
import { encodeSse } from '../ui-message-stream/encode-sse.ts'

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
    const token = await authorizeSession(context, app, sessionId, 'create')
    const acquired = await acquireAuthorizedSession(context, app, sessionId)
    let releasing: Promise<void> | undefined
    const release = () => {
      releasing ??= acquired()
      return releasing
    }
    let text: string
    try {
      // The input rail, under the session's lock (it numbers placeholders from the ledger):
      // personal values become placeholders before the engine (and its stores) see them.
      text = app.inputRail ? await app.inputRail(sessionId, typed) : typed
    } catch (error) {
      await release()
      throw error
    }
    const signal = context.req.raw.signal
    async function* events() {
      try {
        yield* app.engine.turnStream({ sessionId, text, signal })
      } finally {
        await release()
      }
    }
    const onEvent = app.onEvent
    // The assistant message's id is the turn's id, as in every Focal transport.
    const chunks = toUiMessageChunks(events(), {
      guard: app.services.createStreamGuard,
      session: token === undefined ? { sessionId } : { sessionId, token },
      ...(onEvent ? { onEvent: (event) => onEvent(event, { sessionId, route: '/v1/chat' }) } : {}),
    })
    // Placeholders the definition lets back, for this session's own client only, after the guard.
    const restorer = app.createRestorer?.(sessionId)
    const restored = restorer ? restoreUiMessageChunks(chunks, restorer) : chunks
    return new Response(encodeSse(restored, release), {
      headers: { ...uiMessageStreamHeaders, ...headersOf(context.res) },
    })
  })
}

/** Headers set earlier on the context (CORS, the issued session token). */
function headersOf(response: Response): Record<string, string> {
  const result: Record<string, string> = {}
  response.headers.forEach((value, key) => {
    if (key !== 'content-type') result[key] = value
  })
  return result
}
