// The test app as a Worker for `wrangler dev` (see wrangler.socket.jsonc and
// start-wrangler-dev.ts): the same app as test-worker.ts, bundled by wrangler instead of Vite, so
// requests reach it over a real socket through wrangler's own proxy and workerd's HTTP server.
import definition from '../../../../../examples/definitions/refund-support.yaml'
import { createFocalStores, type FocalSessionNamespace, serveFocal } from '../../cloudflare/index.ts'
import { createTestAppOptions } from '../create-test-app.ts'

export { FocalSessionObject } from '../../cloudflare/index.ts'

export default serveFocal((env: { FOCAL_SESSIONS: FocalSessionNamespace }) =>
  createTestAppOptions({ definition, ...createFocalStores({ namespace: env.FOCAL_SESSIONS }) }),
)
