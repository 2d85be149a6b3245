import type { JudgeResultEventPayload } from './judge-metric-events.ts'

/** Fix Mode Distribution panel: counts and shares of the three fix modes over non-PASS judge calls. */
export function fixModeDistribution(
  events: readonly JudgeResultEventPayload[],
): Record<JudgeResultEventPayload['fix_mode'], { count: number; share: number }> {
  const relevant = events.filter((event) => event.verdict !== 'PASS')
  const result = {
    REWRITE_ONLY: { count: 0, share: 0 },
    NEEDS_NEW_EVIDENCE: { count: 0, share: 0 },
    NEEDS_USER_CLARIFICATION: { count: 0, share: 0 },
  }
  for (const event of relevant) result[event.fix_mode].count++
  for (const entry of Object.values(result))
    entry.share = relevant.length === 0 ? 0 : entry.count / relevant.length
  return result
}
