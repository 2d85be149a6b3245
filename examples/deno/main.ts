// Focal on Deno: the refund-support agent served by `@focal/edge/deno` (Deno.serve), sessions and
// ledgers in Deno KV with atomic version checks.
//
//   pnpm --filter @focal/example-deno start     (or see README.md for the plain deno command)
import { createFocalStores, serveFocal } from '@focal/edge/deno'

const definition = await Deno.readTextFile(new URL('../definitions/refund-support.yaml', import.meta.url))
const kv = await Deno.openKv(Deno.env.get('FOCAL_KV_PATH'))
const token = Deno.env.get('FOCAL_API_TOKEN')
const sessionSecret = Deno.env.get('FOCAL_SESSION_SECRET')
const supervisorToken = Deno.env.get('FOCAL_SUPERVISOR_TOKEN')
// The web page's origin, when the chat widget is served from another origin than this API.
const corsOrigin = Deno.env.get('FOCAL_CORS_ORIGIN')

// Refuse to start without the session secret: a random one would not survive a restart nor be
// shared by the other instances of a deployment, so tokens would fail at random.
if (!sessionSecret || sessionSecret.length < 32) {
  console.error(
    'Focal on Deno refuses to start: set FOCAL_SESSION_SECRET (32+ characters) to sign the per-session tokens.',
  )
  Deno.exit(1)
}

// How long an idle session (state, ledger, claim) is kept in KV: 24 hours unless set. Without one,
// an open API (no FOCAL_API_TOKEN, as for a public widget) kept every anonymous session forever.
const ttlHours = Number(Deno.env.get('FOCAL_SESSION_TTL_HOURS') ?? 24)
if (!(Number.isFinite(ttlHours) && ttlHours > 0)) {
  console.error(
    `Focal on Deno refuses to start: FOCAL_SESSION_TTL_HOURS must be a number of hours above 0 (got "${Deno.env.get('FOCAL_SESSION_TTL_HOURS')}").`,
  )
  Deno.exit(1)
}

serveFocal({
  name: 'refund-support',
  definition,
  ...createFocalStores({ kv, ttlMs: ttlHours * 3_600_000 }),
  ...(token ? { auth: { type: 'bearer' as const, tokens: [token] } } : {}),
  sessionSecret,
  ...(supervisorToken
    ? { approvers: [{ token: supervisorToken, id: 'supervisor', roles: ['supervisor'] }] }
    : {}),
  ...(corsOrigin ? { cors: { origin: corsOrigin } } : {}),
  port: Number(Deno.env.get('PORT') ?? 8000),
  hostname: '127.0.0.1',
  onListen: ({ port }) => console.log(`Focal on Deno at http://127.0.0.1:${port}/health`),
})
