import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'

/** A throwaway `redis-server` on a random loopback port. */
export interface RedisServerHandle {
  url: string
  stop(): Promise<void>
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/**
 * Starts Debian's `redis-server` (no persistence) on 127.0.0.1 and a free port; resolves once it
 * accepts connections. Tests call `stop()` in `afterAll`.
 */
export async function startRedisServer(): Promise<RedisServerHandle> {
  const port = await freePort()
  const args = ['--port', `${port}`, '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no']
  const child: ChildProcess = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] })
  await new Promise<void>((resolve, reject) => {
    let output = ''
    const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${output}`)), 10_000)
    child.once('error', reject)
    child.stdout?.on('data', (data: Uint8Array) => {
      output += String(data)
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer)
        resolve()
      }
    })
  })
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}
