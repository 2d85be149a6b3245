import type { LedgerStore, SessionStore } from '@focal/core'
import type { FocalSessionLock } from '../app/create-polling-session-lock.ts'
import {
  createDurableObjectLedgerStore,
  createDurableObjectSessionLock,
  createDurableObjectSessionStore,
} from '../stores/durable-object/create-durable-object-stores.ts'
import type { FocalSessionNamespace } from '../stores/durable-object/durable-object-types.ts'

/**
 * Session and ledger stores (and the turn lock) on this runtime's native storage: Durable Objects (one
 * `FocalSessionObject` per session).
 *
 * @example
 * createFocalApp({ definition, ...createFocalStores({ namespace: env.FOCAL_SESSIONS }) })
 */
export function createFocalStores({ namespace }: { namespace: FocalSessionNamespace }): {
  sessionStore: SessionStore
  ledgerStore: LedgerStore
  sessionLock: FocalSessionLock
} {
  return {
    sessionStore: createDurableObjectSessionStore({ namespace }),
    ledgerStore: createDurableObjectLedgerStore({ namespace }),
    sessionLock: createDurableObjectSessionLock({ namespace }),
  }
}
