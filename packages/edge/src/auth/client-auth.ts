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

/** The shortest token or key `auth` accepts. */
const minCredentialLength = 16

/**
 * Refuses credentials no request could present: a token or key that is not a non-empty string
 * (`tokens: [env.FOCAL_API_TOKEN]` read from an unset variable is `[undefined]`, which made
 * every request a 500 `internal-error` while `/health` said ok), a bearer token with whitespace in
 * it (the `Authorization` header carries one word), an empty list (every request a 401), or one
 * shorter than {@link minCredentialLength} characters (`FOCAL_API_TOKEN=secret` let in anyone who
 * guessed it).
 */
function checkCredentials(auth: FocalAuthOptions): void {
  if (auth.type === 'custom') return
  const [option, values] = auth.type === 'bearer' ? ['tokens', auth.tokens] : ['keys', auth.keys]
  const refuse = (message: string) => {
    throw new FocalError({ code: 'invalid-argument', message: `createFocalApp: option "auth.${message}` })
  }
  if (!Array.isArray(values) || values.length === 0)
    refuse(`${option}" must list at least one credential: none was given, so no client could authenticate`)
  values.forEach((value: unknown, index) => {
    if (typeof value !== 'string' || value === '')
      refuse(
        `${option}[${index}]" must be a non-empty string, got ${value === '' ? 'an empty string' : String(value)} (is its environment variable set?)`,
      )
    if (auth.type === 'bearer' && /\s/.test(value as string))
      refuse(`${option}[${index}]" must not contain whitespace: an Authorization header could never carry it`)
    if ((value as string).length < minCredentialLength)
      refuse(
        `${option}[${index}]" must be at least ${minCredentialLength} characters, got ${(value as string).length}: a short credential is guessed (generate one, e.g. crypto.randomUUID())`,
      )
  })
}

/** Middleware: 401 `unauthorized` unless the request carries an accepted credential. */
export function clientAuth(auth: FocalAuthOptions): MiddlewareHandler {
  checkCredentials(auth)
  return async (context, next) => {
    const outcome = await isAuthenticated(context.req.raw, auth)
    if (outcome !== true) {
      const message = outcome === 'missing' ? 'Missing credentials.' : 'Invalid credentials.'
      throw new FocalError({ code: 'unauthorized', message })
    }
    await next()
  }
}
