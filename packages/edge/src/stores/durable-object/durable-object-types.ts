import type { LedgerRecord, StoredSession } from '@focal/core'

/** The RPC surface of `FocalSessionObject`, as the stores call it through a stub. */
export interface FocalSessionObjectRpc {
  getSession(): Promise<StoredSession | null>
  /** `ttlMs`: forget the whole session (state, ledger, claim) this long after this write (an alarm). */
  putSession(state: unknown, expectedVersion: number, ttlMs?: number): Promise<number | false>
  deleteSession(): Promise<void>
  appendIfNext(record: LedgerRecord, ttlMs?: number): Promise<boolean>
  listRecords(fromSequence: number, limit: number): Promise<LedgerRecord[]>
  lastRecord(): Promise<LedgerRecord | null>
  /** Takes the session's turn lease for `owner` if free or expired. */
  tryLock(owner: string, ttlMs: number): Promise<boolean>
  unlock(owner: string): Promise<void>
  /** Records the session's claim with `epoch` if unclaimed. */
  claimSession(epoch: string, ttlMs?: number): Promise<boolean>
  claimEpoch(ttlMs?: number): Promise<string | null>
  /** Replaces the epoch of a claimed session. */
  rotateClaim(epoch: string): Promise<boolean>
  removeClaim(): Promise<void>
}

/** The part of a Durable Object namespace binding the stores use (one object per session). */
export interface FocalSessionNamespace {
  idFromName(name: string): unknown
  get(id: never): FocalSessionObjectRpc
}

/** The part of `ctx.storage.sql` (SQLite-backed Durable Objects) the object uses. */
export interface DurableObjectSql {
  exec(query: string, ...bindings: unknown[]): { toArray(): Array<Record<string, unknown>> }
}
