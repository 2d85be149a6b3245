import { type ServerType, serve } from '@hono/node-server'
import type { Hono } from 'hono'
import type { FocalAppOptions } from '../app/types.ts'
import { createFocalApp } from '../create-focal-app.ts'

// Node's global; this entry is typechecked without Node's types.
const { setImmediate } = globalThis as unknown as { setImmediate: (callback: () => void) => unknown }

/** Where `serveFocal` listens on Node. */
export interface NodeListenOptions {
  /** @default 8787 */
  port?: number
  /** @default '127.0.0.1' */
  hostname?: string
  /** Called once listening, with the bound port. */
  onListen?: (address: { hostname: string; port: number }) => void
}

/**
 * Serves the Focal app on Node with `@hono/node-server`. The ledger's digests are batched per
 * event-loop turn (`scheduleLedgerDigests: setImmediate`) unless the options say otherwise.
 *
 * @example
 * const { sessionStore, ledgerStore } = createFocalStores({ client: await createClient().connect() })
 * serveFocal({ definition, sessionStore, ledgerStore, port: 8787 })
 */
export function serveFocal(options: FocalAppOptions & NodeListenOptions): { app: Hono; server: ServerType } {
  const { port = 8787, hostname = '127.0.0.1', onListen, ...appOptions } = options
  // Node runs each Web Crypto digest on the libuv pool: one event-loop turn's ledger digests start
  // together, so they share one pool-thread wake-up instead of one each.
  const app = createFocalApp({
    scheduleLedgerDigests: (flush) => {
      setImmediate(flush)
    },
    ...appOptions,
  } as FocalAppOptions)
  const server = serve({ fetch: app.fetch, port, hostname }, (info) =>
    onListen?.({ hostname, port: info.port }),
  )
  return { app, server }
}
