import type { JudgeResultEventPayload } from './judge-metric-events.ts'

/** One row of the Top Reason Codes panel. */
export interface ReasonCodeCount {
  code: string
  total: number
  /** The same count stacked by intent. */
  byIntent: Record<string, number>
}

/** Top Reason Codes panel: frequency of each code over judge calls, stacked by intent, most frequent first. */
export function topReasonCodes(
  events: readonly JudgeResultEventPayload[],
  { limit = 10 }: { limit?: number } = {},
): ReasonCodeCount[] {
  const counts = new Map<string, ReasonCodeCount>()
  for (const event of events) {
    for (const code of new Set(event.reason_codes)) {
      const row = counts.get(code) ?? { code, total: 0, byIntent: {} }
      row.total++
      row.byIntent[event.intent_id] = (row.byIntent[event.intent_id] ?? 0) + 1
      counts.set(code, row)
    }
  }
  return [...counts.values()]
    .sort((a, b) => b.total - a.total || a.code.localeCompare(b.code))
    .slice(0, limit)
}
