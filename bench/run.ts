import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { BenchMetrics, BenchSuite } from './harness.ts'
import { timeCaseInChild, timeCases } from './isolate.ts'

const root = join(import.meta.dirname, '..')
const filters = process.argv.slice(2)

function findBenchFiles(directory: string): string[] {
  const found: string[] = []
  for (const entry of readdirSync(directory)) {
    if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue
    const path = join(directory, entry)
    if (statSync(path).isDirectory()) found.push(...findBenchFiles(path))
    else if (entry.endsWith('.bench.ts')) found.push(path)
  }
  return found.sort()
}

const micros = (ms: number | undefined) => (ms === undefined ? Number.NaN : ms * 1000)
const format = (value: number) =>
  Number.isNaN(value)
    ? '-'
    : value >= 100
      ? value.toFixed(0)
      : value >= 1
        ? value.toFixed(2)
        : value.toFixed(3)

interface CaseResult {
  name: string
  medianMicros: number
  p99Micros: number
  opsPerSecond: number
  samples: number
  peerOf?: string
  ratioToPeer?: number
  targetMedianMicros?: number
  metTarget?: boolean
  /** Timed in its own child process (see bench/isolate.ts). */
  isolated?: boolean
}

async function runSuite(file: string, suite: BenchSuite) {
  await suite.setup?.()
  const results: CaseResult[] = []
  if (suite.cases?.length) {
    const timeMs = suite.timeMs ?? 500
    const timings = await timeCases(
      suite.cases.filter((benchCase) => !benchCase.isolate),
      timeMs,
    )
    // Isolated cases run after the others, each in its own child process.
    for (const benchCase of suite.cases) {
      if (benchCase.isolate)
        timings.set(benchCase.name, await timeCaseInChild(file, suite.name, benchCase.name, timeMs))
    }
    for (const benchCase of suite.cases) {
      const timing = timings.get(benchCase.name)!
      const medianMicros = micros(timing.medianMs)
      const row: CaseResult = {
        name: benchCase.name,
        medianMicros,
        p99Micros: micros(timing.p99Ms),
        opsPerSecond: timing.opsPerSecond,
        samples: timing.samples,
      }
      if (benchCase.isolate) row.isolated = true
      if (benchCase.peerOf) row.peerOf = benchCase.peerOf
      if (benchCase.targetMedianMicros !== undefined) {
        row.targetMedianMicros = benchCase.targetMedianMicros
        row.metTarget = medianMicros <= benchCase.targetMedianMicros
      }
      results.push(row)
    }
    for (const row of results) {
      const focal = row.peerOf ? results.find((r) => r.name === row.peerOf) : undefined
      if (focal) row.ratioToPeer = row.medianMicros / focal.medianMicros
    }
  }
  // The cases leave hundreds of MB of garbage (tinybench ran millions of iterations): collect it
  // now (pnpm bench passes --expose-gc), so a full collection of it cannot land inside a measurement.
  collectGarbage()
  const metrics: Record<string, BenchMetrics> = (await suite.measure?.()) ?? {}
  return { results, metrics }
}

function collectGarbage(): void {
  ;(globalThis as { gc?: () => void }).gc?.()
}

function print(suiteName: string, results: CaseResult[], metrics: Record<string, BenchMetrics>) {
  console.log(`\n## ${suiteName}`)
  if (results.length) {
    const header = ['case', 'median µs', 'p99 µs', 'ops/s', 'peer ÷ focal', 'target']
    const rows = results.map((r) => [
      r.isolated ? `${r.name} [own process]` : r.name,
      format(r.medianMicros),
      format(r.p99Micros),
      format(r.opsPerSecond),
      r.ratioToPeer === undefined ? '' : `${r.ratioToPeer.toFixed(2)}× (vs ${r.peerOf})`,
      r.targetMedianMicros === undefined
        ? ''
        : `${r.metTarget ? 'met' : 'MISSED'} ≤ ${r.targetMedianMicros} µs`,
    ])
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)))
    const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join('  ')
    console.log(line(header))
    for (const row of rows) console.log(line(row))
  }
  for (const [label, values] of Object.entries(metrics)) {
    console.log(
      `${label}: ${Object.entries(values)
        .map(([k, v]) => `${k}=${typeof v === 'number' ? format(v) : v}`)
        .join('  ')}`,
    )
  }
}

const files = findBenchFiles(join(root, 'packages')).concat(findBenchFiles(join(root, 'bench')))
const summary: Record<string, unknown> = { date: new Date().toISOString(), node: process.version, suites: {} }
mkdirSync(join(root, 'bench/results'), { recursive: true })
let ran = 0
for (const file of files) {
  const module = (await import(pathToFileURL(file).href)) as { default: BenchSuite | BenchSuite[] }
  const suites = Array.isArray(module.default) ? module.default : [module.default]
  for (const suite of suites) {
    if (filters.length && !filters.some((f) => suite.name.includes(f) || file.includes(f))) continue
    const { results, metrics } = await runSuite(file, suite)
    print(suite.name, results, metrics)
    const record = { file: relative(root, file), results, metrics }
    ;(summary.suites as Record<string, unknown>)[suite.name] = record
    const slug = suite.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()
    writeFileSync(join(root, 'bench/results', `${slug}.json`), `${JSON.stringify(record, null, 2)}\n`)
    ran++
  }
}
writeFileSync(join(root, 'bench/results/summary.json'), `${JSON.stringify(summary, null, 2)}\n`)
console.log(`\n${ran} suite(s); results in bench/results/`)
