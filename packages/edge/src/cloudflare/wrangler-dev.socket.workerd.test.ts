// Node-side (see vitest.workers.config.ts, project edge-workerd-socket): the Worker under
// `wrangler dev`, over a raw socket. The in-process workerd suite never sends a socket body.
import { afterAll, beforeAll } from 'vitest'
import { describeRawBodySuite } from '../testing/raw-body-suite.ts'
import { startWranglerDev, type WranglerDevServer } from '../testing/workerd/start-wrangler-dev.ts'

let server: WranglerDevServer | undefined

beforeAll(async () => {
  server = await startWranglerDev()
}, 120_000)

afterAll(async () => {
  await server?.stop()
})

describeRawBodySuite('workerd (wrangler dev 4.86, serveFocal, Durable Objects)', {
  port: () => server!.port,
  // wrangler's proxy Worker streams the body on to workerd; when its client's body ends early its
  // own fetch fails and it answers in its own words, before Focal's Worker sees a whole request.
  // (Straight to workerd, without the proxy, the same request gets Focal's 400 invalid-json.)
  closesStalled: false,
  cutShort: { status: 503, text: /^Your worker restarted mid-request/ },
})
