// The server `serve-focal.bench.ts` loads: the Node entry over the refund-support definition with
// bearer auth, on a random loopback port, in its own process so the load generator does not share
// its event loop. Prints `{"port":N}` once listening.
import { readFileSync } from 'node:fs'
import { serveFocal } from './serve-focal.ts'

const definition = readFileSync(
  new URL('../../../../examples/definitions/refund-support.yaml', import.meta.url),
  'utf8',
)

serveFocal({
  definition,
  auth: { type: 'bearer', tokens: ['bench-token'] },
  port: 0,
  hostname: '127.0.0.1',
  onListen: ({ port }) => console.log(JSON.stringify({ port })),
})
