/**
 * Serves a Focal app on 127.0.0.1 (a free port) for tests over a real socket. Node only; import it
 * by relative path from tests.
 */
import type { AddressInfo } from 'node:net'
import type { FocalAppOptions } from '../app/types.ts'
import { serveFocal } from '../node/serve-focal.ts'

/** A running app: its origin and how to stop it. */
export interface LoopbackFocal {
  origin: string
  app: ReturnType<typeof serveFocal>['app']
  close(): Promise<void>
}

/** Starts `serveFocal(options)` on 127.0.0.1 and resolves once it listens. */
export async function serveOnLoopback(options: FocalAppOptions): Promise<LoopbackFocal> {
  const served = serveFocal({ ...options, port: 0, hostname: '127.0.0.1' })
  await new Promise<void>((resolve) => served.server.once('listening', () => resolve()))
  return {
    origin: `http://127.0.0.1:${(served.server.address() as AddressInfo).port}`,
    app: served.app,
    close: () => new Promise<void>((resolve) => served.server.close(() => resolve())),
  }
}
