import { groupByJob } from './group-by-job.ts'
import type { JudgeResultEventPayload } from './judge-metric-events.ts'

/** Replan Effectiveness panel. */
export interface ReplanEffectiveness {
  /** Jobs whose first attempt was not PASS (they needed a replan). */
  jobsNeedingReplan: number
  /** Of those, jobs whose first attempt FAILed. */
  failedFirst: number
  /** % of FAIL-first jobs passing by attempt 1. */
  failToPassByAttempt1Percent: number
  /** % of FAIL-first jobs still failing after the maximum retries. */
  stillFailingAfterMaxRetriesPercent: number
  /** % of jobs needing a replan whose last attempt passed (PASS). */
  replanSuccessPercent: number
}

/** Replan Effectiveness: % FAIL→PASS by attempt 1, % still FAIL after max retries, overall replan success. */
export function replanEffectiveness(
  events: readonly JudgeResultEventPayload[],
  { maxRetries = 2 }: { maxRetries?: number } = {},
): ReplanEffectiveness {
  const jobs = groupByJob(events)
  let needing = 0
  let failedFirst = 0
  let passedBy1 = 0
  let stillFailing = 0
  let succeeded = 0
  for (const attempts of jobs.values()) {
    const first = attempts[0]
    const last = attempts[attempts.length - 1]
    if (first === undefined || last === undefined || first.verdict === 'PASS') continue
    needing++
    if (last.verdict === 'PASS') succeeded++
    if (first.verdict !== 'FAIL') continue
    failedFirst++
    if (attempts.some((attempt) => attempt.attempt_index <= 1 && attempt.verdict === 'PASS')) passedBy1++
    if (last.verdict === 'FAIL' && last.attempt_index >= maxRetries) stillFailing++
  }
  const percent = (part: number, whole: number) => (whole === 0 ? 0 : (part / whole) * 100)
  return {
    jobsNeedingReplan: needing,
    failedFirst,
    failToPassByAttempt1Percent: percent(passedBy1, failedFirst),
    stillFailingAfterMaxRetriesPercent: percent(stillFailing, failedFirst),
    replanSuccessPercent: percent(succeeded, needing),
  }
}
