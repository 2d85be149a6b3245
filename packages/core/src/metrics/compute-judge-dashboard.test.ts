import { describe, expect, it } from 'vitest'
import { computeJudgeDashboard } from './compute-judge-dashboard.ts'
import { evaluateJudgeAlerts } from './evaluate-judge-alerts.ts'
import type { FinalizationOutcomeEventPayload, JudgeResultEventPayload } from './judge-metric-events.ts'

type Verdict = JudgeResultEventPayload['verdict']
type FixMode = JudgeResultEventPayload['fix_mode']

function judged(
  job: string,
  session: string,
  intent: string,
  attempt: number,
  verdict: Verdict,
  codes: string[],
  fixMode: FixMode,
  minute: number,
  tokens = 100,
): JudgeResultEventPayload {
  return {
    timestamp: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString(),
    job_id: job,
    session_id: session,
    user_id_hash: '',
    intent_id: intent,
    capability_profile_id: '',
    quality_score: verdict === 'PASS' ? 0.9 : verdict === 'FAIL' ? 0.4 : 0.7,
    verdict,
    reason_codes: codes,
    fix_mode: fixMode,
    attempt_index: attempt,
    model_id: 'judge',
    token_cost: tokens,
  }
}

function finished(
  job: string,
  retries: number,
  ms: number,
  verdict: FinalizationOutcomeEventPayload['final_verdict'],
): FinalizationOutcomeEventPayload {
  return {
    timestamp: '2026-01-01T02:00:00.000Z',
    job_id: job,
    session_id: 's',
    final_verdict: verdict,
    num_retries: retries,
    time_to_finalize_ms: ms,
  }
}

// Four jobs:
//  j1 (flow, s1): FAIL wrong abstraction -> PASS at attempt 1
//  j2 (flow, s2): PASS at once
//  j3 (repo, s3): FAIL wrong artifact -> FAIL -> FAIL (max retries)
//  j4 (repo, s4, second hour): PASS_WITH_CAVEATS missing elements, needs evidence -> PASS_WITH_CAVEATS
const judgeResults = [
  judged('j1', 's1', 'SYSTEM_CONTROL_FLOW', 0, 'FAIL', ['WRONG_ABSTRACTION_LEVEL'], 'REWRITE_ONLY', 1),
  judged('j1', 's1', 'SYSTEM_CONTROL_FLOW', 1, 'PASS', [], 'REWRITE_ONLY', 2),
  judged('j2', 's2', 'SYSTEM_CONTROL_FLOW', 0, 'PASS', [], 'REWRITE_ONLY', 3),
  judged(
    'j3',
    's3',
    'REPO_ORIENTATION',
    0,
    'FAIL',
    ['WRONG_ARTIFACT_TYPE', 'MISSING_REQUIRED_ELEMENTS'],
    'REWRITE_ONLY',
    4,
  ),
  judged('j3', 's3', 'REPO_ORIENTATION', 1, 'FAIL', ['MISSING_REQUIRED_ELEMENTS'], 'NEEDS_NEW_EVIDENCE', 5),
  judged('j3', 's3', 'REPO_ORIENTATION', 2, 'FAIL', ['MISSING_REQUIRED_ELEMENTS'], 'NEEDS_NEW_EVIDENCE', 6),
  judged(
    'j4',
    's4',
    'REPO_ORIENTATION',
    0,
    'PASS_WITH_CAVEATS',
    ['MISSING_REQUIRED_ELEMENTS'],
    'NEEDS_NEW_EVIDENCE',
    61,
  ),
  judged(
    'j4',
    's4',
    'REPO_ORIENTATION',
    1,
    'PASS_WITH_CAVEATS',
    ['OVERLY_GENERIC'],
    'NEEDS_USER_CLARIFICATION',
    62,
  ),
]
const outcomes = [
  finished('j1', 1, 300, 'pass'),
  finished('j2', 0, 100, 'pass'),
  finished('j3', 2, 900, 'fail'),
  finished('j4', 1, 500, 'caveats'),
]

describe('computeJudgeDashboard', () => {
  const dashboard = computeJudgeDashboard({ judgeResults, outcomes })

  it('computes the verdict rate per hour and intent from each job’s final attempt', () => {
    expect(dashboard.verdictRate).toEqual([
      {
        bucketStart: '2026-01-01T00:00:00.000Z',
        intentId: 'REPO_ORIENTATION',
        PASS: 0,
        PASS_WITH_CAVEATS: 0,
        FAIL: 1,
        total: 1,
        passRate: 0,
      },
      {
        bucketStart: '2026-01-01T00:00:00.000Z',
        intentId: 'SYSTEM_CONTROL_FLOW',
        PASS: 2,
        PASS_WITH_CAVEATS: 0,
        FAIL: 0,
        total: 2,
        passRate: 1,
      },
      {
        bucketStart: '2026-01-01T01:00:00.000Z',
        intentId: 'REPO_ORIENTATION',
        PASS: 0,
        PASS_WITH_CAVEATS: 1,
        FAIL: 0,
        total: 1,
        passRate: 0,
      },
    ])
  })

  it('ranks reason codes with counts stacked by intent', () => {
    expect(dashboard.topReasonCodes.slice(0, 2)).toEqual([
      { code: 'MISSING_REQUIRED_ELEMENTS', total: 4, byIntent: { REPO_ORIENTATION: 4 } },
      { code: 'OVERLY_GENERIC', total: 1, byIntent: { REPO_ORIENTATION: 1 } },
    ])
    expect(dashboard.topReasonCodes.map((row) => row.code)).toContain('WRONG_ABSTRACTION_LEVEL')
  })

  it('computes the "correct but far away" index per session', () => {
    expect(dashboard.correctButFarAway).toMatchObject({ sessions: 4, affectedSessions: 2, percent: 50 })
    expect(dashboard.correctButFarAway.byIntent.SYSTEM_CONTROL_FLOW).toEqual({
      sessions: 2,
      affectedSessions: 1,
      percent: 50,
    })
  })

  it('measures replan effectiveness', () => {
    expect(dashboard.replanEffectiveness).toEqual({
      jobsNeedingReplan: 3,
      failedFirst: 2,
      failToPassByAttempt1Percent: 50,
      stillFailingAfterMaxRetriesPercent: 50,
      replanSuccessPercent: (1 / 3) * 100,
    })
  })

  it('distributes fix modes over non-PASS judgments', () => {
    expect(dashboard.fixModes.REWRITE_ONLY.count).toBe(2)
    expect(dashboard.fixModes.NEEDS_NEW_EVIDENCE.count).toBe(3)
    expect(dashboard.fixModes.NEEDS_USER_CLARIFICATION).toEqual({ count: 1, share: 1 / 6 })
  })

  it('reports the cost impact of retries', () => {
    expect(dashboard.cost).toEqual({
      jobs: 4,
      judgeCalls: 8,
      extraJudgeCalls: 4,
      averageRetries: 1,
      totalTokenCost: 800,
      averageTokenCostPerJob: 200,
      averageTimeToFinalizeMs: 450,
      p95TimeToFinalizeMs: 900,
    })
  })

  it('reads the events straight from ledger records', () => {
    const records = [
      ...judgeResults.map((payload) => ({ type: 'final_alignment_judge_result', payload })),
      ...outcomes.map((payload) => ({ type: 'finalization_outcome', payload })),
      { type: 'turn-completed', payload: {} },
    ]
    expect(computeJudgeDashboard(records).cost.judgeCalls).toBe(8)
  })
})

describe('evaluateJudgeAlerts', () => {
  it('fires the abstraction spike, replan success and loopiness alerts past their thresholds', () => {
    const alerts = evaluateJudgeAlerts(judgeResults, outcomes, {
      minSamples: 1,
      abstractionSpikePercent: 30,
      minReplanSuccessPercent: 50,
      maxAverageRetries: 0.9,
    })
    expect(alerts.map((alert) => [alert.type, alert.intentId])).toEqual([
      ['wrong-abstraction-spike', 'SYSTEM_CONTROL_FLOW'],
      ['replan-success-low', undefined],
      ['loopiness', undefined],
    ])
  })

  it('stays quiet at the default thresholds and below the minimum sample size', () => {
    expect(evaluateJudgeAlerts(judgeResults, outcomes)).toEqual([])
    expect(
      evaluateJudgeAlerts(judgeResults, outcomes, {
        minSamples: 1,
        abstractionSpikePercent: 34,
        minReplanSuccessPercent: 30,
        maxAverageRetries: 1.3,
      }),
    ).toEqual([])
  })
})
