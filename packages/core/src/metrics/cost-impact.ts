import type { FinalizationOutcomeEventPayload, JudgeResultEventPayload } from './judge-metric-events.ts'

/** Cost Impact panel. */
export interface JudgeCostImpact {
  jobs: number
  judgeCalls: number
  /** Judge calls beyond the first per job (caused by retries). */
  extraJudgeCalls: number
  averageRetries: number
  totalTokenCost: number
  averageTokenCostPerJob: number
  averageTimeToFinalizeMs: number
  p95TimeToFinalizeMs: number
}

/** Cost Impact: extra judge calls, additional retries, latency and token impact. */
export function costImpact(
  events: readonly JudgeResultEventPayload[],
  outcomes: readonly FinalizationOutcomeEventPayload[],
): JudgeCostImpact {
  const jobs = new Set([...events.map((event) => event.job_id), ...outcomes.map((outcome) => outcome.job_id)])
  const firstCalls = new Set(events.map((event) => event.job_id)).size
  const totalTokenCost = events.reduce((sum, event) => sum + (event.token_cost ?? 0), 0)
  const times = outcomes.map((outcome) => outcome.time_to_finalize_ms).sort((a, b) => a - b)
  const retries = outcomes.reduce((sum, outcome) => sum + outcome.num_retries, 0)
  return {
    jobs: jobs.size,
    judgeCalls: events.length,
    extraJudgeCalls: events.length - firstCalls,
    averageRetries: outcomes.length === 0 ? 0 : retries / outcomes.length,
    totalTokenCost,
    averageTokenCostPerJob: jobs.size === 0 ? 0 : totalTokenCost / jobs.size,
    averageTimeToFinalizeMs:
      times.length === 0 ? 0 : times.reduce((sum, time) => sum + time, 0) / times.length,
    p95TimeToFinalizeMs:
      times.length === 0 ? 0 : (times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)] ?? 0),
  }
}
