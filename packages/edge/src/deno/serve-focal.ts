import type { Hono } from 'hono'
import type { FocalAppOptions } from '../app/types.ts'
import { createFocalApp } from '../create-focal-app.ts'

/** Where `serveFocal` listens on Deno. */
export interface DenoListenOptions {
  /** @default 8000 */
  port?: number
  /** @default '127.0.0.1' */
  hostname?: string
  /** Called once listening, with the bound port. */
  onListen?: (address: { hostname: string; port: number }) => void
  signal?: AbortSignal
}

interface DenoServe {
  serve(
    options: DenoListenOptions,
    handler: (request: Request) => Response | Promise<Response>,
  ): { finished: Promise<void>; shutdown(): Promise<void>; addr: { port: number; hostname: string } }
}

/**
 * Serves the Focal app with `Deno.serve`.
 *
 * @example
 * const { sessionStore, ledgerStore } = createFocalStores({ kv: await Deno.openKv() })
 * serveFocal({ definition, sessionStore, ledgerStore, port: 8000 })
 */
export function serveFocal(options: FocalAppOptions & DenoListenOptions): {
  app: Hono
  server: ReturnType<DenoServe['serve']>
} {
  const { port = 8000, hostname = '127.0.0.1', onListen, signal, ...appOptions } = options
  const app = createFocalApp(appOptions as FocalAppOptions)
  const deno = (globalThis as unknown as { Deno: DenoServe }).Deno
  const listen = { port, hostname, ...(onListen ? { onListen } : {}), ...(signal ? { signal } : {}) }
  const server = deno.serve(listen, (request) => app.fetch(request))
  return { app, server }
}
