import type { TurnResult } from '@focal/core'
import { FocalError, type FocalErrorCode } from '@focal/core/errors'
import { bytesToBase64Url } from '@focal/core/ledger'
import { readUiMessageStream, toUiMessageChunks, turnResultEvents } from '@focal/core/ui-message-stream'
import type {
  ChatApprovalStatus,
  ChatHandoffStatus,
  ChatStorage,
  ChatTransport,
  FocalUiMessageChunk,
} from './types.ts'

/** Options of {@link createHttpTransport}. */
export interface HttpTransportOptions {
  /**
   * Origin and path prefix of the `@focal/edge` app; requests go to `${baseUrl}/v1/chat`.
   * @default ''
   */
  baseUrl?: string
  /**
   * Extra request headers (auth, tenant).
   * @default {}
   */
  headers?: Record<string, string>
  /**
   * Times a request is sent again after a network error or a 502/503/504, before any reply arrived.
   * @default 2
   */
  retries?: number
  /**
   * Delay before the first retry, doubled for each further one, in milliseconds.
   * @default 300
   */
  retryDelayMs?: number
  /**
   * How long a message is sent again while the server says its turn is still running (409
   * `message-in-progress`: a Retry that lands before the first attempt's turn ended), asking again
   * every `inProgressDelayMs`; the server then answers with the turn's recorded reply.
   * @default 60_000
   */
  inProgressTimeoutMs?: number
  /**
   * Delay between two asks while the message's turn is still running, in milliseconds.
   * @default 500
   */
  inProgressDelayMs?: number
  /**
   * The fetch to use (tests, proxies).
   * @default globalThis.fetch
   */
  fetch?: typeof globalThis.fetch
  /**
   * An approver's credential (`x-focal-approver-token`): with it this client may approve or reject
   * paused actions. `@focal/edge` never lets a session's own token decide its approvals, so a
   * customer's widget (no credential) shows who it is waiting for instead of Approve / Reject.
   */
  approverToken?: string
  /**
   * Whether the widget offers Approve / Reject: `resolve` for an approver's client (set by
   * `approverToken`, or a server whose `authorizeApproval` hook reads your own `headers`), `wait`
   * for a customer's.
   * @default approverToken ? 'resolve' : 'wait'
   */
  approvals?: 'resolve' | 'wait'
  /**
   * Where the session tokens the server issues are kept besides memory, e.g. `sessionStorage`
   * (keys `focal-session-token:<sessionId>`): a chat restored after a reload
   * (`createChatStore({ persist })`) then still speaks for its session. Without it a reload loses
   * the token, and the restored session's requests are refused. A token is removed again when its
   * session ends here (`forgetSession`, which the store's `reset()` calls) and when the server
   * refuses it (`session-not-found`, `session-expired`, `session-token-expired`,
   * `session-token-revoked`, `forbidden`).
   * @default undefined (memory only)
   */
  tokenStorage?: ChatStorage
}

/** Key of a session's token in `tokenStorage`. */
const tokenKey = (sessionId: string) => `focal-session-token:${sessionId}`

/** Header of the claim key sent with a session's first message (see `sendMessage`). */
const claimKeyHeader = 'x-focal-claim-key'

/** The server's answers that the token it was sent is no longer good for its session. */
const refusedTokenCodes = new Set([
  'session-not-found',
  'session-expired',
  'session-token-expired',
  'session-token-revoked',
  'forbidden',
])

/** 32 random bytes, base64url: the claim key of a session's first message. */
const newClaimKey = () => bytesToBase64Url(crypto.getRandomValues(new Uint8Array(32)))

const retryableStatuses = new Set([502, 503, 504])

const wait = (milliseconds: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, milliseconds)
    const cancel = () => {
      clearTimeout(timer)
      resolve()
    }
    signal.addEventListener('abort', cancel, { once: true })
  })

async function failure(response: Response): Promise<FocalError> {
  const body = (await response.json().catch(() => undefined)) as
    | { error?: { message?: string; code?: string; path?: string } }
    | undefined
  const detail = body?.error?.message ?? response.statusText
  // The server's own code ("session-token-revoked", "payload-too-large") tells the store whether
  // a retry can help and whether the session is over; every failure was `transport-failed`, so a
  // revoked session offered a Retry that could never work.
  const sent = body?.error?.code
  const code =
    typeof sent === 'string' && /^[a-z]+(?:-[a-z]+)*$/u.test(sent)
      ? (sent as FocalErrorCode)
      : 'transport-failed'
  const refusal = messageRefusal(detail, body?.error?.path)
  return new FocalError({ code, message: refusal ?? `HTTP ${response.status}: ${detail}` })
}

/**
 * The server's refusal of the message itself, in words: its validator names the wire path
 * ("messages[0].parts[0].text: Too big: expected string to have <=8000 characters"), which means
 * nothing to the person who typed it.
 */
function messageRefusal(detail: string, path: string | undefined): string | undefined {
  if (path === undefined || !/^messages\[\d+\]\.parts\b/u.test(path)) return undefined
  const most = /too big: expected string to have <=(\d+) characters/iu.exec(detail)?.[1]
  if (most !== undefined)
    return `This message is too long: the server takes at most ${most} characters. Shorten it and send it again.`
  const reason = detail.startsWith(`${path}: `) ? detail.slice(path.length + 2) : detail
  return `The server did not take this message: ${reason.replace(/\.$/u, '')}.`
}

/** Header carrying the per-session token `@focal/edge` issues when it creates a session. */
const sessionTokenHeader = 'x-focal-session-token'
/** Header carrying an approver's credential (`approvers` / `authorizeApproval` on the edge). */
const approverTokenHeader = 'x-focal-approver-token'

/** Whether a JSON body is a turn result (`POST /v1/approvals/:id` answers with one). */
function isTurnResult(body: unknown): body is TurnResult {
  const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>
  return (
    typeof record.type === 'string' &&
    typeof record.turnId === 'string' &&
    typeof record.provenance === 'object' &&
    record.provenance !== null
  )
}

/**
 * Reads a reply: the UI message stream, or (`json: 'turn-result'`, an approval) a turn result as
 * JSON. Anything else (a 200 from the wrong server, a proxy's page) is a transport error naming
 * its content type, and a stream that ends before its `finish` (or `abort`) part is a reply cut
 * off, not a complete one: a proxy or platform timeout closes the response cleanly.
 */
async function* readReply(
  response: Response,
  json: 'turn-result' | 'none',
): AsyncGenerator<FocalUiMessageChunk, void, undefined> {
  const contentType = response.headers.get('content-type') ?? ''
  if (json === 'turn-result' && contentType.includes('application/json')) {
    const body: unknown = await response.json().catch(() => undefined)
    if (!isTurnResult(body))
      throw new FocalError({
        code: 'invalid-stream',
        message: 'The server answered with JSON that is not a turn result.',
      })
    yield* toUiMessageChunks(turnResultEvents(body))
    return
  }
  if (!contentType.includes('text/event-stream'))
    throw new FocalError({
      code: 'invalid-stream',
      message: `The server answered with ${contentType === '' ? 'no content type' : `content type "${contentType}"`}, not a reply stream (text/event-stream): check the chat's baseUrl.`,
    })
  if (!response.body)
    throw new FocalError({ code: 'invalid-stream', message: 'The reply stream has no body.' })
  let ended = false
  for await (const chunk of readUiMessageStream(response.body)) {
    if (chunk.type === 'finish' || chunk.type === 'abort') ended = true
    yield chunk
  }
  if (!ended)
    throw new FocalError({
      code: 'invalid-stream',
      message: 'The reply was cut off before it finished.',
    })
}

/**
 * A transport to `@focal/edge` over HTTP: `POST /v1/chat` streamed as the AI SDK UI message stream
 * and `POST /v1/approvals/:id`. Network errors are retried before the first byte only, so a retry
 * never duplicates a reply; a 409 `message-in-progress` (the message's turn still runs) is asked
 * again every `inProgressDelayMs` until its recorded reply comes; the user message keeps its id across retries. A session token the
 * server issues (`x-focal-session-token`) is sent back on later requests of that session.
 *
 * @example
 * const store = createChatStore({ transport: createHttpTransport({ baseUrl: 'https://api.example.com' }) })
 */
export function createHttpTransport({
  baseUrl = '',
  headers = {},
  retries = 2,
  retryDelayMs = 300,
  inProgressTimeoutMs = 60_000,
  inProgressDelayMs = 500,
  fetch: fetchImplementation = (...parameters) => globalThis.fetch(...parameters),
  approverToken,
  approvals = approverToken === undefined ? 'wait' : 'resolve',
  tokenStorage,
}: HttpTransportOptions = {}): ChatTransport {
  // Session tokens the server issued, sent back on every later request of that session.
  const memory = new Map<string, string>()
  const tokens = {
    get(sessionId: string): string | undefined {
      const kept = memory.get(sessionId)
      if (kept !== undefined || tokenStorage === undefined) return kept
      try {
        return tokenStorage.getItem(tokenKey(sessionId)) ?? undefined
      } catch {
        return undefined // storage refused (disabled, sandboxed): memory only
      }
    },
    set(sessionId: string, token: string) {
      memory.set(sessionId, token)
      // The session's token arrived: its first message is answered, its claim key done.
      claims.delete(sessionId)
      try {
        tokenStorage?.setItem(tokenKey(sessionId), token)
      } catch {
        // Full or disabled storage: the token still lives in memory for this page.
      }
    },
    /** The session ended or its token was refused: kept nowhere any more, memory or storage. */
    delete(sessionId: string) {
      memory.delete(sessionId)
      try {
        tokenStorage?.removeItem(tokenKey(sessionId))
      } catch {
        // Disabled storage: nothing was kept there.
      }
    },
  }
  // The claim key of each session whose token this page does not hold yet: sent with its messages
  // (the same key with every retry) until the token comes. Memory only: it recovers the reply of
  // a request this page sent, not one sent before a reload.
  const claims = new Map<string, string>()
  /** Drops the token the server just refused, so it is never sent (or restored) again. */
  function refused(sessionId: string, sent: string | undefined, error: FocalError): FocalError {
    if (sent !== undefined && refusedTokenCodes.has(error.code) && tokens.get(sessionId) === sent)
      tokens.delete(sessionId)
    return error
  }
  async function post(
    path: string,
    sessionId: string,
    body: unknown,
    signal: AbortSignal,
    /** Who is asking: the session (its token) or an approver (their credential, never the session's token). */
    as: 'session' | 'approver' = 'session',
    /** The session's claim key, sent when no token is held (its first message). */
    claimKey?: string,
  ): Promise<Response> {
    /** This attempt's credential: a token that arrived with an earlier attempt's answer goes along. */
    const credential = (token: string | undefined): Record<string, string> =>
      as === 'approver'
        ? approverToken === undefined
          ? {}
          : { [approverTokenHeader]: approverToken }
        : token !== undefined
          ? { [sessionTokenHeader]: token }
          : claimKey === undefined
            ? {}
            : { [claimKeyHeader]: claimKey }
    const payload = JSON.stringify(body)
    const started = Date.now()
    for (let attempt = 0; ; attempt++) {
      const canRetry = attempt < retries && !signal.aborted
      const token = as === 'session' ? tokens.get(sessionId) : undefined
      try {
        const response = await fetchImplementation(`${baseUrl}${path}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'text/event-stream',
            ...credential(token),
            ...headers,
          },
          body: payload,
          signal,
        })
        const issued = response.headers.get(sessionTokenHeader)
        if (issued) tokens.set(sessionId, issued)
        if (response.ok) return response
        if (response.status === 409) {
          // The same message's turn still runs (a Retry while the first attempt's reply is being
          // written): ask again shortly, and get its recorded reply once it is done. Not counted
          // against `retries`, which are for failures.
          const busy = await failure(response)
          const waited = Date.now() - started
          if (busy.code !== 'message-in-progress' || waited >= inProgressTimeoutMs) throw busy
          await wait(inProgressDelayMs, signal)
          attempt--
          continue
        }
        if (!(canRetry && retryableStatuses.has(response.status)))
          throw refused(sessionId, token, await failure(response))
      } catch (error) {
        if (signal.aborted || FocalError.isInstance(error) || !canRetry) throw error
      }
      await wait(retryDelayMs * 2 ** attempt, signal)
    }
  }
  /** GETs a JSON resource of the session with its token (a token the answer issues is kept). */
  async function readAsSession(path: string, sessionId: string, signal: AbortSignal): Promise<unknown> {
    const token = tokens.get(sessionId)
    const response = await fetchImplementation(`${baseUrl}${path}`, {
      headers: {
        accept: 'application/json',
        ...(token === undefined ? {} : { [sessionTokenHeader]: token }),
        ...headers,
      },
      signal,
    })
    const issued = response.headers.get(sessionTokenHeader)
    if (issued) tokens.set(sessionId, issued)
    if (!response.ok) throw refused(sessionId, token, await failure(response))
    return response.json()
  }
  return {
    approvals,
    async *sendMessage({ sessionId, messageId, text, signal }) {
      // The AI SDK chat body: the chat id is the session, the last user message is the turn.
      const body = {
        id: sessionId,
        messageId,
        messages: [{ id: messageId, role: 'user', parts: [{ type: 'text', text }] }],
      }
      // No token yet: this message creates the session, and its reply will bring the token. A
      // claim key goes with it (and with every retry of it), so a retry whose first attempt's reply
      // was lost gets that reply and the token, where it got 409 `session-claimed`.
      let claimKey: string | undefined
      if (tokens.get(sessionId) === undefined) {
        claimKey = claims.get(sessionId) ?? newClaimKey()
        claims.set(sessionId, claimKey)
      }
      const response = await post('/v1/chat', sessionId, body, signal, 'session', claimKey)
      for await (const chunk of readReply(response, 'none')) {
        // Cross-origin pages may not read the header; the edge also sends the token as a data part.
        if (chunk.type === 'data-session' && typeof chunk.data.token === 'string') {
          tokens.set(sessionId, chunk.data.token)
        }
        yield chunk
      }
    },
    async *resolveApproval({ sessionId, approvalId, decision, signal }) {
      const path = `/v1/approvals/${encodeURIComponent(approvalId)}`
      yield* readReply(
        await post(path, sessionId, { sessionId, decision }, signal, 'approver'),
        'turn-result',
      )
    },
    async approvalStatus({ sessionId, approvalId, signal }) {
      const path = `/v1/sessions/${encodeURIComponent(sessionId)}/approvals/${encodeURIComponent(approvalId)}`
      return readApprovalStatus(await readAsSession(path, sessionId, signal))
    },
    async handoffStatus({ sessionId, signal }) {
      const path = `/v1/sessions/${encodeURIComponent(sessionId)}/handoff`
      return readHandoffStatus(await readAsSession(path, sessionId, signal))
    },
    forgetSession(sessionId) {
      tokens.delete(sessionId)
      claims.delete(sessionId)
    },
    async restoreGoal({ sessionId, turnId, reason }) {
      const path = `/v1/sessions/${encodeURIComponent(sessionId)}/goal/restore`
      const body = {
        ...(turnId === undefined ? {} : { turnId }),
        ...(reason === undefined ? {} : { reason }),
      }
      const response = await post(path, sessionId, body, new AbortController().signal)
      return (await response.json()) as { restored: boolean; reason?: string }
    },
  }
}

/** Checks the edge's handoff status body: a status it knows, replies with string fields. */
function readHandoffStatus(body: unknown): ChatHandoffStatus {
  const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>
  const replies = Array.isArray(record.replies) ? record.replies : undefined
  const valid = (entry: unknown): entry is { id: string; text: string; at: string } => {
    const reply = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>
    return typeof reply.id === 'string' && typeof reply.text === 'string' && typeof reply.at === 'string'
  }
  if (
    (record.status !== 'active' && record.status !== 'released') ||
    replies === undefined ||
    !replies.every(valid)
  )
    throw new FocalError({
      code: 'transport-failed',
      message: `handoff status: expected { status: 'active' | 'released', replies: [{ id, text, at }] }, got ${JSON.stringify(body).slice(0, 200)}`,
    })
  return {
    status: record.status,
    replies: replies.map(({ id, text, at }) => ({ id, text, at })),
  }
}

const approvalStatuses = new Set(['pending', 'approved', 'rejected', 'expired', 'withdrawn'])

/** Checks the edge's approval status body: a status it knows, optional strings. */
function readApprovalStatus(body: unknown): ChatApprovalStatus {
  const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>
  if (typeof record.status !== 'string' || !approvalStatuses.has(record.status))
    throw new FocalError({
      code: 'transport-failed',
      message: `approval status: expected one of ${[...approvalStatuses].join(', ')}, got ${JSON.stringify(record.status)}`,
    })
  return {
    status: record.status as ChatApprovalStatus['status'],
    ...(record.action === 'approve' || record.action === 'reject' ? { action: record.action } : {}),
    ...(typeof record.approverRole === 'string' ? { approverRole: record.approverRole } : {}),
    ...(typeof record.reply === 'string' ? { reply: record.reply } : {}),
  }
}
