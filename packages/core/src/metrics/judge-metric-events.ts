import type { AlignmentJudgeResult, JudgeVerdict } from '../judge/index.ts'
import type { LedgerEventPayload } from '../ledger/index.ts'

/** Payload of a `final_alignment_judge_result` ledger event (seed 004 §9.13 field names). */
export type JudgeResultEventPayload = LedgerEventPayload<'final_alignment_judge_result'>
/** Payload of a `finalization_outcome` ledger event. */
export type FinalizationOutcomeEventPayload = LedgerEventPayload<'finalization_outcome'>

/** Options of {@link createJudgeResultEvent}. */
export interface CreateJudgeResultEventOptions {
  judgeResult: AlignmentJudgeResult
  jobId: string
  sessionId: string
  intentId: string
  /** 0 for the first finalize, 1..n for retries. */
  attemptIndex: number
  /** ISO-8601. */
  timestamp: string
  /** Hash of the user id, never the id itself. @default '' */
  userIdHash?: string
  /** @default '' */
  capabilityProfileId?: string
}

/**
 * The `final_alignment_judge_result` event for one judge call, ready for `ledger.append`.
 *
 * @example
 * await ledger.append(sessionId, createJudgeResultEvent({ judgeResult, jobId, sessionId, intentId, attemptIndex: 0, timestamp }))
 */
export function createJudgeResultEvent(options: CreateJudgeResultEventOptions): {
  type: 'final_alignment_judge_result'
  payload: JudgeResultEventPayload
} {
  const { judgeResult } = options
  const payload: JudgeResultEventPayload = {
    timestamp: options.timestamp,
    job_id: options.jobId,
    session_id: options.sessionId,
    user_id_hash: options.userIdHash ?? '',
    intent_id: options.intentId,
    capability_profile_id: options.capabilityProfileId ?? '',
    quality_score: judgeResult.qualityScore,
    verdict: judgeResult.verdict,
    reason_codes: [...judgeResult.reasonCodes],
    fix_mode: judgeResult.fixMode,
    attempt_index: options.attemptIndex,
    model_id: judgeResult.modelId,
  }
  if (judgeResult.tokenCost !== undefined) payload.token_cost = judgeResult.tokenCost
  return { type: 'final_alignment_judge_result', payload }
}

/** Options of {@link createFinalizationOutcomeEvent}. */
export interface CreateFinalizationOutcomeEventOptions {
  jobId: string
  sessionId: string
  finalVerdict: JudgeVerdict
  numRetries: number
  timeToFinalizeMs: number
  /** ISO-8601. */
  timestamp: string
  userFeedback?: 'up' | 'down'
}

const finalVerdicts = { PASS: 'pass', PASS_WITH_CAVEATS: 'caveats', FAIL: 'fail' } as const

/** The `finalization_outcome` event closing one job's finalization. */
export function createFinalizationOutcomeEvent(options: CreateFinalizationOutcomeEventOptions): {
  type: 'finalization_outcome'
  payload: FinalizationOutcomeEventPayload
} {
  const payload: FinalizationOutcomeEventPayload = {
    timestamp: options.timestamp,
    job_id: options.jobId,
    session_id: options.sessionId,
    final_verdict: finalVerdicts[options.finalVerdict],
    num_retries: options.numRetries,
    time_to_finalize_ms: options.timeToFinalizeMs,
  }
  if (options.userFeedback !== undefined) payload.user_feedback = options.userFeedback
  return { type: 'finalization_outcome', payload }
}

/** Pulls the two metric events out of ledger records (any order, any sessions). */
export function judgeMetricEventsFromRecords(records: ReadonlyArray<{ type: string; payload: unknown }>): {
  judgeResults: JudgeResultEventPayload[]
  outcomes: FinalizationOutcomeEventPayload[]
} {
  const judgeResults: JudgeResultEventPayload[] = []
  const outcomes: FinalizationOutcomeEventPayload[] = []
  for (const record of records) {
    if (record.type === 'final_alignment_judge_result')
      judgeResults.push(record.payload as JudgeResultEventPayload)
    else if (record.type === 'finalization_outcome')
      outcomes.push(record.payload as FinalizationOutcomeEventPayload)
  }
  return { judgeResults, outcomes }
}
