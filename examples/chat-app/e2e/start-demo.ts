import { type ChildProcess, spawn } from 'node:child_process'
import { join } from 'node:path'

/** A running demo server started by a test. */
export interface RunningDemo {
  url: string
  /** The supervisor view's URL with the supervisor credential the demo printed. */
  supervisorUrl: string
  output: () => string
  stop: () => Promise<void>
}

/**
 * Starts the demo exactly as `pnpm demo` does (build the client, then serve it with @focal/edge)
 * on a free port, and resolves with the URL it prints.
 */
export function startDemo(environment: Record<string, string> = {}): Promise<RunningDemo> {
  const root = join(import.meta.dirname, '..')
  const child: ChildProcess = spawn(
    process.execPath,
    ['--conditions=@focal/source', '--import', 'tsx', 'server/start.ts'],
    { cwd: root, env: { ...process.env, PORT: '0', ...environment }, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let output = ''
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
    })
  return new Promise((resolve, reject) => {
    const onData = (data: Buffer) => {
      output += data.toString()
      const match = /Focal demo running at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(output)
      const supervisor = /Supervisor view[^:]*: (http:\S+)/.exec(output)
      if (match?.[1] && supervisor?.[1])
        resolve({ url: match[1], supervisorUrl: supervisor[1], output: () => output, stop })
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    child.once('exit', (code) =>
      reject(new Error(`demo exited with ${code} before printing its URL:\n${output}`)),
    )
  })
}
