import { spawn, spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { defineSuite } from '../../../../bench/harness.ts'

interface AutocannonResult {
  requests: { average: number; total: number }
  latency: { p50: number; p99: number; average: number }
  errors: number
  timeouts: number
  non2xx: number
  duration: number
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>

const durationSeconds = 10
// 16 keep-alive connections saturate the server's one event loop (more only lengthen the queue,
// so every request waits longer at the same req/s); autocannon shares the machine's 2 cores.
const connections = 16

/**
 * Builds `@focal/core` and `@focal/edge` (`tsdown`, as published), so the server runs on `dist/`
 * like a deployment does, not on the TypeScript sources through the tsx dev loader.
 */
function buildPackages(): void {
  const root = fileURLToPath(new URL('../../../../', import.meta.url))
  const build = spawnSync('pnpm', ['--filter', '@focal/core', '--filter', '@focal/edge', 'build'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  if (build.status !== 0) throw new Error(`building core and edge failed (exit ${build.status})`)
}

async function startServer(extraArgs: string[] = []): Promise<{ url: string; stop: () => void }> {
  // Plain JavaScript importing `@focal/core` and `@focal/edge/node` by name: plain node resolves
  // them to the built `dist/` (no `@focal/source` condition, no tsx).
  const script = fileURLToPath(new URL('../testing/bench-server.mjs', import.meta.url))
  const child = spawn(process.execPath, [script, ...extraArgs], {
    stdio: ['ignore', 'pipe', 'inherit'],
    // One libuv pool thread runs the ledger's Web Crypto digests: with the default four, every
    // digest wakes an idle thread (a futex wake and a context switch on a 2-core machine).
    env: { ...process.env, UV_THREADPOOL_SIZE: '1' },
  })
  const port = await new Promise<number>((resolve, reject) => {
    let output = ''
    child.stdout.on('data', (data: Uint8Array) => {
      output += String(data)
      const line = output.split('\n').find((candidate) => candidate.startsWith('{'))
      if (line) resolve((JSON.parse(line) as { port: number }).port)
    })
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)))
  })
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') }
}

async function load(extraArgs: string[]) {
  // autocannon ships no types; the specifier goes through a variable so tsc does not look for them.
  const specifier = 'autocannon'
  const autocannon = ((await import(specifier)) as { default: Autocannon }).default
  const server = await startServer(extraArgs)
  try {
    const common = {
      url: `${server.url}/v1/turn`,
      method: 'POST',
      headers: { authorization: 'Bearer bench-client-token-0123', 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'where is my order NW-1001' }),
      connections,
    }
    await autocannon({ ...common, duration: 2 }) // warm-up (JIT, definition caches)
    const result = await autocannon({ ...common, duration: durationSeconds })
    const errors = result.errors + result.timeouts + result.non2xx
    return {
      'req/s': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      requests: result.requests.total,
      errors,
      connections,
      'duration s': durationSeconds,
      'met target (>= 2000 req/s, p99 <= 25 ms, 0 errors)':
        result.requests.average >= 2000 && result.latency.p99 <= 25 && errors === 0,
    }
  } finally {
    server.stop()
  }
}

/**
 * Load of `POST /v1/turn` on the Node entry (`serveFocal` over `@hono/node-server`), bearer auth,
 * every request a new session: autocannon on loopback for 10 s with 16 keep-alive connections, the
 * server with one libuv pool thread, running on the freshly built `dist/` (core and edge are built
 * first, as they are published). Twice: with the
 * real engine over the refund-support definition, and with a fixed-result engine (the edge layer's
 * own cost: auth, zod, session lookup, stream guard, JSON). Target: >= 2,000 req/s, p99 <= 25 ms,
 * zero errors.
 */
export default defineSuite({
  name: 'edge: POST /v1/turn load on the Node entry (autocannon, loopback)',
  async measure() {
    buildPackages()
    return {
      '/v1/turn (real engine)': await load([]),
      '/v1/turn (edge layer only, fixed-result engine)': await load(['--fixed-engine']),
    }
  },
})
