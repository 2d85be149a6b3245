import { FocalError } from '@focal/core'
import { getRequestListener, type ServerType, serve } from '@hono/node-server'
import type { Hono } from 'hono'
import type { FocalAppOptions } from '../app/types.ts'
import { createFocalApp } from '../create-focal-app.ts'
import { toErrorResponse } from '../errors/to-error-response.ts'
import { answerClientError } from './answer-client-error.ts'

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
  /**
   * Most milliseconds a client may take to send a whole request (headers and body); a body shorter
   * than its `content-length` is answered 408 `request-timeout` (JSON) and the connection closed,
   * instead of held open.
   * @default 30_000
   */
  requestTimeoutMs?: number
  /**
   * Most milliseconds a client may take to send the request headers.
   * @default 10_000
   */
  headersTimeoutMs?: number
}

/**
 * Serves the Focal app on Node with `@hono/node-server`, with request and header timeouts (a
 * client that stops sending gets 408, never holds a connection). The ledger's digests are batched
 * per event-loop turn (`scheduleLedgerDigests: setImmediate`) unless the options say otherwise.
 *
 * @example
 * const { sessionStore, ledgerStore } = createFocalStores({ client: await createClient().connect() })
 * serveFocal({ definition, sessionStore, ledgerStore, port: 8787 })
 */
export function serveFocal(options: FocalAppOptions & NodeListenOptions): { app: Hono; server: ServerType } {
  const { port, hostname, onListen, requestTimeoutMs, headersTimeoutMs, ...appOptions } = options
  // Node runs each Web Crypto digest on the libuv pool: one event-loop turn's ledger digests start
  // together, so they share one pool-thread wake-up instead of one each.
  const app = createFocalApp({
    scheduleLedgerDigests: (flush) => {
      setImmediate(flush)
    },
    ...appOptions,
  } as FocalAppOptions)
  const listen: NodeListenOptions = {
    ...(port === undefined ? {} : { port }),
    ...(hostname === undefined ? {} : { hostname }),
    ...(onListen === undefined ? {} : { onListen }),
    ...(requestTimeoutMs === undefined ? {} : { requestTimeoutMs }),
    ...(headersTimeoutMs === undefined ? {} : { headersTimeoutMs }),
  }
  return { app, server: serveNode(app, listen) }
}

/**
 * Serves any fetch handler (a Focal app, or a host's own Hono app that mounts one) on Node as
 * `serveFocal` does: request and header timeouts, and Node's own bodiless 400 / 408 for a request
 * it gave up on (malformed, cut short, stalled) answered with Focal's JSON error body instead.
 *
 * @example
 * serveNode(myApp, { port: 8787 })
 */
export function serveNode(
  app: { fetch: (request: Request) => Response | Promise<Response> },
  options: NodeListenOptions = {},
): ServerType {
  const {
    port = 8787,
    hostname = '127.0.0.1',
    onListen,
    requestTimeoutMs = 30_000,
    headersTimeoutMs = 10_000,
  } = options
  const serverOptions = {
    requestTimeout: requestTimeoutMs,
    headersTimeout: Math.min(headersTimeoutMs, requestTimeoutMs),
    // Node checks those timeouts on this interval (30 s by default, longer than the timeouts).
    connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(headersTimeoutMs / 2))),
  }
  // A request no `Request` can be built from (a Host header that is no host, a target of `*`):
  // the adapter's own answer is an empty 400.
  const errorHandler = () => {
    const { status, body } = toErrorResponse(
      new FocalError({
        code: 'invalid-request',
        message: 'The HTTP request is malformed (its host or target).',
      }),
    )
    return Response.json(body, { status })
  }
  const server = serve({ fetch: app.fetch, port, hostname, serverOptions }, (info) =>
    onListen?.({ hostname, port: info.port }),
  )
  // `serve` takes no error handler: its request listener is swapped for one that has it.
  const requests = server as unknown as {
    removeAllListeners(event: 'request'): void
    on(event: 'request', listener: ReturnType<typeof getRequestListener>): void
  }
  requests.removeAllListeners('request')
  requests.on('request', getRequestListener(app.fetch, { hostname, errorHandler }))
  const clientErrors = server as unknown as {
    on(event: 'clientError', listener: typeof answerClientError): void
  }
  clientErrors.on('clientError', answerClientError)
  return server
}
