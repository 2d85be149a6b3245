import type { JudgeResultEventPayload } from './judge-metric-events.ts'

/** The "Correct But Far Away" Index. */
export interface CorrectButFarAwayIndex {
  sessions: number
  /** Sessions with at least one WRONG_ABSTRACTION_LEVEL or WRONG_ARTIFACT_TYPE. */
  affectedSessions: number
  /** affectedSessions / sessions × 100. */
  percent: number
  byIntent: Record<string, { sessions: number; affectedSessions: number; percent: number }>
}

const farAwayCodes = new Set(['WRONG_ABSTRACTION_LEVEL', 'WRONG_ARTIFACT_TYPE'])

/** % of sessions with WRONG_ABSTRACTION_LEVEL or WRONG_ARTIFACT_TYPE, overall and per intent. */
export function correctButFarAwayIndex(events: readonly JudgeResultEventPayload[]): CorrectButFarAwayIndex {
  const sessions = new Map<string, boolean>()
  const perIntent = new Map<string, Map<string, boolean>>()
  for (const event of events) {
    const farAway = event.reason_codes.some((code) => farAwayCodes.has(code))
    sessions.set(event.session_id, (sessions.get(event.session_id) ?? false) || farAway)
    const intentSessions = perIntent.get(event.intent_id) ?? new Map<string, boolean>()
    intentSessions.set(event.session_id, (intentSessions.get(event.session_id) ?? false) || farAway)
    perIntent.set(event.intent_id, intentSessions)
  }
  const summarise = (map: Map<string, boolean>) => {
    const affected = [...map.values()].filter(Boolean).length
    return {
      sessions: map.size,
      affectedSessions: affected,
      percent: map.size === 0 ? 0 : (affected / map.size) * 100,
    }
  }
  const byIntent: CorrectButFarAwayIndex['byIntent'] = {}
  for (const [intent, map] of perIntent) byIntent[intent] = summarise(map)
  return { ...summarise(sessions), byIntent }
}
