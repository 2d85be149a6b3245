import { FocalError, type SessionStore, type UiMessageChunk } from '@focal/core'
import {
  type BoundedMapOptions,
  constantTimeEqual,
  createBoundedMap,
  type MemoryBudget,
  measureJsonBytes,
} from '@focal/core/ledger'
import { z } from 'zod'

const repliesSuffix = '#message-replies'

/** Where a session's recorded replies are kept in the session store (beside its state). */
export function messageRepliesId(sessionId: string): string {
  return `${sessionId}${repliesSuffix}`
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

/**
 * What a message id's earlier request left: nothing, a turn still running, a recorded reply, or a
 * turn that ran (or may have) whose reply was not recorded: it is never run again.
 */
export type MessageReplyLookup =
  | { type: 'new' }
  | { type: 'running' }
  | { type: 'completed'; reply: RecordedReply }
  | { type: 'lost' }

/**
 * The claim key of the request that created a session, as kept with its message: SHA-256 (hex)
 * of the claim's epoch and the key (see {@link digestClaim}), and when it stops counting.
 */
export interface MessageClaim {
  proof: string
  expiresAt: number
}

/** What {@link MessageTurn.start} found holding the session's lock. */
export type MessageStart =
  | { type: 'started' }
  | { type: 'completed'; reply: RecordedReply }
  | { type: 'lost' }

const entrySchema = z.strictObject({
  messageId: z.string(),
  route: z.enum(['chat', 'turn']),
  textDigest: z.string(),
  /** When a running entry started (a running mark is only ever that). */
  startedAt: z.number().optional(),
  /**
   * `running`: its request holds the session's lock; `completed`: its reply is recorded;
   * `unrecorded`: its turn ran but the reply could not be written; `failed`: the turn that
   * created the session failed before it ran, kept only for its claim (it may run again).
   */
  status: z.enum(['running', 'completed', 'unrecorded', 'failed']),
  chunks: z.array(z.looseObject({ type: z.string() })).optional(),
  result: z.unknown().optional(),
  /**
   * The message that created the session, sent with a claim key: its retry without a token
   * proves the key (see {@link MessageClaim}) until a later message starts or `expiresAt`.
   */
  claim: z.strictObject({ proof: z.string(), expiresAt: z.number() }).optional(),
})
const recordSchema = z.strictObject({ replies: z.array(entrySchema) })
type Entry = z.infer<typeof entrySchema>
type RepliesRecord = z.infer<typeof recordSchema>

/**
 * A running entry older than this, read before taking the session's lock, is not answered 409 (its
 * process may have died mid-turn): the request waits for the lock and looks again. Holding the lock,
 * an entry still running is one whose request ended without recording a reply (see `start`).
 */
const abandonedAfterMs = 600_000

/** Tries of a write that lost a version race before it gives up. */
const maxWriteAttempts = 5

/**
 * One message-id request's view of its session's replies record, read once (or known empty): the
 * writes of its turn go over the version it read, and the record is read again only when someone
 * else wrote it in between.
 */
export interface MessageTurn {
  /**
   * Whether this message (its id, route and text) created the session with a claim key whose
   * proof is `proof` (see {@link digestClaim}), and no later message started since: its retry may
   * act for the session. The same key with another text or route proves nothing (no token).
   */
  proves(proof: string): boolean
  /** What an earlier request with this message id left; 422 `message-id-reused` for another text or route. */
  lookup(): MessageReplyLookup
  /**
   * Holding the session's lock, marks the message id's turn as running, unless an earlier request
   * with it got there first: its recorded reply then (`completed`), or `lost` when that request
   * ended without recording one (a turn that may have run is never run again).
   */
  start(): Promise<MessageStart>
  /**
   * Records the reply of the turn that ran. A failed write marks it `unrecorded` instead (best
   * effort): either way the message id never runs again. Never throws.
   */
  complete(reply: RecordedReply): Promise<void>
  /** Marks the turn as run with no reply to record (it failed after the engine ran it). Never throws. */
  lose(): Promise<void>
  /**
   * Forgets the message id of a turn that failed before it ran, so a retry runs it (the message
   * that created its session keeps its claim, so its retry can still prove it).
   */
  forget(): Promise<void>
}

/** The message ids of a session, with the replies of their completed turns (see {@link createMessageReplies}). */
export interface MessageReplies {
  /** Reads the session's replies record (once) for a request carrying this message id. */
  open(sessionId: string, key: MessageKey): Promise<MessageTurn>
  /**
   * The same for a session this very request just claimed: its record was cleared, so nothing is
   * read. With `claim`, the message keeps it (its retry without a token may prove the claim key).
   */
  openClaimed(sessionId: string, key: MessageKey, claim?: MessageClaim): MessageTurn
  /** Removes every record of the session (`DELETE /v1/sessions/:id`, a new claim of the id). */
  delete(sessionId: string): Promise<void>
}

/**
 * Message ids as idempotency keys, per session: the reply of each of the last `maxPerSession`
 * completed turns is kept under {@link messageRepliesId}, in `store` (the host's session store) or
 * else in this process's memory, so a retry of a message whose reply was lost with the connection
 * gets that reply and runs nothing again. A message-id turn reads the record once and writes it
 * twice (running, then its reply).
 *
 * @example
 * const replies = createMessageReplies({ store: sessionStore })
 * const turn = await replies.open('s1', { messageId: 'm1', route: 'chat', textDigest })
 * turn.lookup() // { type: 'new' }
 */
export function createMessageReplies({
  store,
  memory = {},
  maxPerSession = 3,
  now = Date.now,
}: {
  /** The session store the records live in. @default records in memory, bounded by `memory` */
  store?: SessionStore | undefined
  /**
   * Bounds of the in-memory records (no `store`): `ttlMs`, `maxSessions`, and the byte `budget`
   * the app's other memory stores share: a session's record is charged to the session, so the
   * budget counts it and forgets it with the session's state.
   */
  memory?: { ttlMs?: number; maxSessions?: number; budget?: MemoryBudget | undefined }
  /** Completed replies kept per session, newest first. @default 3 */
  maxPerSession?: number
  /** Current time in ms. @default Date.now */
  now?: () => number
}): MessageReplies {
  // The app's own memory holds what this module wrote, as written: nothing to check or copy.
  const records =
    store ??
    createMemoryRecordStore(
      {
        ...(memory.ttlMs === undefined ? {} : { ttlMs: memory.ttlMs }),
        ...(memory.maxSessions === undefined ? {} : { maxEntries: memory.maxSessions }),
      },
      memory.budget,
    )
  const trusted = store === undefined

  async function read(sessionId: string): Promise<{ entries: Entry[]; version: number }> {
    const stored = await records.get(messageRepliesId(sessionId))
    if (stored === undefined) return { entries: [], version: 0 }
    if (trusted) return { entries: (stored.state as RepliesRecord).replies, version: stored.version }
    const parsed = recordSchema.safeParse(stored.state)
    // A record this code cannot read is replaced: it only ever saves a re-run.
    return { entries: parsed.success ? parsed.data.replies : [], version: stored.version }
  }

  function turnOf(
    sessionId: string,
    key: MessageKey,
    seen: { entries: Entry[]; version: number },
    claim?: MessageClaim,
  ) {
    let { entries, version } = seen
    const id = messageRepliesId(sessionId)
    const own = () => entries.find((entry) => entry.messageId === key.messageId)
    const others = () => entries.filter((entry) => entry.messageId !== key.messageId)
    /** Writes `change()` (of `entries`) over the version last read; on a lost race reads again and retries. */
    async function update(change: () => Entry[]): Promise<void> {
      for (let attempt = 0; attempt < maxWriteAttempts; attempt++) {
        const next = change()
        const written = await records.put(id, { replies: next }, version)
        if (written !== false) {
          entries = next
          version = written
          return
        }
        ;({ entries, version } = await read(sessionId))
      }
      throw conflict(sessionId)
    }
    /** Keeps the newest `maxPerSession` answered entries (completed or unrecorded) and every running one. */
    const bounded = (first: Entry, rest: Entry[]) => {
      const running = rest.filter((entry) => entry.status === 'running')
      const answered = rest.filter((entry) => entry.status !== 'running').slice(0, maxPerSession - 1)
      return [first, ...running, ...answered]
    }
    /** This message's entry as `status`, with the claim it carries. */
    const ownAs = <Status extends Entry['status']>(status: Status) => {
      const kept = own()?.claim
      return { ...key, status, ...(kept === undefined ? {} : { claim: kept }) }
    }
    const lose = async () => {
      try {
        await update(() => bounded(ownAs('unrecorded'), others()))
      } catch {
        // The store is down: the running mark stays, and holding the lock a retry reads it as lost.
      }
    }
    return {
      proves(proof) {
        const entry = own()
        if (entry?.claim === undefined) return false
        if (entry.route !== key.route || entry.textDigest !== key.textDigest) return false
        return entry.claim.expiresAt > now() && constantTimeEqual(entry.claim.proof, proof)
      },
      lookup() {
        return lookupOf(own(), key, now())
      },
      async start() {
        // Read before the lock: someone may have written since. An entry of this message id is
        // looked at again as it is now, holding the lock.
        let fresh = false
        for (let attempt = 0; attempt < maxWriteAttempts; attempt++) {
          const entry = own()
          if (entry !== undefined && entry.status !== 'failed') {
            if (!fresh) {
              ;({ entries, version } = await read(sessionId))
              fresh = true
              continue
            }
            const found = lookupOf(entry, key, Number.POSITIVE_INFINITY)
            if (found.type === 'completed') return found
            // Running though we hold the lock: its request ended without recording a reply. Its
            // turn may have run (tools included), so it is not run again.
            return { type: 'lost' }
          }
          // A retry of the failed message that created the session keeps its claim; any other
          // message ends the claims of earlier ones (its sender holds the session's token).
          const kept = entry?.claim ?? claim
          const running: Entry = {
            ...key,
            startedAt: now(),
            status: 'running',
            ...(kept === undefined ? {} : { claim: kept }),
          }
          const rest = entries.flatMap((other): Entry[] => {
            if (other.messageId === key.messageId) return []
            if (kept !== undefined || other.claim === undefined) return [other]
            if (other.status === 'failed') return []
            const { claim: _ended, ...unclaimed } = other
            return [unclaimed]
          })
          const next = [running, ...rest]
          const written = await records.put(id, { replies: next }, version)
          if (written !== false) {
            entries = next
            version = written
            return { type: 'started' }
          }
          ;({ entries, version } = await read(sessionId))
          fresh = true
        }
        throw conflict(sessionId)
      },
      async complete(reply) {
        const recorded =
          reply.route === 'chat' ? { chunks: compactChunks(reply.chunks) } : { result: reply.result }
        try {
          await update(() => bounded({ ...ownAs('completed'), ...recorded }, others()))
        } catch {
          // The reply could not be written (a store error, a value too large for it): the turn is
          // marked as run with no reply, so its retry is told so and runs nothing.
          await lose()
        }
      },
      lose,
      forget() {
        return update(() => {
          const entry = own()
          return entry?.claim === undefined ? others() : [ownAs('failed'), ...others()]
        })
      },
    } satisfies MessageTurn
  }

  return {
    async open(sessionId, key) {
      return turnOf(sessionId, key, await read(sessionId))
    },
    openClaimed(sessionId, key, claim) {
      return turnOf(sessionId, key, { entries: [], version: 0 }, claim)
    },
    delete(sessionId) {
      return records.delete(messageRepliesId(sessionId))
    },
  }
}

/** What `entry` (this message id's, if any) means for a request with `key`, at time `at`. */
function lookupOf(entry: Entry | undefined, key: MessageKey, at: number): MessageReplyLookup {
  if (entry === undefined) return { type: 'new' }
  if (entry.route !== key.route || entry.textDigest !== key.textDigest)
    throw new FocalError({
      code: 'message-id-reused',
      message: `Message id "${key.messageId}" was already sent with another message: send a new message with a new id.`,
    })
  if (entry.status === 'unrecorded') return { type: 'lost' }
  if (entry.status === 'failed') return { type: 'new' }
  if (entry.status === 'running')
    // A running mark this old is looked at again holding the lock (its process may have died).
    return at - (entry.startedAt ?? 0) < abandonedAfterMs ? { type: 'running' } : { type: 'new' }
  return {
    type: 'completed',
    reply:
      entry.route === 'chat'
        ? { route: 'chat', chunks: (entry.chunks ?? []) as UiMessageChunk[] }
        : { route: 'turn', result: entry.result },
  }
}

function conflict(sessionId: string): FocalError {
  return new FocalError({
    code: 'version-conflict',
    message: `The message replies of session "${sessionId}" kept changing while being written.`,
  })
}

/**
 * The records in this process's memory (no `sessionStore` given), bounded like the app's other
 * memory stores. A record is kept as written and handed out as kept: this module builds a new
 * record for every write and never changes one it read, so nothing is copied. With a `budget`, each
 * write charges the record's JSON bytes to its session (not to a session of its own), so the
 * budget forgets it with the session's state, and a record kept for a session the budget still has
 * is never dropped alone (its message ids would run again).
 */
function createMemoryRecordStore(bounds: BoundedMapOptions, budget: MemoryBudget | undefined): SessionStore {
  const sessionOf = (id: string) => (id.endsWith(repliesSuffix) ? id.slice(0, -repliesSuffix.length) : id)
  const store = budget?.register((sessionId) => kept.delete(messageRepliesId(sessionId)))
  const kept = createBoundedMap<{ state: unknown; version: number }>({
    ...bounds,
    ...(budget === undefined ? {} : { onEvict: (id: string) => budget.discharge(store!, sessionOf(id)) }),
  })
  return {
    async get(id) {
      return kept.get(id)
    },
    async put(id, state, expectedVersion) {
      const current = kept.get(id)?.version ?? 0
      if (current !== expectedVersion) return false
      kept.set(id, { state, version: current + 1 })
      budget?.charge(store!, sessionOf(id), measureJsonBytes(state))
      return current + 1
    },
    async delete(id) {
      kept.delete(id)
      budget?.discharge(store!, sessionOf(id))
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

/**
 * 409 for a regenerate of a reply that was not recorded (its message was sent without an id as the
 * idempotency key): the turn is not run again, its tools may have acted.
 */
export function regenerateUnrecorded(messageId: string | undefined): FocalError {
  return new FocalError({
    code: 'regenerate-unrecorded',
    message: `The reply to message ${messageId === undefined ? '(no id)' : `"${messageId}"`} was not recorded, so it is not regenerated: a Focal turn is decided, not sampled, and running it again would run its tools again. Send the message's id as \`messageId\` to have its reply recorded, or send a new message.`,
  })
}

/** 409 for a retry of a message whose turn ran (or may have) but whose reply was not recorded. */
export function messageReplyLost(messageId: string): FocalError {
  return new FocalError({
    code: 'message-reply-lost',
    message: `Message "${messageId}" was taken but its reply was not recorded, so it is not run again: it may have acted already.`,
  })
}

/**
 * The proof kept for a claim key: SHA-256 (hex) of the session claim's epoch and the key, so it
 * holds for that claim only (a revoked or deleted session's epoch is gone) and the key itself is
 * never stored.
 */
export function digestClaim(epoch: string, claimKey: string): Promise<string> {
  return digestText(`focal-claim-key:${epoch}:${claimKey}`)
}

/** SHA-256 (hex) of a message text, to tell a retry from another message under the same id. */
export async function digestText(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}
