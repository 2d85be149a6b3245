import { DurableObject } from 'cloudflare:workers'
import type { LedgerRecord, StoredSession } from '@focal/core'
import type { FocalSessionObjectRpc } from '../stores/durable-object/durable-object-types.ts'
import { createSessionObjectStorage } from '../stores/durable-object/session-object-storage.ts'

/**
 * The Durable Object holding one session: its state (version-checked) and its ledger (append only
 * `last + 1`), in SQLite storage. Bind it in wrangler config with a `new_sqlite_classes` migration.
 *
 * @example
 * // worker.ts
 * export { FocalSessionObject } from '@focal/edge/cloudflare'
 */
export class FocalSessionObject extends DurableObject implements FocalSessionObjectRpc {
  readonly #storage: ReturnType<typeof createSessionObjectStorage>

  constructor(ctx: unknown, env: unknown) {
    super(ctx, env)
    this.#storage = createSessionObjectStorage(this.ctx.storage.sql)
  }

  async getSession(): Promise<StoredSession | null> {
    return this.#storage.getSession()
  }
  async putSession(state: unknown, expectedVersion: number, ttlMs?: number): Promise<number | false> {
    const version = this.#storage.putSession(state, expectedVersion)
    if (version !== false) await this.#expireIn(ttlMs)
    return version
  }
  async deleteSession(): Promise<void> {
    this.#storage.deleteSession()
  }
  async appendIfNext(record: LedgerRecord, ttlMs?: number): Promise<boolean> {
    const appended = this.#storage.appendIfNext(record)
    if (appended) await this.#expireIn(ttlMs)
    return appended
  }
  async listRecords(fromSequence: number, limit: number): Promise<LedgerRecord[]> {
    return this.#storage.listRecords(fromSequence, limit)
  }
  async lastRecord(): Promise<LedgerRecord | null> {
    return this.#storage.lastRecord()
  }
  async tryLock(owner: string, ttlMs: number): Promise<boolean> {
    return this.#storage.tryLock(owner, ttlMs, Date.now())
  }
  async unlock(owner: string): Promise<void> {
    this.#storage.unlock(owner)
  }
  async claimSession(epoch: string, ttlMs?: number): Promise<boolean> {
    const claimed = this.#storage.claimSession(epoch)
    if (claimed) await this.#expireIn(ttlMs)
    return claimed
  }
  async claimEpoch(ttlMs?: number): Promise<string | null> {
    const epoch = this.#storage.claimEpoch()
    if (epoch !== null) await this.#expireIn(ttlMs)
    return epoch
  }
  /** The TTL alarm: the session was not used for `ttlMs`, so everything it holds goes. */
  async alarm(): Promise<void> {
    this.#storage.clear()
  }
  /** (Re)schedules the TTL alarm; each use pushes it back, so only an idle session expires. */
  async #expireIn(ttlMs: number | undefined): Promise<void> {
    if (ttlMs !== undefined) await this.ctx.storage.setAlarm(Date.now() + ttlMs)
  }
  async rotateClaim(epoch: string): Promise<boolean> {
    return this.#storage.rotateClaim(epoch)
  }
  async removeClaim(): Promise<void> {
    this.#storage.removeClaim()
  }
}
