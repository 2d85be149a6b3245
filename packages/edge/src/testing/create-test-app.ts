import {
  createMemoryLedgerStore,
  createMemorySessionStore,
  type LedgerStore,
  type SessionStore,
} from '@focal/core'
import type { Hono } from 'hono'
import type { FocalAppOptions } from '../app/types.ts'
import { createFocalApp } from '../create-focal-app.ts'
import { createScriptedEngine } from './scripted-engine.ts'
import { testAppConfig } from './test-app-config.ts'

/** Stores of one test app. */
export interface TestAppStores {
  sessionStore?: SessionStore
  ledgerStore?: LedgerStore
}

/** The options of the app the shared HTTP suite expects, over the given stores. */
export function createTestAppOptions({
  sessionStore = createMemorySessionStore(),
  ledgerStore = createMemoryLedgerStore(),
}: TestAppStores = {}): FocalAppOptions {
  return {
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
  }
}

/** The app the shared HTTP suite expects; identical in every runtime. */
export function createTestApp(stores: TestAppStores = {}): Hono {
  return createFocalApp(createTestAppOptions(stores))
}
