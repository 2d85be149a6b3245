import type { LedgerAnchorStore, LedgerStore, SessionStore } from '@focal/core'
import type { FocalSessionLock } from '../app/create-polling-session-lock.ts'
import type { FocalSessionClaims } from '../app/session-claims.ts'
import { createRedisStores, type FocalRedisClient } from './create-redis-stores.ts'

/**
 * Session and ledger stores (and the turn lock and session claims) for Node deployments: Redis (node-redis client, Lua-checked writes).
 *
 * @example
 * createFocalApp({ definition, ...createFocalStores({ client: await createClient({ url }).connect() }) })
 */
export function createFocalStores({
  client,
  keyPrefix,
  ttlMs,
}: {
  client: FocalRedisClient
  keyPrefix?: string
  /** Sliding TTL of every session key (`createRedisStores`' `ttlMs`). */
  ttlMs?: number
}): {
  sessionStore: SessionStore
  ledgerStore: LedgerStore
  ledgerAnchorStore: LedgerAnchorStore
  sessionLock: FocalSessionLock
  sessionClaims: FocalSessionClaims
} {
  return createRedisStores({
    client,
    ...(keyPrefix === undefined ? {} : { keyPrefix }),
    ...(ttlMs === undefined ? {} : { ttlMs }),
  })
}
