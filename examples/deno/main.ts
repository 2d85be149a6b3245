// Focal on Deno: the refund-support agent served by `@focal/edge/deno` (Deno.serve), sessions and
// ledgers in Deno KV with atomic version checks.
//
//   pnpm --filter @focal/example-deno start     (or see README.md for the plain deno command)
import { createFocalStores, serveFocal } from '@focal/edge/deno'

const definition = await Deno.readTextFile(new URL('../definitions/refund-support.yaml', import.meta.url))
const kv = await Deno.openKv(Deno.env.get('FOCAL_KV_PATH'))
const token = Deno.env.get('FOCAL_API_TOKEN')
const sessionSecret = Deno.env.get('FOCAL_SESSION_SECRET')

serveFocal({
  name: 'refund-support',
  definition,
  ...createFocalStores({ kv }),
  ...(token ? { auth: { type: 'bearer' as const, tokens: [token] } } : {}),
  ...(sessionSecret ? { sessionSecret } : {}),
  port: Number(Deno.env.get('PORT') ?? 8000),
  hostname: '127.0.0.1',
  onListen: ({ port }) => console.log(`Focal on Deno at http://127.0.0.1:${port}/health`),
})
