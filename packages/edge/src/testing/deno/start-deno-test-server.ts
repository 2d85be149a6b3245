import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { LedgerStore, SessionStore } from '@focal/core'

const packageRoot = fileURLToPath(new URL('../../../', import.meta.url))
/** The `deno` binary from the `deno` npm package (a devDependency of @focal/edge). */
export const denoBinary = `${packageRoot}node_modules/.bin/deno`

/** A running Deno process serving the test app and its KV stores. */
export interface DenoTestServer {
  appUrl: string
  storesUrl: string
  /** Two card-keeper app instances over the same KV (`describePersonalValueKeysSuite`). */
  keysUrls: readonly [string, string]
  stop(): Promise<void>
}

/**
 * Starts `deno run` on `serve-test-app.ts` with the `@focal/source` condition (workspace packages
 * resolve to `src/`, third-party packages from node_modules) and `--unstable-kv`.
 */
export async function startDenoTestServer(): Promise<DenoTestServer> {
  const args = [
    'run',
    '--unstable-kv',
    '--conditions=@focal/source',
    '--allow-net=127.0.0.1',
    '--allow-read',
    '--allow-env',
    'src/testing/deno/serve-test-app.ts',
  ]
  // Its own process group: `.bin/deno` is a shell shim running node, which runs the real binary
  // as a child, so stopping only the shim would leave Deno serving after the tests.
  const child: ChildProcess = spawn(denoBinary, args, {
    cwd: packageRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: process.platform !== 'win32',
  })
  type Ports = { app: number; stores: number; keysFirst: number; keysSecond: number }
  const ports = await new Promise<Ports>((resolve, reject) => {
    const found: Partial<Ports> = {}
    let output = ''
    const timer = setTimeout(() => reject(new Error(`Deno did not start:\n${output}`)), 60_000)
    const onData = (data: Uint8Array) => {
      output += String(data)
      for (const line of output.split('\n')) if (line.startsWith('{')) Object.assign(found, JSON.parse(line))
      const { app, stores, keysFirst, keysSecond } = found
      if (app && stores && keysFirst && keysSecond) {
        clearTimeout(timer)
        resolve({ app, stores, keysFirst, keysSecond })
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', (data: Uint8Array) => {
      output += String(data)
    })
    child.once('exit', (code) => reject(new Error(`Deno exited with ${code}:\n${output}`)))
  })
  return {
    appUrl: `http://127.0.0.1:${ports.app}`,
    storesUrl: `http://127.0.0.1:${ports.stores}`,
    keysUrls: [`http://127.0.0.1:${ports.keysFirst}`, `http://127.0.0.1:${ports.keysSecond}`],
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        if (process.platform === 'win32' || child.pid === undefined) child.kill('SIGTERM')
        else process.kill(-child.pid, 'SIGTERM')
      }),
  }
}

async function call(storesUrl: string, store: string, method: string, args: unknown[]): Promise<never> {
  const response = await fetch(storesUrl, { method: 'POST', body: JSON.stringify({ store, method, args }) })
  if (!response.ok) throw new Error(`store RPC ${store}.${method} failed: ${response.status}`)
  const body = (await response.json()) as { result?: unknown; undefined?: true }
  return (body.undefined ? undefined : body.result) as never
}

/** Node-side proxies whose every call runs on the Deno KV stores inside the Deno process. */
export function denoStoreProxies(storesUrl: string): {
  sessionStore: SessionStore
  ledgerStore: LedgerStore
} {
  return {
    sessionStore: {
      get: (...args) => call(storesUrl, 'session', 'get', args),
      put: (...args) => call(storesUrl, 'session', 'put', args),
      delete: (...args) => call(storesUrl, 'session', 'delete', args),
    },
    ledgerStore: {
      appendIfNext: (...args) => call(storesUrl, 'ledger', 'appendIfNext', args),
      list: (...args) => call(storesUrl, 'ledger', 'list', args),
      last: (...args) => call(storesUrl, 'ledger', 'last', args),
    },
  }
}
