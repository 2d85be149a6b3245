import type { LedgerStore, SessionStore } from '@focal/core'
import type { FocalSessionLock } from '../app/create-polling-session-lock.ts'
import type { FocalSessionClaims } from '../app/session-claims.ts'
import { createDenoKvStores, type FocalDenoKv } from '../stores/deno-kv/create-deno-kv-stores.ts'

/**
 * Session and ledger stores (and the turn lock and session claims) on this runtime's native storage: Deno KV with atomic version checks.
 *
 * @example
 * createFocalApp({ definition, ...createFocalStores({ kv: await Deno.openKv() }) })
 */
export function createFocalStores({
  kv,
  prefix,
  ttlMs,
}: {
  kv: FocalDenoKv
  prefix?: string
  /** Entries' `expireIn` (`createDenoKvStores`' `ttlMs`). */
  ttlMs?: number
}): {
  sessionStore: SessionStore
  ledgerStore: LedgerStore
  sessionLock: FocalSessionLock
  sessionClaims: FocalSessionClaims
} {
  return createDenoKvStores({
    kv,
    ...(prefix === undefined ? {} : { prefix }),
    ...(ttlMs === undefined ? {} : { ttlMs }),
  })
}
