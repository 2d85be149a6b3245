/**
 * The benchmark contract. A `*.bench.ts` file (beside the code it measures, or under bench/)
 * default-exports one suite or an array of suites. `pnpm bench [filter]` runs them all.
 */

/** One timed function. */
export interface BenchCase {
  name: string
  /** Called once per iteration; return a value so the work cannot be optimised away. */
  fn: () => unknown
  /**
   * Name of the Focal case this one is a peer of (another library doing the same job). The runner
   * prints `peer median / focal median`, so a ratio above 1 means Focal is faster.
   */
  peerOf?: string
  /** Optional target; the runner prints whether the median met it. */
  targetMedianMicros?: number
  /**
   * Time this case in a child process with its own heap (see bench/isolate.ts, which also has
   * `inChildProcess` and `isIsolatedChild` for a suite's measure step and its peer imports).
   */
  isolate?: boolean
}

/** Extra numbers a suite reports besides timings (accuracy, AUROC, req/s, ...). */
export type BenchMetrics = Record<string, number | string | boolean>

export interface BenchSuite {
  name: string
  /** Prepared once before timing (train a model, build a corpus). */
  setup?: () => Promise<void> | void
  cases?: BenchCase[]
  /** Non-timing measurements, run after the cases; keys are printed in order. */
  measure?: () => Promise<Record<string, BenchMetrics>> | Record<string, BenchMetrics>
  /** Minimum time per case in ms. @default 500 */
  timeMs?: number
}

/** Identity helper for typed suite files. */
export function defineSuite(suite: BenchSuite): BenchSuite {
  return suite
}
