import { FocalError, type SessionStore, type UiMessageChunk } from '@focal/core'
import { z } from 'zod'

/** Where a session's recorded replies are kept in the session store (beside its state). */
export function messageRepliesId(sessionId: string): string {
  return `${sessionId}#message-replies`
}

/** What a message id was used for: the route, and a digest of the text it carried. */
export interface MessageKey {
  messageId: string
  route: 'chat' | 'turn'
  /** SHA-256 (hex) of the user text as sent, before the input rail. */
  textDigest: string
}

/** The recorded reply of a completed turn: the chat stream's chunks, or `/v1/turn`'s JSON. */
export type RecordedReply = { route: 'chat'; chunks: UiMessageChunk[] } | { route: 'turn'; result: unknown }

/** What a message id's earlier request left: nothing, a turn still running, or a recorded reply. */
export type MessageReplyLookup =
  | { type: 'new' }
  | { type: 'running' }
  | { type: 'completed'; reply: RecordedReply }

const entrySchema = z.strictObject({
  messageId: z.string(),
  route: z.enum(['chat', 'turn']),
  textDigest: z.string(),
  startedAt: z.number(),
  status: z.enum(['running', 'completed']),
  chunks: z.array(z.looseObject({ type: z.string() })).optional(),
  result: z.unknown().optional(),
})
const recordSchema = z.strictObject({ replies: z.array(entrySchema) })
type Entry = z.infer<typeof entrySchema>

/**
 * A running entry older than this is taken for a turn whose process died before it finished: the
 * message id may run again instead of answering 409 for ever.
 */
const abandonedAfterMs = 600_000

/** The message ids of a session, with the replies of their completed turns (see {@link createMessageReplies}). */
export interface MessageReplies {
  /** What an earlier request with this message id left; 422 `message-id-reused` for another text or route. */
  lookup(sessionId: string, key: MessageKey): Promise<MessageReplyLookup>
  /** Marks the message id's turn as running (call it holding the session's lock). */
  start(sessionId: string, key: MessageKey): Promise<void>
  /** Records the completed turn's reply under its message id. */
  complete(sessionId: string, key: MessageKey, reply: RecordedReply): Promise<void>
  /** Forgets a message id whose turn failed, so a retry runs it again. */
  forget(sessionId: string, key: MessageKey): Promise<void>
  /** Removes every record of the session (`DELETE /v1/sessions/:id`). */
  delete(sessionId: string): Promise<void>
}

/**
 * Message ids as idempotency keys, per session: the reply of each of the last `maxPerSession`
 * completed turns is kept in the session store under {@link messageRepliesId}, so a retry of a
 * message whose reply was lost with the connection gets that reply and runs nothing again.
 *
 * @example
 * const replies = createMessageReplies({ store: sessionStore })
 * const found = await replies.lookup('s1', { messageId: 'm1', route: 'chat', textDigest })
 */
export function createMessageReplies({
  store,
  maxPerSession = 3,
  now = Date.now,
}: {
  /** The session store the records live in. */
  store: SessionStore
  /** Completed replies kept per session, newest first. @default 3 */
  maxPerSession?: number
  /** Current time in ms. @default Date.now */
  now?: () => number
}): MessageReplies {
  async function read(sessionId: string): Promise<{ entries: Entry[]; version: number }> {
    const stored = await store.get(messageRepliesId(sessionId))
    if (stored === undefined) return { entries: [], version: 0 }
    const parsed = recordSchema.safeParse(stored.state)
    // A record this code cannot read is replaced: it only ever saves a re-run.
    return { entries: parsed.success ? parsed.data.replies : [], version: stored.version }
  }
  async function update(sessionId: string, change: (entries: Entry[]) => Entry[]): Promise<void> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const { entries, version } = await read(sessionId)
      const written = await store.put(messageRepliesId(sessionId), { replies: change(entries) }, version)
      if (written !== false) return
    }
    throw new FocalError({
      code: 'version-conflict',
      message: `The message replies of session "${sessionId}" kept changing while being written.`,
    })
  }
  const without = (entries: Entry[], messageId: string) =>
    entries.filter((entry) => entry.messageId !== messageId)
  return {
    async lookup(sessionId, key) {
      const entry = (await read(sessionId)).entries.find((found) => found.messageId === key.messageId)
      if (entry === undefined) return { type: 'new' }
      if (entry.route !== key.route || entry.textDigest !== key.textDigest)
        throw new FocalError({
          code: 'message-id-reused',
          message: `Message id "${key.messageId}" was already sent with another message: send a new message with a new id.`,
        })
      if (entry.status === 'running')
        return now() - entry.startedAt < abandonedAfterMs ? { type: 'running' } : { type: 'new' }
      const reply: RecordedReply =
        entry.route === 'chat'
          ? { route: 'chat', chunks: (entry.chunks ?? []) as UiMessageChunk[] }
          : { route: 'turn', result: entry.result }
      return { type: 'completed', reply }
    },
    start(sessionId, key) {
      return update(sessionId, (entries) => [
        { ...key, startedAt: now(), status: 'running' },
        ...without(entries, key.messageId),
      ])
    },
    complete(sessionId, key, reply) {
      const recorded =
        reply.route === 'chat' ? { chunks: compactChunks(reply.chunks) } : { result: reply.result }
      return update(sessionId, (entries) => {
        const others = without(entries, key.messageId)
        // Running entries of other requests stay; only completed replies are bounded.
        const completed = others.filter((entry) => entry.status === 'completed').slice(0, maxPerSession - 1)
        const running = others.filter((entry) => entry.status === 'running')
        return [{ ...key, startedAt: now(), status: 'completed', ...recorded }, ...running, ...completed]
      })
    },
    forget(sessionId, key) {
      return update(sessionId, (entries) => without(entries, key.messageId))
    },
    delete(sessionId) {
      return store.delete(messageRepliesId(sessionId))
    },
  }
}

/**
 * The chunks to keep: consecutive deltas of one text part joined (a streamed reply is one delta per
 * word), and no session token (a replay carries the token of its own request).
 */
function compactChunks(chunks: readonly UiMessageChunk[]): UiMessageChunk[] {
  const kept: UiMessageChunk[] = []
  for (const chunk of chunks) {
    const last = kept.at(-1)
    if (chunk.type === 'text-delta' && last?.type === 'text-delta' && last.id === chunk.id) {
      kept[kept.length - 1] = { ...last, delta: last.delta + chunk.delta }
      continue
    }
    if (chunk.type === 'data-session') {
      kept.push({ ...chunk, data: { sessionId: chunk.data.sessionId } })
      continue
    }
    kept.push(chunk)
  }
  return kept
}

/** 409 for a retry that arrives while its message's turn still runs. */
export function messageInProgress(messageId: string): FocalError {
  return new FocalError({
    code: 'message-in-progress',
    message: `Message "${messageId}" is still being answered: ask again once its turn has ended.`,
  })
}

/** SHA-256 (hex) of a message text, to tell a retry from another message under the same id. */
export async function digestText(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}
