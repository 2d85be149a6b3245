import { FocalError } from '@focal/edge'
import { createFocalStores, type FocalSessionNamespace, serveFocal } from '@focal/edge/cloudflare'
import definition from '../../definitions/refund-support.yaml'

export { FocalSessionObject } from '@focal/edge/cloudflare'

interface Env {
  FOCAL_SESSIONS: FocalSessionNamespace
  /** Bearer token clients must send, at least 16 characters (a secret). */
  FOCAL_API_TOKEN?: string
  /** HMAC secret for per-session tokens, at least 32 characters (a secret). */
  FOCAL_SESSION_SECRET?: string
  FOCAL_CORS_ORIGIN?: string
  /** The supervisor's approver credential, at least 32 characters (a secret); unset, approvals are refused. */
  FOCAL_SUPERVISOR_TOKEN?: string
  /** Hours a session (state, ledger, claim) is kept after its last use. @default 24 */
  FOCAL_SESSION_TTL_HOURS?: string
}

/**
 * How long an idle session's Durable Object keeps its storage: 24 hours unless set. Without one a
 * public widget's anonymous sessions were kept forever (an outside review made 200 in 5 s, 38 MB).
 */
function sessionTtlMs(env: Env): number {
  const hours = Number(env.FOCAL_SESSION_TTL_HOURS ?? 24)
  if (!(Number.isFinite(hours) && hours > 0))
    throw new FocalError({
      code: 'server-misconfigured',
      message: `Refusing to serve: FOCAL_SESSION_TTL_HOURS must be a number of hours above 0 (got "${env.FOCAL_SESSION_TTL_HOURS}").`,
    })
  return hours * 3_600_000
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
  ...createFocalStores({ namespace: env.FOCAL_SESSIONS, ttlMs: sessionTtlMs(env) }),
  ...(env.FOCAL_API_TOKEN ? { auth: { type: 'bearer' as const, tokens: [env.FOCAL_API_TOKEN] } } : {}),
  ...requireSessionSecret(env),
  ...(env.FOCAL_SUPERVISOR_TOKEN
    ? { approvers: [{ token: env.FOCAL_SUPERVISOR_TOKEN, id: 'supervisor', roles: ['supervisor'] }] }
    : {}),
  ...(env.FOCAL_CORS_ORIGIN ? { cors: { origin: env.FOCAL_CORS_ORIGIN } } : {}),
}))
