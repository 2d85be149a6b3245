import { spawn, spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { defineSuite } from '../../../../bench/harness.ts'

interface AutocannonResult {
  requests: { total: number; average: number }
  errors: number
  timeouts: number
  non2xx: number
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>

const sessions = 100_000
const ttlMs = 20_000
const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024)

function buildPackages(): void {
  const root = fileURLToPath(new URL('../../../../', import.meta.url))
  const build = spawnSync('pnpm', ['--filter', '@focal/core', '--filter', '@focal/edge', 'build'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  if (build.status !== 0) throw new Error(`building core and edge failed (exit ${build.status})`)
}

/** The server process's resident set, from /proc (Linux). */
function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) * 1024
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function startServer(args: string[]) {
  const script = fileURLToPath(new URL('../testing/bench-server.mjs', import.meta.url))
  const child = spawn(process.execPath, ['--expose-gc', script, '--soak', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
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
  return { url: `http://127.0.0.1:${port}`, pid: child.pid ?? 0, stop: () => child.kill('SIGTERM') }
}

/**
 * Creates `sessions` sessions (one `POST /v1/turn` each, no session id: the server claims a new
 * id, signs its token, runs the turn and writes state and ledger) and follows the server's RSS:
 * before, at its peak, right after, and after the TTL has passed and one request swept the stores.
 */
async function soak(label: string, args: string[]) {
  const specifier = 'autocannon'
  const autocannon = ((await import(specifier)) as { default: Autocannon }).default
  const server = await startServer(args)
  const request = {
    url: `${server.url}/v1/turn`,
    method: 'POST',
    headers: { authorization: 'Bearer bench-client-token-0123', 'content-type': 'application/json' },
    body: JSON.stringify({ text: 'where is my order NW-1001' }),
    connections: 16,
  }
  try {
    await autocannon({ ...request, amount: 2000 }) // warm-up: JIT and the definition's caches
    await wait(3000)
    const baseline = rssOf(server.pid)
    let peak = baseline
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssOf(server.pid))
    }, 200)
    const started = Date.now()
    const result = await autocannon({ ...request, amount: sessions })
    const seconds = (Date.now() - started) / 1000
    clearInterval(sampler)
    await wait(3000)
    const loaded = rssOf(server.pid)
    await wait(ttlMs + 1000)
    // The stores sweep on use: one request after the idle period releases every expired session.
    await autocannon({ ...request, amount: 10, connections: 1 })
    await wait(4000)
    const afterTtl = rssOf(server.pid)
    return {
      sessions: result.requests.total,
      errors: result.errors + result.timeouts + result.non2xx,
      'seconds to create': Math.round(seconds),
      'baseline RSS MB': megabytes(baseline),
      'peak RSS MB': megabytes(peak),
      'RSS after load MB': megabytes(loaded),
      'RSS after TTL MB': megabytes(afterTtl),
      'after TTL / baseline': Number((afterTtl / baseline).toFixed(2)),
      server: label,
    }
  } finally {
    server.stop()
  }
}

/**
 * Session soak on the Node entry (loopback): 100,000 sessions created through `POST /v1/turn`
 * against the app's in-memory stores, with a 20 s TTL and no count bound (memory follows the
 * sessions alive, then returns after the TTL; the LRU bound is tested with a fake clock in
 * `create-bounded-map.test.ts`, a second 100k run would double the bench's ~10 minutes). The
 * server runs on the built `dist/` with
 * `--expose-gc` and collects every second, so RSS reflects what the stores hold.
 */
export default defineSuite({
  name: 'edge: session soak, 100k sessions on the Node entry (RSS, TTL, LRU)',
  async measure() {
    buildPackages()
    return {
      'TTL 20 s, no count bound': await soak('ttl', [`--memory-ttl-ms=${ttlMs}`, '--max-sessions=1000000']),
      'TTL 20 s + LRU 10,000 sessions': await soak('ttl+lru', [
        `--memory-ttl-ms=${ttlMs}`,
        '--max-sessions=10000',
      ]),
    }
  },
})
