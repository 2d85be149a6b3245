import type { Hono } from 'hono'
import type { FocalAppOptions } from '../app/types.ts'
import { createFocalApp } from '../create-focal-app.ts'
import { toErrorResponse } from '../errors/to-error-response.ts'

/** A Workers module handler (`export default serveFocal(...)`). */
export interface FocalWorkerHandler<Env> {
  fetch(request: Request, env: Env, executionContext?: unknown): Promise<Response>
}

/**
 * The Worker's fetch handler: builds the app once per `env` (bindings are only known per request
 * on Workers) and serves every request with it. When building throws (a missing secret, a token
 * too short), every request gets that error as JSON with the code `server-misconfigured` and status
 * 500, its message kept, until the env is fixed.
 *
 * @example
 * export default serveFocal((env: Env) => ({ definition, ...createFocalStores({ namespace: env.FOCAL_SESSIONS }) }))
 * export { FocalSessionObject } from '@focal/edge/cloudflare'
 */
export function serveFocal<Env extends object>(
  options: FocalAppOptions | ((env: Env) => FocalAppOptions),
): FocalWorkerHandler<Env> {
  const apps = new WeakMap<object, Hono>()
  let shared: Hono | undefined
  return {
    async fetch(request, env, executionContext) {
      if (typeof options !== 'function') {
        shared ??= createFocalApp(options)
        return shared.fetch(request, env, executionContext as never)
      }
      let app = apps.get(env)
      if (!app) {
        try {
          app = createFocalApp(options(env))
        } catch (error) {
          // A Worker has no start-up to refuse: every request is refused until the env is fixed.
          // Whatever the cause (a short token is `invalid-argument` to the app), it is the
          // server's: a 500 `server-misconfigured` that health checks and alerts see, never a 4xx.
          const { body } = toErrorResponse(error)
          const misconfigured = {
            error: { ...body.error, code: 'server-misconfigured', message: body.error.message },
          }
          console.error(`serveFocal: the app could not be built: ${body.error.message}`)
          return Response.json(misconfigured, { status: 500 })
        }
        apps.set(env, app)
      }
      return app.fetch(request, env, executionContext as never)
    },
  }
}
