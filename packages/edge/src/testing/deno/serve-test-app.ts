// Run by Deno (see vitest.deno.config.ts): the test app on Deno KV via `@focal/edge/deno`'s
// serveFocal, two card-keeper apps over the same KV (`keysFirst`, `keysSecond`), plus a loopback RPC port exposing the same KV stores so Node can run core's store
// conformance suites against them. Prints `{"app":port}` and `{"stores":port}` lines.
import type { LedgerStore, SessionStore } from '@focal/core'
import { createFocalStores, type FocalDenoKv, serveFocal } from '../../deno/index.ts'
import { createCardKeeperOptions } from '../card-keeper.ts'
import { createTestAppOptions } from '../create-test-app.ts'

declare const Deno: {
  openKv(path?: string): Promise<FocalDenoKv>
  readTextFile(path: URL): Promise<string>
  serve(
    options: { port: number; hostname: string; onListen: (address: { port: number }) => void },
    handler: (request: Request) => Promise<Response>,
  ): unknown
}

const definition = await Deno.readTextFile(
  new URL('../../../../../examples/definitions/refund-support.yaml', import.meta.url),
)
const kv = await Deno.openKv(':memory:')
const stores = createFocalStores({ kv })

serveFocal({
  ...createTestAppOptions({ definition, ...stores }),
  port: 0,
  hostname: '127.0.0.1',
  onListen: ({ port }) => console.log(JSON.stringify({ app: port })),
})

// Two card-keeper instances over the same KV (a restart, or another isolate), for the durable
// personal-value key suite.
for (const name of ['keysFirst', 'keysSecond']) {
  serveFocal({
    ...createCardKeeperOptions(createFocalStores({ kv })),
    port: 0,
    hostname: '127.0.0.1',
    onListen: ({ port }) => console.log(JSON.stringify({ [name]: port })),
  })
}

type StoreMethod = (...args: unknown[]) => Promise<unknown>

Deno.serve(
  { port: 0, hostname: '127.0.0.1', onListen: ({ port }) => console.log(JSON.stringify({ stores: port })) },
  async (request) => {
    const { store, method, args } = (await request.json()) as {
      store: string
      method: string
      args: unknown[]
    }
    const target: SessionStore | LedgerStore = store === 'session' ? stores.sessionStore : stores.ledgerStore
    const result = await (target as unknown as Record<string, StoreMethod>)[method]!(...args)
    return Response.json(result === undefined ? { undefined: true } : { result })
  },
)
