import type { LedgerStore, SessionStore } from '@focal/core'
import type { FocalSessionLock } from '../app/create-polling-session-lock.ts'
import type { FocalSessionClaims } from '../app/session-claims.ts'
import {
  createDurableObjectLedgerStore,
  createDurableObjectSessionClaims,
  createDurableObjectSessionLock,
  createDurableObjectSessionStore,
} from '../stores/durable-object/create-durable-object-stores.ts'
import type { FocalSessionNamespace } from '../stores/durable-object/durable-object-types.ts'

/**
 * Session and ledger stores (and the turn lock and session claims) on this runtime's native storage: Durable Objects (one
 * `FocalSessionObject` per session).
 *
 * @example
 * createFocalApp({ definition, ...createFocalStores({ namespace: env.FOCAL_SESSIONS }) })
 */
export function createFocalStores({ namespace }: { namespace: FocalSessionNamespace }): {
  sessionStore: SessionStore
  ledgerStore: LedgerStore
  sessionLock: FocalSessionLock
  sessionClaims: FocalSessionClaims
} {
  return {
    sessionStore: createDurableObjectSessionStore({ namespace }),
    ledgerStore: createDurableObjectLedgerStore({ namespace }),
    sessionLock: createDurableObjectSessionLock({ namespace }),
    sessionClaims: createDurableObjectSessionClaims({ namespace }),
  }
}
