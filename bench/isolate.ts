/**
 * Runs bench work in a child Node process (its own V8 heap). A library that allocates heavily
 * leaves the heap in a state that slows every other library's garbage collection in the same
 * process: after the PII peers ran, each scavenge during Focal's scan took about 4 ms instead of
 * 1 ms. A case or measurement marked for isolation runs in a fresh child instead, so no library
 * pays for another's garbage; all of them still run in the same `pnpm bench` invocation, on the
 * same inputs.
 *
 * This file is both the parent's helper (`inChildProcess`) and the child's entry point.
 */
import { fork } from 'node:child_process'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { Bench } from 'tinybench'
import type { BenchCase, BenchSuite } from './harness.ts'

/** What a child is asked to do: time one case of a suite, or call an exported function. */
type IsolatedJob =
  | { kind: 'case'; file: string; suite: string; case: string; timeMs: number }
  | { kind: 'call'; file: string; exportName: string }

/** Timing of one case, as the runner reports it. */
export interface CaseTiming {
  medianMs: number
  p99Ms: number
  opsPerSecond: number
  samples: number
}

/** Times `cases` with tinybench (100 ms warm-up, `timeMs` each), in this process. */
export async function timeCases(
  cases: readonly BenchCase[],
  timeMs: number,
): Promise<Map<string, CaseTiming>> {
  const bench = new Bench({ time: timeMs, warmupTime: 100 })
  for (const benchCase of cases) bench.add(benchCase.name, benchCase.fn)
  await bench.run()
  const timings = new Map<string, CaseTiming>()
  for (const task of bench.tasks) {
    const result = task.result as unknown as {
      latency?: { p50?: number; p99?: number; samplesCount?: number }
      throughput?: { mean?: number }
      error?: unknown
    }
    if (result.error) throw result.error
    timings.set(task.name, {
      medianMs: result.latency?.p50 ?? Number.NaN,
      p99Ms: result.latency?.p99 ?? Number.NaN,
      opsPerSecond: result.throughput?.mean ?? Number.NaN,
      samples: result.latency?.samplesCount ?? 0,
    })
  }
  return timings
}

type Reply = { ok: true; value: unknown } | { ok: false; error: string }

const childVariable = 'FOCAL_BENCH_ISOLATED'

/**
 * True in a child process started here. A bench file loads its peer libraries only then: merely
 * importing redact-pii (and the client libraries it brings, about 10 MB of heap) made Focal's scan
 * 5-7% slower in the same process, without calling it.
 */
export function isIsolatedChild(): boolean {
  return process.env[childVariable] === '1'
}

function runInChild<T>(job: IsolatedJob): Promise<T> {
  return new Promise((resolve, reject) => {
    // The child runs TypeScript sources the way `pnpm bench` does (tsx, source export conditions).
    const child = fork(fileURLToPath(import.meta.url), [], {
      execArgv: ['--conditions=@focal/source', '--import', 'tsx'],
      env: { ...process.env, [childVariable]: '1' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    let reply: Reply | undefined
    child.on('message', (message) => {
      reply = message as Reply
      child.disconnect()
    })
    child.on('error', reject)
    child.on('exit', (code) => {
      if (reply?.ok) resolve(reply.value as T)
      else reject(new Error(reply ? reply.error : `bench child exited with code ${code} before replying`))
    })
    child.send(job)
  })
}

/** Times one case of a suite in a child process (same tinybench settings as the parent's suites). */
export function timeCaseInChild(file: string, suite: string, caseName: string, timeMs: number) {
  return runInChild<CaseTiming>({ kind: 'case', file, suite, case: caseName, timeMs })
}

/**
 * Calls `exportName()` of the module at `moduleUrl` in a child process and returns its result
 * (structured-cloned: plain data only). For the parts of a suite's `measure` that run a peer.
 */
export function inChildProcess<T>(moduleUrl: string, exportName: string): Promise<T> {
  return runInChild<T>({ kind: 'call', file: fileURLToPath(moduleUrl), exportName })
}

async function runJob(job: IsolatedJob): Promise<unknown> {
  const module = (await import(pathToFileURL(job.file).href)) as Record<string, unknown> & {
    default: BenchSuite | BenchSuite[]
  }
  if (job.kind === 'call') {
    const exported = module[job.exportName]
    if (typeof exported !== 'function') throw new Error(`${job.file} exports no function ${job.exportName}`)
    return await (exported as () => unknown)()
  }
  const suites = Array.isArray(module.default) ? module.default : [module.default]
  const benchCase = suites.find((suite) => suite.name === job.suite)?.cases?.find((c) => c.name === job.case)
  if (!benchCase) throw new Error(`${job.file}: no case "${job.case}" in suite "${job.suite}"`)
  return (await timeCases([benchCase], job.timeMs)).get(benchCase.name)
}

// The child: one job per process, then exit.
if (process.send && process.argv[1] === fileURLToPath(import.meta.url)) {
  process.once('message', (job: IsolatedJob) => {
    runJob(job).then(
      (value) => process.send?.({ ok: true, value } satisfies Reply),
      (error: unknown) =>
        process.send?.({
          ok: false,
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        } satisfies Reply),
    )
  })
}
