import { createMemoryLedgerStore, FocalError, type LedgerStore } from '@focal/core'
import type { FocalAppEngine, FocalAppOptions, FocalAppServices } from './types.ts'

/** The engine, services and ledger store an app runs on. */
export interface ResolvedAppParts {
  engine: FocalAppEngine
  services: FocalAppServices
  ledgerStore: LedgerStore
}

function missingService(name: string): never {
  throw new FocalError({ code: 'invalid-argument', message: `createFocalApp: no ${name} service configured` })
}

/** Builds the engine (or takes the given one) and the definition-bound services. */
export function resolveAppParts(options: FocalAppOptions): ResolvedAppParts {
  const ledgerStore = options.ledgerStore ?? createMemoryLedgerStore()
  if (!('engine' in options) || !options.engine) {
    return missingService('engine')
  }
  const services: FocalAppServices = {
    parse: options.services?.parse ?? (() => missingService('parse')),
    enforce: options.services?.enforce ?? (() => missingService('enforce')),
    createStreamGuard: options.services?.createStreamGuard ?? (() => missingService('stream guard')),
  }
  return { engine: options.engine, services, ledgerStore }
}
