import type { JudgeResultEventPayload } from './judge-metric-events.ts'

/** Judge events per job, each list ordered by attempt index. */
export function groupByJob(
  events: readonly JudgeResultEventPayload[],
): Map<string, JudgeResultEventPayload[]> {
  const jobs = new Map<string, JudgeResultEventPayload[]>()
  for (const event of events) {
    const list = jobs.get(event.job_id) ?? []
    list.push(event)
    jobs.set(event.job_id, list)
  }
  for (const list of jobs.values()) list.sort((a, b) => a.attempt_index - b.attempt_index)
  return jobs
}

/** The last attempt of every job. */
export function lastAttempts(events: readonly JudgeResultEventPayload[]): JudgeResultEventPayload[] {
  return [...groupByJob(events).values()].flatMap((attempts) => attempts.slice(-1))
}
