import { FocalError } from '@focal/core'
import { constantTimeEqual } from '@focal/core/ledger'
import type { Context } from 'hono'
import type { FocalAppContext } from '../app/app-context.ts'
import { digestClaim, type MessageKey, type MessageTurn } from '../app/create-message-replies.ts'
import { createEpoch } from '../app/session-claims.ts'

/** Header carrying the per-session token, in requests and in the response that creates a session. */
export const sessionTokenHeader = 'x-focal-session-token'

/** Whether the route may create the session (turn, chat) or only use an existing one. */
export type SessionAccess = 'create' | 'existing'

/**
 * The claim's epoch each request was authorized under (see {@link acquireAuthorizedSession}), and
 * whether the request claimed the session itself.
 */
const authorizedEpochs = new WeakMap<Context, { sessionId: string; epoch: string; claimed?: true }>()

/**
 * Header carrying a claim key: a secret the client makes up (32 to 256 characters of base64url,
 * at least 24 random bytes) for the request that creates its session, and sends again, unchanged,
 * when it retries that request.
 */
export const claimKeyHeader = 'x-focal-claim-key'

const claimKeyPattern = /^[A-Za-z0-9_-]{32,256}$/u

/**
 * The request's claim key, checked: a malformed one, or one on a request it cannot serve (no
 * `messageId` to recover, no session id the client chose), is 400 `invalid-request`, never ignored.
 */
export function readClaimKey(
  context: Context,
  request: { sessionId?: string | undefined; messageId?: string | undefined },
): string | undefined {
  const key = context.req.header(claimKeyHeader)
  if (key === undefined) return undefined
  const refuse = (problem: string): never => {
    throw new FocalError({
      code: 'invalid-request',
      message: `${claimKeyHeader}: ${problem}`,
      issues: [{ path: claimKeyHeader, message: problem }],
    })
  }
  if (!claimKeyPattern.test(key)) refuse('expected 32 to 256 base64url characters')
  if (request.messageId === undefined) refuse('send it with a messageId')
  if (request.sessionId === undefined) refuse('send it with a sessionId')
  return key
}

/**
 * Authorizes a turn (`create` access, as {@link authorizeSession}) and, for a message id, opens its
 * replies record: read once, or not at all when this request just claimed the session (the record
 * was cleared for the new owner).
 *
 * A session's first reply carries its only token: when that reply is lost, the client's retry has
 * no token and the id is taken (409 `session-claimed`), by its own earlier request. A claim key
 * sent with the first request lets its retry through: the retry must carry the same key, message id
 * and text on the same route, the key must match the proof kept with that message (SHA-256 of the
 * claim's epoch and the key), no later message may have started since (its sender had the token;
 * one without a message id is seen in the session's count of messages taken), the session may not
 * have been revoked or deleted since (a new epoch, or none) and the claim must be younger than
 * `sessionTokenTtl`. It then gets a fresh token and that message's outcome: its recorded reply, 409
 * while it runs, or a new run when it failed before it ran. Anything short of that is the same 409
 * `session-claimed` as before: a stranger who knows or guesses the session id, the message id and
 * its text learns nothing more and gets nothing.
 */
export async function authorizeMessageTurn(
  context: Context,
  app: FocalAppContext,
  sessionId: string,
  key: MessageKey | undefined,
  claimKey: string | undefined,
): Promise<{ token: string | undefined; turn: MessageTurn | undefined }> {
  let token: string | undefined
  try {
    token = await authorizeSession(context, app, sessionId, 'create')
  } catch (error) {
    if (key === undefined || claimKey === undefined || !FocalError.isInstance(error)) throw error
    if (error.code !== 'session-claimed') throw error
    const epoch = await app.sessionClaims.epoch(sessionId)
    if (epoch === undefined) throw error
    const turn = await app.messageReplies.open(sessionId, key)
    if (!turn.proves(await digestClaim(epoch, claimKey))) throw error
    // A later message without a message id leaves no mark in the replies record: the session's
    // count of messages taken tells (read here only, off the hot path).
    if (laterMessageTaken(await app.engine.getSession(sessionId))) throw error
    authorizedEpochs.set(context, { sessionId, epoch })
    return { token: await issueSessionToken(context, app, sessionId, epoch), turn }
  }
  if (key === undefined) return { token, turn: undefined }
  const authorized = authorizedEpochs.get(context)
  if (authorized?.claimed !== true || authorized.sessionId !== sessionId)
    return { token, turn: await app.messageReplies.open(sessionId, key) }
  const claim =
    claimKey === undefined
      ? undefined
      : { proof: await digestClaim(authorized.epoch, claimKey), expiresAt: Date.now() + app.sessionTokenTtl }
  return { token, turn: app.messageReplies.openClaimed(sessionId, key, claim) }
}

/**
 * Whether the session took a message after the one that created it: its count of messages taken
 * (`turn` in sessions stored before `messages` was kept) is past one. A snapshot of another shape
 * (a host's own engine) tells nothing, and the claim's other checks decide.
 */
function laterMessageTaken(session: unknown): boolean {
  if (typeof session !== 'object' || session === null) return false
  const { messages, turn } = session as { messages?: unknown; turn?: unknown }
  const taken = messages ?? turn
  return typeof taken === 'number' && taken > 1
}

/**
 * Takes the session's work-queue lease for a request {@link authorizeSession} let through, and
 * checks again, holding it, that the claim it was authorized under still stands: a request queued
 * behind a `DELETE` (or a token rotation) would otherwise run after it and rebuild the deleted
 * session, with an approval its owner could no longer see or withdraw. Answers 401
 * `session-token-revoked` then, and holds no lease. Returns the lease's release.
 */
export async function acquireAuthorizedSession(
  context: Context,
  app: FocalAppContext,
  sessionId: string,
): Promise<() => Promise<void>> {
  const release = await app.queue.acquire(sessionId)
  if (!app.tokens) return release
  const authorized = authorizedEpochs.get(context)
  try {
    const current = await app.sessionClaims.epoch(sessionId)
    // Forgotten (expired or evicted) while this request waited for the session: gone, not revoked.
    if (current === undefined && app.retiredIds.get(sessionId) === 'claimed' && authorized?.claimed !== true)
      throw expired(sessionId)
    if (
      authorized === undefined ||
      authorized.sessionId !== sessionId ||
      current === undefined ||
      !constantTimeEqual(current, authorized.epoch)
    )
      throw revoked()
  } catch (error) {
    await release()
    throw error
  }
  return release
}

/** True when the engine knows the session. */
export async function sessionExists(app: FocalAppContext, sessionId: string): Promise<boolean> {
  return (await app.engine.getSession(sessionId)) != null
}

/** Signs a token for the session's current epoch and sets it on the response. */
export async function issueSessionToken(
  context: Context,
  app: FocalAppContext,
  sessionId: string,
  epoch: string,
): Promise<string | undefined> {
  if (!app.tokens) return undefined
  const token = await app.tokens.sign(sessionId, { epoch, expiresAt: Date.now() + app.sessionTokenTtl })
  context.header(sessionTokenHeader, token)
  return token
}

/**
 * Checks the per-session token. Without one, a route that creates sessions claims the id
 * atomically in `sessionClaims` and issues exactly one token (every other claimant of the same id
 * gets 409 `session-claimed`, as does a claim of an id whose ledger holds an earlier session's
 * records); other routes answer 401 `unauthorized`. With one: 403 `forbidden` when
 * it was signed for another session (or is garbage), 401 `session-token-expired` past its expiry,
 * 410 `session-expired` when its claim is gone and nobody deleted the session (expired or evicted),
 * 404 `session-not-found` for an unknown session on a read route, 401 `session-token-revoked` when the
 * session's epoch was rotated or it was deleted. A token past half its lifetime is renewed in
 * the response header. Returns the token issued or renewed, if any.
 */
export async function authorizeSession(
  context: Context,
  app: FocalAppContext,
  sessionId: string,
  access: SessionAccess,
): Promise<string | undefined> {
  const token = context.req.header(sessionTokenHeader)
  if (!app.tokens) {
    if (access === 'existing' && !(await sessionExists(app, sessionId))) throw unknownSession(sessionId)
    return undefined
  }
  if (token === undefined) {
    if (access === 'existing') throw missingToken()
    // An id claimed before in this process stays retired, even once its claim, state and ledger
    // were evicted: a new holder would otherwise take over an earlier holder's id.
    if (app.retiredIds.get(sessionId) !== undefined) throw claimed(sessionId)
    const epoch = createEpoch()
    if (!(await app.sessionClaims.claim(sessionId, epoch))) throw claimed(sessionId)
    // A session stored without a claim (claims evicted, or written before claims existed) stays
    // its owner's: winning the claim does not hand it over.
    if (await sessionExists(app, sessionId)) {
      await app.sessionClaims.remove(sessionId)
      throw claimed(sessionId)
    }
    // Nor is an id whose ledger still holds an earlier holder's records (a deleted session: its
    // audit trail stays): the new holder would read that trail and write after it.
    if ((await app.ledgerStore.last(sessionId)) !== undefined) {
      await app.sessionClaims.remove(sessionId)
      // The same answer as a live session's: an id's history is no one's to learn without its token.
      throw claimed(sessionId)
    }
    // A new owner never inherits the key (or salt) of an earlier holder of the id whose claim and
    // state expired or were evicted first: what that holder sealed in the ledger stays shredded.
    await app.personalValueKeys?.delete(sessionId)
    // Nor an earlier holder's recorded replies: a retry key (`t-1`) of its own would replay them.
    await app.messageReplies.delete(sessionId)
    app.retiredIds.set(sessionId, 'claimed')
    authorizedEpochs.set(context, { sessionId, epoch, claimed: true })
    return issueSessionToken(context, app, sessionId, epoch)
  }
  const check = await app.tokens.verify(sessionId, token)
  if (check.type === 'invalid') {
    throw new FocalError({
      code: 'forbidden',
      message: 'The session token does not grant access to this session.',
    })
  }
  if (check.type === 'expired') {
    throw new FocalError({ code: 'session-token-expired', message: 'The session token has expired.' })
  }
  const current = await app.sessionClaims.epoch(sessionId)
  // A good token of an id claimed here whose claim is gone though nobody deleted the session: it
  // expired or was evicted. (An id this process never saw claimed keeps the answers below.)
  if (current === undefined && app.retiredIds.get(sessionId) === 'claimed') throw expired(sessionId)
  if (access === 'existing' && !(await sessionExists(app, sessionId))) throw unknownSession(sessionId)
  if (current === undefined || !constantTimeEqual(current, check.epoch)) throw revoked()
  authorizedEpochs.set(context, { sessionId, epoch: current })
  if (check.expiresAt - Date.now() < app.sessionTokenTtl / 2) {
    return issueSessionToken(context, app, sessionId, current)
  }
  return undefined
}

function revoked(): FocalError {
  return new FocalError({ code: 'session-token-revoked', message: 'The session token was revoked.' })
}

function expired(sessionId: string): FocalError {
  return new FocalError({
    code: 'session-expired',
    message: `Session "${sessionId}" has expired (or was evicted): start a new session.`,
  })
}

function unknownSession(sessionId: string): FocalError {
  return new FocalError({ code: 'session-not-found', message: `Unknown session "${sessionId}".` })
}

function claimed(sessionId: string): FocalError {
  return new FocalError({
    code: 'session-claimed',
    message: `Session id "${sessionId}" is taken: send its token in "${sessionTokenHeader}", or start a session with another id.`,
  })
}

function missingToken(): FocalError {
  return new FocalError({
    code: 'unauthorized',
    message: `Send the session token in "${sessionTokenHeader}".`,
  })
}
