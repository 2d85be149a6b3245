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
  async putSession(state: unknown, expectedVersion: number): Promise<number | false> {
    return this.#storage.putSession(state, expectedVersion)
  }
  async deleteSession(): Promise<void> {
    this.#storage.deleteSession()
  }
  async appendIfNext(record: LedgerRecord): Promise<boolean> {
    return this.#storage.appendIfNext(record)
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
  async claimSession(epoch: string): Promise<boolean> {
    return this.#storage.claimSession(epoch)
  }
  async claimEpoch(): Promise<string | null> {
    return this.#storage.claimEpoch()
  }
  async rotateClaim(epoch: string): Promise<boolean> {
    return this.#storage.rotateClaim(epoch)
  }
  async removeClaim(): Promise<void> {
    this.#storage.removeClaim()
  }
}
