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
}

// One app per isolate and env: the engine runs the refund-support definition with no model
// (approved-response mode); every session lives in its own Durable Object.
export default serveFocal((env: Env) => ({
  name: 'refund-support',
  definition,
  ...createFocalStores({ namespace: env.FOCAL_SESSIONS }),
  ...(env.FOCAL_API_TOKEN ? { auth: { type: 'bearer' as const, tokens: [env.FOCAL_API_TOKEN] } } : {}),
  ...(env.FOCAL_SESSION_SECRET ? { sessionSecret: env.FOCAL_SESSION_SECRET } : {}),
  ...(env.FOCAL_CORS_ORIGIN ? { cors: { origin: env.FOCAL_CORS_ORIGIN } } : {}),
}))
