import { lastAttempts } from './group-by-job.ts'
import type { JudgeResultEventPayload } from './judge-metric-events.ts'

/** One time bucket of one intent in the Verdict Rate panel. */
export interface VerdictRateBucket {
  /** ISO-8601 start of the bucket. */
  bucketStart: string
  intentId: string
  PASS: number
  PASS_WITH_CAVEATS: number
  FAIL: number
  total: number
  /** PASS / total. */
  passRate: number
}

/** Options of {@link verdictRateByIntent}. */
export interface VerdictRateOptions {
  /** Bucket width. @default 3_600_000 (one hour) */
  bucketMs?: number
  /** Count every judge call, only first attempts, or only each job's last attempt. @default 'final' */
  attempts?: 'all' | 'first' | 'final'
}

/** Verdict Rate panel: PASS / PASS_WITH_CAVEATS / FAIL over time, sliced by intent. */
export function verdictRateByIntent(
  events: readonly JudgeResultEventPayload[],
  { bucketMs = 3_600_000, attempts = 'final' }: VerdictRateOptions = {},
): VerdictRateBucket[] {
  const chosen =
    attempts === 'all'
      ? events
      : attempts === 'first'
        ? events.filter((event) => event.attempt_index === 0)
        : lastAttempts(events)
  const buckets = new Map<string, VerdictRateBucket>()
  for (const event of chosen) {
    const start = Math.floor(Date.parse(event.timestamp) / bucketMs) * bucketMs
    const key = `${start}\u0000${event.intent_id}`
    let bucket = buckets.get(key)
    if (bucket === undefined) {
      bucket = {
        bucketStart: new Date(start).toISOString(),
        intentId: event.intent_id,
        PASS: 0,
        PASS_WITH_CAVEATS: 0,
        FAIL: 0,
        total: 0,
        passRate: 0,
      }
      buckets.set(key, bucket)
    }
    bucket[event.verdict]++
    bucket.total++
    bucket.passRate = bucket.PASS / bucket.total
  }
  return [...buckets.values()].sort(
    (a, b) => a.bucketStart.localeCompare(b.bucketStart) || a.intentId.localeCompare(b.intentId),
  )
}
