import {
  createEngine,
  createLedger,
  createMemoryBudget,
  createMemoryLedgerAnchorStore,
  createMemoryLedgerStore,
  createMemorySessionStore,
  type DetectorId,
  FocalError,
  importLedgerKey,
  type Ledger,
  type LedgerAnchorStore,
  type LedgerStore,
  loadDefinition,
  type MemoryBudget,
  type SessionStore,
} from '@focal/core'
import { createDefinitionServices } from './create-definition-services.ts'
import type { FocalAppEngine, FocalAppOptions, FocalAppServices } from './types.ts'

/** The engine, services and ledger store an app runs on. */
export interface ResolvedAppParts {
  engine: FocalAppEngine
  services: FocalAppServices
  ledgerStore: LedgerStore
  /** What the app's own in-memory stores hold for a session, in bytes (undefined: none of them is). */
  sessionBytes: ((sessionId: string) => number) | undefined
  /**
   * A ledger over `ledgerStore` for the app's own records (sealed personal values): the engine's
   * own ledger when the app builds the engine, so appends of both keep one order per session.
   */
  ledger: Ledger
  /** The session store the engine writes to (for `DELETE /v1/sessions/:id`); unknown for a ready engine without `sessionStore`. */
  sessionStore: SessionStore | undefined
  /** The ledger's key, imported once, for `/ledger` to verify with. */
  ledgerKey: Promise<CryptoKey> | undefined
  /** Where the ledger's heads are kept, for `/ledger` to check the records reach them. */
  ledgerAnchorStore: LedgerAnchorStore | undefined
  /** The byte bound (`memory.maxBytes`) the app's in-memory stores share; its claims join it. */
  memoryBudget: MemoryBudget
  /**
   * Whether turns get the client's abort signal: a ready engine, a model or tool runners can use
   * it; the definition's own engine over fixtures cannot (its turn never awaits anything the
   * signal could stop), so `/v1/turn` does not create one per request.
   */
  abortable: boolean
  /**
   * What the input rail replaces: the definition's `settings.detectors` and
   * `settings.inputRails.detectors`; undefined without a definition.
   */
  detectors: readonly DetectorId[] | undefined
  /** Detector types a reply may show back to the session (`settings.inputRails.restore`). */
  restorable: readonly DetectorId[]
}

function buildEngine(
  options: FocalAppOptions,
  ledger: Ledger,
  sessionStore: SessionStore | undefined,
  sharedStore: SessionStore | undefined,
): FocalAppEngine {
  if ('engine' in options && options.engine) return options.engine
  if ('engine' in options)
    throw new FocalError({
      code: 'invalid-argument',
      message: 'createFocalApp: pass an engine or a definition',
    })
  const { definition, model, tools, enforcer, compileCache, sharedScope } = options
  return createEngine({
    definition,
    ledger,
    ...(sessionStore ? { sessionStore } : {}),
    ...(sharedStore ? { sharedStore } : {}),
    ...(model ? { model } : {}),
    ...(tools ? { tools } : {}),
    ...(enforcer ? { enforcer } : {}),
    ...(compileCache ? { compileCache } : {}),
    ...(sharedScope ? { sharedScope } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    // Turns of other sessions on one shared value (an order) run one at a time across instances
    // too: the store's lease, keyed by the value's record key.
    ...(options.sessionLock
      ? { sharedLock: { acquire: (key: string) => options.sessionLock!.acquire(key) } }
      : {}),
  })
}

/** Default bounds of the in-memory stores an app creates. */
export const defaultMemoryBounds = {
  ttlMs: 86_400_000,
  maxSessions: 10_000,
  maxSessionBytes: 4_194_304,
  maxBytes: 67_108_864,
} as const

/**
 * Builds the engine from the definition (or takes the given one) and the definition-bound
 * services; services passed in `options.services` replace the built ones one by one.
 */
export function resolveAppParts(options: FocalAppOptions): ResolvedAppParts {
  const memory = { ...defaultMemoryBounds, ...options.memory }
  // One byte bound over every in-memory store the app creates: a session past it is forgotten by
  // all of them at once (state, records, head, claim), as past `maxSessions`.
  const budget = createMemoryBudget({ maxBytes: memory.maxBytes })
  const bounds = { ttlMs: memory.ttlMs, maxSessions: memory.maxSessions, budget }
  const memoryLedgerStore = options.ledgerStore === undefined ? createMemoryLedgerStore(bounds) : undefined
  const ledgerStore = options.ledgerStore ?? memoryLedgerStore!
  const ledgerKey =
    options.ledgerKey === undefined
      ? undefined
      : importLedgerKey(options.ledgerKey, 'createFocalApp: option "ledgerKey"')
  // A ready engine's ledger keeps its own heads: only one passed here is shared with `/ledger`.
  const ledgerAnchorStore =
    options.ledgerAnchorStore ?? ('engine' in options ? undefined : createMemoryLedgerAnchorStore(bounds))
  const memorySessionStore =
    options.sessionStore === undefined && !('engine' in options)
      ? createMemorySessionStore(bounds)
      : undefined
  const sessionStore = options.sessionStore ?? memorySessionStore
  // With a ready engine this is a second writer on its store: `appendIfNext` keeps one chain, and
  // the same `ledgerKey` (and anchor store, when passed) keep it verifiable.
  const ledger = createLedger({
    store: ledgerStore,
    anchorStore: ledgerAnchorStore ?? false,
    ...(options.ledgerKey === undefined ? {} : { key: options.ledgerKey }),
    ...(options.scheduleLedgerDigests === undefined
      ? {}
      : { scheduleDigests: options.scheduleLedgerDigests }),
  })
  // In memory, what every session did with an order is kept apart from the sessions: 10,000
  // anonymous one-turn sessions evicted it with the sessions (a refunded order's cap reset, a
  // waiting approval vanished). Its own bound counts orders, not conversations.
  const sharedStore =
    options.sessionStore === undefined && !('engine' in options)
      ? createMemorySessionStore({ ttlMs: memory.ttlMs, maxSessions: 10 * memory.maxSessions })
      : undefined
  const engine = buildEngine(options, ledger, sessionStore, sharedStore)
  const source = options.definition ?? (engine as { definition?: object }).definition
  const loaded = source === undefined ? undefined : loadDefinition(source)
  const built =
    loaded === undefined
      ? undefined
      : createDefinitionServices({ definition: loaded, enforcer: options.enforcer })
  const missing = (name: string) => () => {
    throw new FocalError({
      code: 'invalid-argument',
      message: `createFocalApp: pass a definition (or services.${name}) with a ready engine`,
    })
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
  return {
    engine,
    services,
    ledgerStore,
    ledger,
    sessionStore,
    ledgerKey,
    ledgerAnchorStore,
    memoryBudget: budget,
    abortable,
    sessionBytes:
      memoryLedgerStore === undefined && memorySessionStore === undefined
        ? undefined
        : (sessionId) =>
            (memoryLedgerStore?.bytesOf(sessionId) ?? 0) + (memorySessionStore?.bytesOf(sessionId) ?? 0),
    detectors:
      loaded === undefined
        ? undefined
        : [...new Set([...loaded.settings.detectors, ...loaded.settings.inputRails.detectors])],
    restorable: loaded?.settings.inputRails.restore ?? [],
  }
}
