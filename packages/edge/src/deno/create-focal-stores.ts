import type { LedgerStore, SessionStore } from '@focal/core'
import { createDenoKvStores, type FocalDenoKv } from '../stores/deno-kv/create-deno-kv-stores.ts'

/**
 * Session and ledger stores on this runtime's native storage: Deno KV with atomic version checks.
 *
 * @example
 * createFocalApp({ definition, ...createFocalStores({ kv: await Deno.openKv() }) })
 */
export function createFocalStores({ kv, prefix }: { kv: FocalDenoKv; prefix?: string }): {
  sessionStore: SessionStore
  ledgerStore: LedgerStore
} {
  return createDenoKvStores(prefix === undefined ? { kv } : { kv, prefix })
}
