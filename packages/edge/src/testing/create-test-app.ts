import {
  createMemoryLedgerStore,
  createMemorySessionStore,
  type LedgerStore,
  type SessionStore,
} from '@focal/core'
import type { Hono } from 'hono'
import { createFocalApp } from '../create-focal-app.ts'
import { createScriptedEngine } from './scripted-engine.ts'
import { testAppConfig } from './test-app-config.ts'

/** The app the shared HTTP suite expects, over the given stores; identical in every runtime. */
export function createTestApp({
  sessionStore = createMemorySessionStore(),
  ledgerStore = createMemoryLedgerStore(),
}: {
  sessionStore?: SessionStore
  ledgerStore?: LedgerStore
} = {}): Hono {
  return createFocalApp({
    name: 'focal-test',
    engine: createScriptedEngine({ sessionStore, ledgerStore }),
    ledgerStore,
    auth: { type: 'bearer', tokens: [testAppConfig.clientToken] },
    sessionSecret: testAppConfig.sessionSecret,
    cors: { origin: [testAppConfig.origin] },
    bodyLimit: testAppConfig.bodyLimit,
    limits: { maxTextLength: testAppConfig.maxTextLength },
    services: {
      parse: (text) => ({ text }),
      enforce: ({ text }) => ({ type: 'allowed', text, findings: [] }),
      createStreamGuard: () => {
        return { push: (chunk) => chunk, flush: () => '', findings: () => [], blocked: () => undefined }
      },
    },
  })
}
