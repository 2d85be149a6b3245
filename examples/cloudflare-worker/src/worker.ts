import { FocalError } from '@focal/edge'
import { createFocalStores, type FocalSessionNamespace, serveFocal } from '@focal/edge/cloudflare'
import definition from '../../definitions/refund-support.yaml'

export { FocalSessionObject } from '@focal/edge/cloudflare'

interface Env {
  FOCAL_SESSIONS: FocalSessionNamespace
  /** Bearer token clients must send (a secret). */
  FOCAL_API_TOKEN?: string
  /** HMAC secret for per-session tokens, at least 32 characters (a secret). */
  FOCAL_SESSION_SECRET?: string
  FOCAL_CORS_ORIGIN?: string
  /** The supervisor's approver credential, at least 32 characters (a secret); unset, approvals are refused. */
  FOCAL_SUPERVISOR_TOKEN?: string
}

/**
 * Refuses to serve without the session secret: isolates share no memory, so a random fallback would
 * sign tokens no other isolate accepts. serveFocal answers every request with this error (500
 * `server-misconfigured`, message included) until the secret is set.
 */
function requireSessionSecret(env: Env): { sessionSecret: string } {
  const secret = env.FOCAL_SESSION_SECRET
  if (secret === undefined || secret.length < 32) {
    throw new FocalError({
      code: 'server-misconfigured',
      message:
        'Refusing to serve: set FOCAL_SESSION_SECRET (32+ characters) with `wrangler secret put FOCAL_SESSION_SECRET` (or in .dev.vars for wrangler dev).',
    })
  }
  return { sessionSecret: secret }
}

// One app per isolate and env: the engine runs the refund-support definition with no model
// (approved-response mode); every session lives in its own Durable Object.
export default serveFocal((env: Env) => ({
  name: 'refund-support',
  definition,
  ...createFocalStores({ namespace: env.FOCAL_SESSIONS }),
  ...(env.FOCAL_API_TOKEN ? { auth: { type: 'bearer' as const, tokens: [env.FOCAL_API_TOKEN] } } : {}),
  ...requireSessionSecret(env),
  ...(env.FOCAL_SUPERVISOR_TOKEN
    ? { approvers: [{ token: env.FOCAL_SUPERVISOR_TOKEN, id: 'supervisor', roles: ['supervisor'] }] }
    : {}),
  ...(env.FOCAL_CORS_ORIGIN ? { cors: { origin: env.FOCAL_CORS_ORIGIN } } : {}),
}))
