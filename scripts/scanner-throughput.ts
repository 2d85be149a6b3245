// Compares the working tree's Lane 1 scanner with the one at a git ref on the dense 1 MB bench
// corpus, alternating scans in one process so both see the same machine load, and timing each
// scan by this process's CPU time (not wall time: on a shared machine a scan descheduled for a few
// milliseconds would count them). Prints each side's median and the ratio of the medians; the
// issue's budget is a ratio of at least 0.90 against the scanner before the detector registry.
//
//   node --conditions=@focal/source --import tsx scripts/scanner-throughput.ts <ref> [pairs] [detectors]
//
// `detectors` is a comma-separated `ScanOptions.detectors` list (all when omitted).
// With `FOCAL_SCAN_OFF_BYTES=1` the corpus holds one curly apostrophe (U+2019), as model replies
// often do: it is then read character by character, not as bytes. `<ref>..<other>`
// compares the scanner at `other` with the one at `ref` instead of the working tree (a commit's
// cost, measured after the fact).
import type { DetectorId, ScanOptions } from '../packages/core/src/enforcement/types.ts'
import { scannerAtRef } from './scanner-at-ref.ts'

const [range, pairsArgument, detectorsArgument] = process.argv.slice(2)
const [ref, other] = range?.split('..') ?? []
if (ref === undefined || ref === '') {
  console.error('usage: scanner-throughput.ts <git ref> [pairs of scans, default 120] [detectors]')
  process.exit(2)
}
const pairs = Number(pairsArgument ?? 120)

const previous = await scannerAtRef(ref)
const current = await scannerAtRef(other)
const createCurrentScanner = current.createScanner
const { benchCorpus: asciiCorpus } = (await import(
  '../packages/core/src/enforcement/enforcement.bench.ts'
)) as { benchCorpus: string }
const benchCorpus =
  process.env.FOCAL_SCAN_OFF_BYTES === '1'
    ? `${asciiCorpus.slice(0, 500)}\u2019${asciiCorpus.slice(501)}`
    : asciiCorpus

const options: ScanOptions =
  detectorsArgument === undefined ? {} : { detectors: detectorsArgument.split(',') as DetectorId[] }
const sides = [
  { name: ref, scanner: previous.createScanner(options), millis: [] as number[] },
  { name: other ?? 'working tree', scanner: createCurrentScanner(options), millis: [] as number[] },
]

/** CPU milliseconds (user + system) of one scan of the corpus. */
function cpuMillis(scan: () => unknown): number {
  const before = process.cpuUsage()
  scan()
  const spent = process.cpuUsage(before)
  return (spent.user + spent.system) / 1000
}

for (let round = 0; round < 30; round++) for (const side of sides) side.scanner.scan(benchCorpus)
for (let round = 0; round < pairs; round++) {
  // Alternate which side goes first, so neither always runs right after the other.
  const order = round % 2 === 0 ? sides : [...sides].reverse()
  for (const side of order) side.millis.push(cpuMillis(() => side.scanner.scan(benchCorpus)))
}
previous.dispose()
current.dispose()

const median = (values: number[]): number =>
  [...values].sort((left, right) => left - right)[Math.floor(values.length / 2)] as number
const megabytes = benchCorpus.length / (1024 * 1024)
for (const side of sides) {
  const millis = median(side.millis)
  const findings = side.scanner.scan(benchCorpus).findings.length
  console.log(
    `${side.name}: median ${millis.toFixed(2)} ms CPU per scan, ${(megabytes / (millis / 1000)).toFixed(1)} MB/s, ${findings} findings`,
  )
}
const [before, now] = sides.map((side) => median(side.millis)) as [number, number]
console.log(
  `throughput ratio (${other ?? 'working tree'} / ${ref}), ${pairs} alternating pairs: ${(before / now).toFixed(3)}`,
)
