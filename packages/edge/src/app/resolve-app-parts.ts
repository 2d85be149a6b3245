import {
  createEngine,
  createLedger,
  createMemoryLedgerStore,
  type LedgerStore,
  loadDefinition,
} from '@focal/core'
import { createDefinitionServices } from './create-definition-services.ts'
import type { FocalAppEngine, FocalAppOptions, FocalAppServices } from './types.ts'

/** The engine, services and ledger store an app runs on. */
export interface ResolvedAppParts {
  engine: FocalAppEngine
  services: FocalAppServices
  ledgerStore: LedgerStore
  /**
   * Whether turns get the client's abort signal: a ready engine, a model or tool runners can use
   * it; the definition's own engine over fixtures cannot (its turn never awaits anything the
   * signal could stop), so `/v1/turn` does not create one per request.
   */
  abortable: boolean
}

function buildEngine(options: FocalAppOptions, ledgerStore: LedgerStore): FocalAppEngine {
  if ('engine' in options && options.engine) return options.engine
  if ('engine' in options) throw new TypeError('createFocalApp: pass an engine or a definition')
  const { definition, model, tools, enforcer, sessionStore, scheduleLedgerDigests, compileCache } = options
  return createEngine({
    definition,
    ledger:
      scheduleLedgerDigests === undefined
        ? ledgerStore
        : createLedger({ store: ledgerStore, scheduleDigests: scheduleLedgerDigests }),
    ...(sessionStore ? { sessionStore } : {}),
    ...(model ? { model } : {}),
    ...(tools ? { tools } : {}),
    ...(enforcer ? { enforcer } : {}),
    ...(compileCache ? { compileCache } : {}),
  })
}

/**
 * Builds the engine from the definition (or takes the given one) and the definition-bound
 * services; services passed in `options.services` replace the built ones one by one.
 */
export function resolveAppParts(options: FocalAppOptions): ResolvedAppParts {
  const ledgerStore = options.ledgerStore ?? createMemoryLedgerStore()
  const engine = buildEngine(options, ledgerStore)
  const source = options.definition ?? (engine as { definition?: object }).definition
  const built =
    source === undefined
      ? undefined
      : createDefinitionServices({ definition: loadDefinition(source), enforcer: options.enforcer })
  const missing = (name: string) => () => {
    throw new TypeError(`createFocalApp: pass a definition (or services.${name}) with a ready engine`)
  }
  const services: FocalAppServices = {
    parse: options.services?.parse ?? built?.parse ?? missing('parse'),
    enforce: options.services?.enforce ?? built?.enforce ?? missing('enforce'),
    createStreamGuard:
      options.services?.createStreamGuard ?? built?.createStreamGuard ?? missing('createStreamGuard'),
  }
  // The built whole-text guard matches only the built stream guard: a replaced one is used as is.
  const guardText =
    options.services?.guardText ?? (options.services?.createStreamGuard ? undefined : built?.guardText)
  if (guardText) services.guardText = guardText
  const abortable = 'engine' in options || Boolean(options.model) || Boolean(options.tools)
  return { engine, services, ledgerStore, abortable }
}
