import { describe, expect, it } from 'vitest'
import { buildJudgePayload, judgeAlignmentHeuristically } from '../judge/index.ts'
import { createLedger, createMemoryLedgerStore } from '../ledger/index.ts'
import {
  createFinalizationOutcomeEvent,
  createJudgeResultEvent,
  judgeMetricEventsFromRecords,
} from './judge-metric-events.ts'

describe('createJudgeResultEvent', () => {
  it('builds events the ledger accepts, with the seed field names, and reads them back', async () => {
    const judgeResult = judgeAlignmentHeuristically(
      buildJudgePayload({
        goal: 'Draw a diagram of the queue',
        intentId: 'SYSTEM_CONTROL_FLOW',
        draft: 'The worker polls the queue and acks every job it finishes.',
      }),
    )
    const ledger = createLedger({ store: createMemoryLedgerStore() })
    const judged = createJudgeResultEvent({
      judgeResult,
      jobId: 'job-1',
      sessionId: 's1',
      intentId: 'SYSTEM_CONTROL_FLOW',
      attemptIndex: 0,
      timestamp: '2026-01-01T00:00:00.000Z',
    })
    const outcome = createFinalizationOutcomeEvent({
      jobId: 'job-1',
      sessionId: 's1',
      finalVerdict: judgeResult.verdict,
      numRetries: 0,
      timeToFinalizeMs: 12,
      timestamp: '2026-01-01T00:00:01.000Z',
    })
    await ledger.append('s1', judged)
    await ledger.append('s1', outcome)
    const { judgeResults, outcomes } = judgeMetricEventsFromRecords(await ledger.records('s1'))
    expect(judgeResults[0]).toMatchObject({
      verdict: 'FAIL',
      reason_codes: expect.arrayContaining(['WRONG_ARTIFACT_TYPE']),
      model_id: 'heuristic',
      attempt_index: 0,
    })
    expect(outcomes[0]).toMatchObject({ final_verdict: 'fail', num_retries: 0 })
  })
})
