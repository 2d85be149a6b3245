import { buildJudgePayload } from '../judge/build-judge-payload.ts'
import { runFinalization } from '../judge/run-finalization.ts'
import type { LedgerEvent } from '../ledger/ledger-event-schema.ts'
import type { ProvenanceGate } from '../ledger/provenance-types.ts'
import { createFinalizationOutcomeEvent, createJudgeResultEvent } from '../metrics/judge-metric-events.ts'
import type { MatchedRule } from '../rules/types.ts'
import type { Perception } from '../sensor/types.ts'
import type { EnforcedReply } from './enforce-draft.ts'
import type { CompletedToolCall } from './session-state.ts'
import type { TurnDependencies } from './turn-types.ts'

/** What {@link finalizeReply} judges. */
export interface FinalizeReplyInput {
  enforced: EnforcedReply
  perception: Perception
  userMessage: string
  matched: readonly MatchedRule[]
  completed: readonly CompletedToolCall[]
  /** Drafts and enforces again with the judge's replan instruction (Lane 1 and 2 rerun). */
  redraft: (instruction: string) => Promise<EnforcedReply>
  /** Ids the metrics events carry (seed 004 §9.13 `session_id`, `job_id`: one job per turn). */
  sessionId: string
  turnId: string
}

/**
 * The finalize phase (seed 004 §9): when the definition enables the finalization gate, the
 * alignment judge scores the enforced reply and a bounded replan may redraft it; every redraft is
 * enforced again, so finalization can never reintroduce what Lane 1 removed.
 */
export async function finalizeReply(
  dependencies: TurnDependencies,
  input: FinalizeReplyInput,
): Promise<{ enforced: EnforcedReply; gate?: ProvenanceGate; metrics: LedgerEvent[] }> {
  const gate = dependencies.compiled.definition.settings.finalizationGate
  const judge = dependencies.alignmentJudge
  if (!gate.enabled || judge === undefined || input.enforced.refused)
    return { enforced: input.enforced, metrics: [] }
  const drafts = new Map<string, EnforcedReply>([[input.enforced.text, input.enforced]])
  const payload = buildJudgePayload({
    goal: input.userMessage,
    intentId: input.perception.intent,
    draft: input.enforced.text,
    constraints: input.matched.flatMap(({ rule }) =>
      rule.description === undefined ? [] : [rule.description],
    ),
    toolTrace: input.completed.map((call) => `${call.toolId}: ${call.status}`),
    goalAmbiguous:
      input.perception.ambiguity.score > dependencies.compiled.definition.settings.ambiguityThreshold,
  })
  const result = await runFinalization({
    judge,
    payload,
    maxRetries: dependencies.model === undefined ? 0 : gate.maxRetries,
    evidenceIds: input.completed.map((call) => call.toolId),
    regenerate: async (directive) => {
      const redrafted = await input.redraft(directive.instruction)
      drafts.set(redrafted.text, redrafted)
      return { draft: redrafted.text }
    },
  })
  const enforced = drafts.get(result.draft) ?? input.enforced
  const codes = result.judgeResult.reasonCodes.join(', ')
  const timestamp = new Date(dependencies.clock.now()).toISOString()
  const job = { jobId: input.turnId, sessionId: input.sessionId, timestamp }
  // One judge event per attempt and one outcome per turn, so the §9.13 dashboards read the ledger.
  const metrics: LedgerEvent[] = [
    ...result.attempts.map((attempt, attemptIndex) =>
      createJudgeResultEvent({
        ...job,
        judgeResult: attempt.judgeResult,
        intentId: input.perception.intent,
        attemptIndex,
      }),
    ),
    createFinalizationOutcomeEvent({
      ...job,
      finalVerdict: result.judgeResult.verdict,
      numRetries: result.retries,
      timeToFinalizeMs: result.timeToFinalizeMs,
    }),
  ]
  return {
    enforced,
    metrics,
    gate: {
      name: 'final-alignment',
      status: `${result.judgeResult.verdict} (${result.type})`,
      ...(codes === '' ? {} : { detail: codes }),
    },
  }
}
