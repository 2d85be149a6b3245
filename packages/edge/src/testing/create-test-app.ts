import type { LedgerAnchorStore, LedgerStore, SessionStore } from '@focal/core'
import type { Hono } from 'hono'
import type { FocalSessionLock } from '../app/create-polling-session-lock.ts'
import type { FocalSessionClaims } from '../app/session-claims.ts'
import type { FocalAppOptions } from '../app/types.ts'
import { createFocalApp } from '../create-focal-app.ts'
import { testAppConfig } from './test-app-config.ts'

/** What one runtime's test app is built from. */
export interface TestAppParts {
  /** The refund-support definition text (`examples/definitions/refund-support.yaml`). */
  definition: string
  sessionStore?: SessionStore
  ledgerStore?: LedgerStore
  ledgerAnchorStore?: LedgerAnchorStore
  sessionLock?: FocalSessionLock
  sessionClaims?: FocalSessionClaims
}

/**
 * The options of the app the shared HTTP suite expects: the real engine over the refund-support
 * definition (no model: approved-response mode), bearer auth, session tokens, a supervisor and an agent approver, CORS, small limits.
 */
export function createTestAppOptions({
  definition,
  sessionStore,
  ledgerStore,
  ledgerAnchorStore,
  sessionLock,
  sessionClaims,
}: TestAppParts): FocalAppOptions {
  return {
    name: 'focal-test',
    definition,
    ...(sessionStore ? { sessionStore } : {}),
    ...(ledgerStore ? { ledgerStore } : {}),
    ...(ledgerAnchorStore ? { ledgerAnchorStore } : {}),
    ...(sessionLock ? { sessionLock } : {}),
    ...(sessionClaims ? { sessionClaims } : {}),
    auth: { type: 'bearer', tokens: [testAppConfig.clientToken] },
    sessionSecret: testAppConfig.sessionSecret,
    approvers: [testAppConfig.supervisor, testAppConfig.agent],
    cors: { origin: [testAppConfig.origin] },
    bodyLimit: testAppConfig.bodyLimit,
    bodyTimeoutMs: testAppConfig.bodyTimeoutMs,
    limits: { maxTextLength: testAppConfig.maxTextLength },
  }
}

/** The app the shared HTTP suite expects; identical in every runtime. */
export function createTestApp(parts: TestAppParts): Hono {
  return createFocalApp(createTestAppOptions(parts))
}
