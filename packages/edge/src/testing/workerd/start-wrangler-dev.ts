/**
 * Starts `wrangler dev` (the wrangler devDependency, real workerd) on the socket Worker, on a free
 * port of 127.0.0.1, as a developer runs it: requests go through wrangler's proxy Worker and
 * workerd's HTTP server. Node only; import it by relative path from tests.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const packageRoot = fileURLToPath(new URL('../../../', import.meta.url))

/** A running `wrangler dev`. */
export interface WranglerDevServer {
  port: number
  stop(): Promise<void>
}

/** Spawns `wrangler dev -c src/testing/workerd/wrangler.socket.jsonc` and resolves once it is ready. */
export async function startWranglerDev(): Promise<WranglerDevServer> {
  const persistTo = mkdtempSync(join(tmpdir(), 'focal-wrangler-'))
  const args = [
    'dev',
    '-c',
    'src/testing/workerd/wrangler.socket.jsonc',
    '--ip',
    '127.0.0.1',
    '--port',
    '0',
    '--inspector-port',
    '0',
    '--persist-to',
    persistTo,
    '--show-interactive-dev-session=false',
  ]
  // Its own process group: `.bin/wrangler` is a shell shim running node, which runs workerd as
  // children, so stopping only the shim would leave workerd serving after the tests.
  const child: ChildProcess = spawn(`${packageRoot}node_modules/.bin/wrangler`, args, {
    cwd: packageRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    env: {
      ...process.env,
      WRANGLER_SEND_METRICS: 'false',
      // Workspace packages from src/ (as every test run resolves them), then wrangler's defaults.
      WRANGLER_BUILD_CONDITIONS: '@focal/source,workerd,worker,browser',
    },
  })
  const stop = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        rmSync(persistTo, { recursive: true, force: true })
        resolve()
      }
      if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return done()
      child.once('exit', done)
      process.kill(-child.pid, 'SIGTERM')
    })
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let output = ''
      const timer = setTimeout(() => reject(new Error(`wrangler dev did not start:\n${output}`)), 90_000)
      const onData = (data: Uint8Array) => {
        output += String(data)
        const ready = /Ready on http:\/\/127\.0\.0\.1:(\d+)/.exec(output)
        if (ready) {
          clearTimeout(timer)
          resolve(Number(ready[1]))
        }
      }
      child.stdout?.on('data', onData)
      child.stderr?.on('data', onData)
      child.once('exit', (code) => {
        clearTimeout(timer)
        reject(new Error(`wrangler dev exited with ${code}:\n${output}`))
      })
    })
    return { port, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
