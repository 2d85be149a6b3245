import { FocalError } from '@focal/core'
import { constantTimeEqual } from '@focal/core/ledger'
import type { MiddlewareHandler } from 'hono'

/** How clients authenticate to the app (checked before any route runs, except `/health`). */
export type FocalAuthOptions =
  | {
      type: 'bearer'
      /** Accepted `Authorization: Bearer <token>` values. */
      tokens: readonly string[]
    }
  | {
      type: 'api-key'
      /** Accepted keys. */
      keys: readonly string[]
      /**
       * Header carrying the key.
       * @default 'x-api-key'
       */
      header?: string
    }
  | {
      type: 'custom'
      /** Resolves true for an authenticated request. */
      verify: (request: Request) => boolean | Promise<boolean>
    }

function matchesAny(candidate: string, accepted: readonly string[]): boolean {
  let found = false
  for (const value of accepted) found = constantTimeEqual(candidate, value) || found
  return found
}

async function isAuthenticated(request: Request, auth: FocalAuthOptions): Promise<boolean | 'missing'> {
  if (auth.type === 'custom') return auth.verify(request)
  if (auth.type === 'api-key') {
    const key = request.headers.get(auth.header ?? 'x-api-key')
    return key ? matchesAny(key, auth.keys) : 'missing'
  }
  const header = request.headers.get('authorization')
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null
  return match?.[1] ? matchesAny(match[1], auth.tokens) : 'missing'
}

/** Middleware: 401 `unauthorized` unless the request carries an accepted credential. */
export function clientAuth(auth: FocalAuthOptions): MiddlewareHandler {
  return async (context, next) => {
    const outcome = await isAuthenticated(context.req.raw, auth)
    if (outcome !== true) {
      const message = outcome === 'missing' ? 'Missing credentials.' : 'Invalid credentials.'
      throw new FocalError({ code: 'unauthorized', message })
    }
    await next()
  }
}
