import { FocalError, type LedgerStore, type SessionStore } from '@focal/core'
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
export function createFocalStores({
  namespace,
  ttlMs,
}: {
  namespace: FocalSessionNamespace
  /**
   * Forget a session (state, ledger, claim) this long after its last use: each use pushes back an
   * alarm in the session's Durable Object, which clears its storage when it fires.
   * @default undefined (sessions are kept)
   */
  ttlMs?: number
}): {
  sessionStore: SessionStore
  ledgerStore: LedgerStore
  sessionLock: FocalSessionLock
  sessionClaims: FocalSessionClaims
} {
  // A binding missing from the Worker's config (or misspelt) is undefined here: every store call
  // then threw a TypeError, a 500 `internal-error` on each session route while /health said ok.
  const binding = namespace as Partial<FocalSessionNamespace> | undefined
  if (typeof binding?.idFromName !== 'function' || typeof binding.get !== 'function')
    throw new FocalError({
      code: 'invalid-argument',
      message: `createFocalStores: option "namespace" is not a Durable Object namespace (got ${binding === undefined ? 'undefined' : typeof binding}): bind FocalSessionObject under "durable_objects" in the wrangler config and pass env.<its name>`,
    })
  return {
    sessionStore: createDurableObjectSessionStore(withTtl({ namespace }, ttlMs)),
    ledgerStore: createDurableObjectLedgerStore(withTtl({ namespace }, ttlMs)),
    sessionLock: createDurableObjectSessionLock({ namespace }),
    sessionClaims: createDurableObjectSessionClaims(withTtl({ namespace }, ttlMs)),
  }
}

function withTtl<Options extends object>(
  options: Options,
  ttlMs: number | undefined,
): Options & { ttlMs?: number } {
  return ttlMs === undefined ? options : { ...options, ttlMs }
}
