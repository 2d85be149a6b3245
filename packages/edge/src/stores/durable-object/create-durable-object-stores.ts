import type { LedgerStore, SessionStore } from '@focal/core'
import { createPollingSessionLock, type FocalSessionLock } from '../../app/create-polling-session-lock.ts'
import type { FocalSessionClaims } from '../../app/session-claims.ts'
import type { FocalSessionNamespace, FocalSessionObjectRpc } from './durable-object-types.ts'

function stub(namespace: FocalSessionNamespace, sessionId: string): FocalSessionObjectRpc {
  return namespace.get(namespace.idFromName(sessionId) as never)
}

/**
 * A {@link SessionStore} over Durable Objects: one `FocalSessionObject` per session id, whose
 * single-threaded SQLite storage makes each version check and write atomic.
 *
 * @example
 * const sessionStore = createDurableObjectSessionStore({ namespace: env.FOCAL_SESSIONS })
 */
export function createDurableObjectSessionStore({
  namespace,
  ttlMs,
}: {
  namespace: FocalSessionNamespace
  /** Forget an idle session this long after its last write (a Durable Object alarm). */
  ttlMs?: number
}): SessionStore {
  return {
    async get(sessionId) {
      return (await stub(namespace, sessionId).getSession()) ?? undefined
    },
    put: (sessionId, state, expectedVersion) =>
      stub(namespace, sessionId).putSession(state, expectedVersion, ttlMs),
    delete: (sessionId) => stub(namespace, sessionId).deleteSession(),
  }
}

/**
 * A {@link LedgerStore} over Durable Objects: the session's object appends only `last + 1`, so the
 * ledger is strongly ordered even with writers in many isolates.
 *
 * @example
 * const ledgerStore = createDurableObjectLedgerStore({ namespace: env.FOCAL_SESSIONS })
 */
export function createDurableObjectLedgerStore({
  namespace,
  ttlMs,
}: {
  namespace: FocalSessionNamespace
  /** Forget an idle session this long after its last append (a Durable Object alarm). */
  ttlMs?: number
}): LedgerStore {
  return {
    appendIfNext: (record) => stub(namespace, record.sessionId).appendIfNext(record, ttlMs),
    list: (sessionId, { fromSequence = 0, limit = Number.MAX_SAFE_INTEGER } = {}) =>
      stub(namespace, sessionId).listRecords(fromSequence, limit),
    async last(sessionId) {
      return (await stub(namespace, sessionId).lastRecord()) ?? undefined
    },
  }
}

/**
 * A {@link FocalSessionLock} over Durable Objects: the session's object holds a turn lease, so
 * whole turns on one session run one at a time across every isolate.
 *
 * @example
 * const sessionLock = createDurableObjectSessionLock({ namespace: env.FOCAL_SESSIONS })
 */
export function createDurableObjectSessionLock({
  namespace,
}: {
  namespace: FocalSessionNamespace
}): FocalSessionLock {
  return createPollingSessionLock({
    tryAcquire: (sessionId, owner, ttlMs) => stub(namespace, sessionId).tryLock(owner, ttlMs),
    release: (sessionId, owner) => stub(namespace, sessionId).unlock(owner),
  })
}

/**
 * {@link FocalSessionClaims} over Durable Objects: the session's object records the claim with a
 * synchronous check-and-write, so one of any number of racing isolates wins the id.
 *
 * @example
 * const sessionClaims = createDurableObjectSessionClaims({ namespace: env.FOCAL_SESSIONS })
 */
export function createDurableObjectSessionClaims({
  namespace,
  ttlMs,
}: {
  namespace: FocalSessionNamespace
  /** Forget an idle session this long after its claim was last used (a Durable Object alarm). */
  ttlMs?: number
}): FocalSessionClaims {
  return {
    claim: (sessionId, epoch) => stub(namespace, sessionId).claimSession(epoch, ttlMs),
    async epoch(sessionId) {
      return (await stub(namespace, sessionId).claimEpoch(ttlMs)) ?? undefined
    },
    rotate: (sessionId, epoch) => stub(namespace, sessionId).rotateClaim(epoch),
    remove: (sessionId) => stub(namespace, sessionId).removeClaim(),
  }
}
