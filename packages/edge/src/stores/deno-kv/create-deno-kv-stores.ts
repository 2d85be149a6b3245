import type { LedgerRecord, LedgerStore, SessionStore, StoredSession } from '@focal/core'
import { createPollingSessionLock, type FocalSessionLock } from '../../app/create-polling-session-lock.ts'
import type { FocalSessionClaims } from '../../app/session-claims.ts'

type KvKey = readonly (string | number)[]

/** One `Deno.Kv` entry (`kv.get` result). */
export interface FocalKvEntry<Value> {
  key: KvKey
  value: Value | null
  versionstamp: string | null
}

/** The `Deno.Kv` methods the stores use; `await Deno.openKv()` satisfies it. */
export interface FocalDenoKv {
  get<Value>(key: KvKey): Promise<FocalKvEntry<Value>>
  delete(key: KvKey): Promise<void>
  list<Value>(
    selector: { prefix: KvKey; start?: KvKey },
    options?: { limit?: number },
  ): AsyncIterable<{ key: KvKey; value: Value }>
  atomic(): FocalKvAtomic
}

/** A `Deno.AtomicOperation`: checks on versionstamps, then sets, committed together. */
export interface FocalKvAtomic {
  check(...entries: Array<{ key: KvKey; versionstamp: string | null }>): FocalKvAtomic
  set(key: KvKey, value: unknown, options?: { expireIn?: number }): FocalKvAtomic
  delete(key: KvKey): FocalKvAtomic
  commit(): Promise<{ ok: boolean }>
}

/** Options of {@link createDenoKvStores}. */
export interface DenoKvStoresOptions {
  kv: FocalDenoKv
  /**
   * First key part of every entry.
   * @default 'focal'
   */
  prefix?: string
  /**
   * Milliseconds a session's entries (state, ledger records, claim) live after their last write,
   * as Deno KV's `expireIn` (deleted some time after it passes; reads may still see them briefly).
   * @default undefined (entries never expire)
   */
  ttlMs?: number
}

/**
 * Session and ledger stores on Deno KV. Every write is an atomic operation checked against the
 * versionstamp it read (a session's version, a ledger's last sequence), so concurrent writers from
 * any number of isolates never lose an update or fork a ledger; plus a turn lease that serialises
 * whole turns on one session.
 *
 * @example
 * const { sessionStore, ledgerStore } = createDenoKvStores({ kv: await Deno.openKv() })
 */
export function createDenoKvStores({ kv, prefix = 'focal', ttlMs }: DenoKvStoresOptions): {
  sessionStore: SessionStore
  ledgerStore: LedgerStore
  sessionLock: FocalSessionLock
  sessionClaims: FocalSessionClaims
} {
  const claimKey = (sessionId: string) => [prefix, 'claim', sessionId] as const
  const expiry = ttlMs === undefined ? undefined : { expireIn: ttlMs }
  const sessionClaims: FocalSessionClaims = {
    async claim(sessionId, epoch) {
      // Committed only while the key has no entry: one of any number of racing isolates wins.
      const key = claimKey(sessionId)
      return (await kv.atomic().check({ key, versionstamp: null }).set(key, epoch, expiry).commit()).ok
    },
    async epoch(sessionId) {
      return (await kv.get<string>(claimKey(sessionId))).value ?? undefined
    },
    async rotate(sessionId, epoch) {
      const key = claimKey(sessionId)
      const entry = await kv.get<string>(key)
      if (entry.versionstamp === null) return false
      return (
        await kv.atomic().check({ key, versionstamp: entry.versionstamp }).set(key, epoch, expiry).commit()
      ).ok
    },
    async remove(sessionId) {
      await kv.delete(claimKey(sessionId))
    },
  }
  const lockKey = (sessionId: string) => [prefix, 'lock', sessionId] as const
  const sessionKey = (sessionId: string) => [prefix, 'session', sessionId] as const
  const lastKey = (sessionId: string) => [prefix, 'ledger-last', sessionId] as const
  const recordsPrefix = (sessionId: string) => [prefix, 'ledger', sessionId] as const
  const sessionStore: SessionStore = {
    async get(sessionId) {
      return (await kv.get<StoredSession>(sessionKey(sessionId))).value ?? undefined
    },
    async put(sessionId, state, expectedVersion) {
      const entry = await kv.get<StoredSession>(sessionKey(sessionId))
      if ((entry.value?.version ?? 0) !== expectedVersion) return false
      const version = expectedVersion + 1
      const { ok } = await kv
        .atomic()
        .check(entry)
        .set(sessionKey(sessionId), { state, version }, expiry)
        .commit()
      return ok ? version : false
    },
    async delete(sessionId) {
      await kv.delete(sessionKey(sessionId))
    },
  }
  const ledgerStore: LedgerStore = {
    async appendIfNext(record) {
      const last = await kv.get<number>(lastKey(record.sessionId))
      if (record.sequence !== (last.value ?? -1) + 1) return false
      const recordKey = [...recordsPrefix(record.sessionId), record.sequence]
      const operation = kv
        .atomic()
        .check(last)
        .set(lastKey(record.sessionId), record.sequence, expiry)
        .set(recordKey, record, expiry)
      return (await operation.commit()).ok
    },
    async list(sessionId, { fromSequence = 0, limit } = {}) {
      if (limit !== undefined && limit <= 0) return []
      const records: LedgerRecord[] = []
      const selector = {
        prefix: recordsPrefix(sessionId),
        start: [...recordsPrefix(sessionId), fromSequence],
      }
      for await (const entry of kv.list<LedgerRecord>(selector, limit === undefined ? {} : { limit })) {
        records.push(entry.value)
      }
      return records
    },
    async last(sessionId) {
      const last = await kv.get<number>(lastKey(sessionId))
      if (last.value == null) return undefined
      return (await kv.get<LedgerRecord>([...recordsPrefix(sessionId), last.value])).value ?? undefined
    },
  }
  const sessionLock = createPollingSessionLock({
    async tryAcquire(sessionId, owner, ttlMs) {
      const entry = await kv.get<{ owner: string; expires: number }>(lockKey(sessionId))
      const now = Date.now()
      if (entry.value && entry.value.owner !== owner && entry.value.expires > now) return false
      const lease = { owner, expires: now + ttlMs }
      return (await kv.atomic().check(entry).set(lockKey(sessionId), lease).commit()).ok
    },
    async release(sessionId, owner) {
      const entry = await kv.get<{ owner: string }>(lockKey(sessionId))
      if (entry.value?.owner === owner) await kv.atomic().check(entry).delete(lockKey(sessionId)).commit()
    },
  })
  return { sessionStore, ledgerStore, sessionLock, sessionClaims }
}
