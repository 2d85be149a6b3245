// The server `serve-focal.bench.ts` loads: the Node entry over the refund-support definition with
// bearer auth, on a random loopback port, in its own process so the load generator does not share
// its event loop. Plain JavaScript that imports the packages by name, so plain `node` runs it on
// the built `dist/` output, as a deployment does (the bench builds core and edge first). With
// `--fixed-engine` the engine is replaced by one that returns a prepared TurnResult, which isolates
// the edge layer's own cost. Prints `{"port":N}` once listening.
import { readFileSync } from 'node:fs'
import { createEngine } from '@focal/core'
import { serveFocal } from '@focal/edge/node'

const definition = readFileSync(
  new URL('../../../../examples/definitions/refund-support.yaml', import.meta.url),
  'utf8',
)

/** @returns {Promise<import('@focal/edge').FocalAppEngine>} */
async function fixedEngine() {
  const prepared = await createEngine({ definition }).turn({
    sessionId: 'x',
    text: 'where is my order NW-1001',
  })
  const result = { ...prepared, events: [] }
  return {
    turn: async ({ sessionId }) => ({ ...result, sessionId }),
    turnStream: async function* () {},
    resolveApproval: async () => result,
    getSession: async () => undefined,
  }
}

const engineSource = process.argv.includes('--fixed-engine')
  ? { engine: await fixedEngine(), definition }
  : { definition }

// `--soak`: the session soak (`session-soak.bench.ts`): the app's in-memory bounds come from
// `--memory-ttl-ms=N` / `--max-sessions=N`, and with `--expose-gc` the heap is collected every
// second, as a long-running server's idle GC would, so RSS shows what the stores still hold.
const flag = (name) => process.argv.find((argument) => argument.startsWith(`--${name}=`))?.split('=')[1]
const soak = process.argv.includes('--soak')
const memory = {
  ...(flag('memory-ttl-ms') ? { ttlMs: Number(flag('memory-ttl-ms')) } : {}),
  ...(flag('max-sessions') ? { maxSessions: Number(flag('max-sessions')) } : {}),
}
if (soak && typeof globalThis.gc === 'function') setInterval(() => globalThis.gc(), 1000).unref()

serveFocal({
  ...engineSource,
  ...(soak ? { memory } : {}),
  auth: { type: 'bearer', tokens: ['bench-client-token-0123'] },
  port: 0,
  hostname: '127.0.0.1',
  onListen: ({ port }) => console.log(JSON.stringify({ port })),
})
