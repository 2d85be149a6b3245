import { describe, expect, it } from 'vitest'
import { toChatGoalSnapshot } from './to-chat-goal-snapshot.ts'

describe('toChatGoalSnapshot', () => {
  it("reads core's goal snapshot: criteria met / total, attempt n of max, per-criterion status", () => {
    const snapshot = toChatGoalSnapshot({
      goal_text: 'Find the churn drivers',
      criteriaCount: 3,
      metCount: 2,
      attemptNumber: 2,
      maxAttempts: 3,
      status: 'NOT_MET',
      criteria: [
        { id: 'accuracy', kind: 'metric_threshold', status: 'MET', message: 'accuracy ≥ 0.8' },
        { id: 'ci', kind: 'marker_required', status: 'MET', message: 'CI reported' },
        { id: 'findings', kind: 'finding_count', status: 'NOT_MET', message: '1 of 2 findings' },
      ],
    })
    expect(snapshot).toEqual({
      status: 'PARTIAL',
      criteriaMet: 2,
      criteriaTotal: 3,
      attempt: 2,
      maxAttempts: 3,
      criteria: [
        { id: 'accuracy', description: 'accuracy ≥ 0.8', met: true },
        { id: 'ci', description: 'CI reported', met: true },
        { id: 'findings', description: '1 of 2 findings', met: false },
      ],
      detail: 'Find the churn drivers',
    })
  })

  it('prefers a completion decision (SUCCESS / PARTIAL / BLOCKED) over the goal gate status', () => {
    expect(toChatGoalSnapshot({ decision: 'BLOCKED', status: 'MET', metCount: 1 })?.status).toBe('BLOCKED')
    expect(toChatGoalSnapshot({ status: 'MET' })?.status).toBe('SUCCESS')
    expect(toChatGoalSnapshot({ status: 'not-evaluated' })?.status).toBe('IN_PROGRESS')
  })

  it('returns undefined for payloads without a recognisable status', () => {
    expect(toChatGoalSnapshot({ name: 'goal-gate' })).toBeUndefined()
    expect(toChatGoalSnapshot('SUCCESS')).toBeUndefined()
  })

  it("reads the edge's bare goal-gate result without inventing counts", () => {
    expect(toChatGoalSnapshot({ name: 'goal-gate', status: 'MET', detail: 'all criteria met' })).toEqual({
      status: 'SUCCESS',
      criteriaMet: 0,
      criteriaTotal: 0,
      attempt: 0,
      maxAttempts: 0,
      criteria: [],
      detail: 'all criteria met',
    })
  })
})
