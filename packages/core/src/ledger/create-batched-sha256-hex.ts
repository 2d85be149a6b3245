import { sha256Hex } from './sha256-hex.ts'

/** Runs `flush` later (e.g. Node's `setImmediate`): when the digests queued until then start. */
export type LedgerDigestScheduler = (flush: () => void) => void

interface QueuedCall {
  start: () => Promise<string>
  resolve: (hex: string) => void
  reject: (error: unknown) => void
}

/**
 * A hex SHA-256 (Web Crypto, like `sha256Hex`) whose digests start in batches: each call queues
 * its text, the first call of a batch asks `schedule` to run the flush, and the flush starts every
 * queued digest at once. On Node each `crypto.subtle.digest` is a libuv thread-pool job, and a job
 * posted while the pool thread sleeps has to wake it; digests started together share that wake-up.
 * Same digests, same results; only when they start changes.
 *
 * @example
 * const digest = createBatchedSha256Hex((flush) => setImmediate(flush))
 * const [a, b] = await Promise.all([digest('a'), digest('b')]) // one batch of two digests
 */
export function createBatchedSha256Hex(schedule: LedgerDigestScheduler): (text: string) => Promise<string> {
  const batch = createCryptoBatch(schedule)
  return (text) => batch(() => sha256Hex(text))
}

/**
 * Starts Web Crypto calls (digests, HMACs) in batches, as `createBatchedSha256Hex` starts digests:
 * each call queues its `start`, and the scheduled flush starts every queued one at once.
 */
export function createCryptoBatch(
  schedule: LedgerDigestScheduler,
): (start: () => Promise<string>) => Promise<string> {
  let queued: QueuedCall[] = []
  const flush = () => {
    const batch = queued
    queued = []
    for (const { start, resolve, reject } of batch) start().then(resolve, reject)
  }
  return (start) =>
    new Promise<string>((resolve, reject) => {
      queued.push({ start, resolve, reject })
      if (queued.length === 1) schedule(flush)
    })
}
