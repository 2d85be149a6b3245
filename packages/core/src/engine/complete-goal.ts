import { createGoalTracker } from '../completion/create-goal-tracker.ts'
import type { CompletionDecision, CompletionStatus } from '../completion/decide-completion.ts'
import { evaluateGoalGate } from '../completion/evaluate-goal-gate.ts'
import { evaluateTrustGate } from '../completion/evaluate-trust-gate.ts'
import type { GoalContract } from '../completion/goal-contract-schema.ts'
import { type GoalSnapshot, goalSnapshot } from '../completion/goal-snapshot.ts'
import type { GoalGateResult } from '../completion/types.ts'
import { parseGoalContract } from '../completion/validate-goal-contract.ts'
import { FocalError } from '../errors/focal-error.ts'
import type { LedgerEvent } from '../ledger/ledger-event-schema.ts'
import type { ProvenanceGate } from '../ledger/provenance-types.ts'
import type { EngineSessionState } from './session-state.ts'

/** What the agent hands in when it believes it is done (seed 001's completion signal). */
export interface CompleteGoalInput {
  sessionId: string
  /**
   * The goal contract (seed 001): given on the first completion of a session and kept in the
   * session after; a later one replaces it only when `replaceContract` is set.
   */
  contract?: unknown
  replaceContract?: boolean
  /** The run's output text with its markers (`[METRIC:cv_accuracy_mean] 0.91`, `[FINDING] ...`). */
  output: string
  /** Paths of the artifacts the run produced (`models/model.pkl`). @default [] */
  artifacts?: readonly string[]
  /** An adversarial reviewer's trust score, 0–100. @default none (quality gates only) */
  reviewerTrustScore?: number
  /** What the agent claims. @default 'SUCCESS' */
  requestedStatus?: CompletionStatus
  /** The approach this attempt took, for pivot advice. */
  approach?: string
}

/** What one completion decided. */
export interface CompleteGoalResult {
  sessionId: string
  decision: CompletionDecision
  /** Goal progress after this attempt (what `data-goal-gate` carries). */
  snapshot: GoalSnapshot
  /** The gate as the provenance and the UI show it. */
  gate: ProvenanceGate
}

/**
 * The completion step: the goal gate (acceptance criteria against the output), the trust gate
 * (quality gates and the reviewer score) and the decision matrix, with the attempt budget read
 * from and written to the session, so it holds across restarts and instances. A session with no
 * contract, or an invalid one, is an error, never SUCCESS.
 */
export function completeGoal(
  state: EngineSessionState,
  input: CompleteGoalInput,
): { result: CompleteGoalResult; state: EngineSessionState; ledger: LedgerEvent[] } {
  const stored = state.goal
  const contract: GoalContract =
    input.contract !== undefined && (stored === undefined || input.replaceContract === true)
      ? parseGoalContract(input.contract)
      : (stored?.contract ?? failNoContract(input.sessionId))
  const attempts: GoalGateResult[] =
    stored !== undefined && stored.contract === contract ? [...stored.attempts] : []
  const tracker = createGoalTracker({ contract, attempts })
  const goalGate = evaluateGoalGate(contract, {
    output: input.output,
    artifacts: input.artifacts ?? [],
    ...(input.approach === undefined ? {} : { approach: input.approach }),
  })
  const trustGate = evaluateTrustGate({
    quality: input.output,
    ...(input.reviewerTrustScore === undefined ? {} : { reviewerTrustScore: input.reviewerTrustScore }),
  })
  const decision = tracker.decide({
    requestedStatus: input.requestedStatus ?? 'SUCCESS',
    trustGate,
    goalGate,
    requireGoalContract: true,
  })
  // A contract is always present here, so the snapshot is too.
  const snapshot = goalSnapshot({ contract, attempts: tracker.attempts() })!
  const next: EngineSessionState = { ...state, goal: { contract, attempts: [...tracker.attempts()] } }
  const gate: ProvenanceGate = {
    name: 'goal-gate',
    status: decision.status,
    detail: `${snapshot.summary}; trust gate ${decision.trustGate}; goal gate ${decision.goalGate}`,
  }
  const ledger: LedgerEvent[] = [
    {
      type: 'goal-gate-evaluated',
      payload: {
        status: decision.status,
        requestedStatus: decision.requestedStatus,
        reason: decision.reason,
        trustGate: decision.trustGate,
        goalGate: decision.goalGate,
        attemptNumber: decision.attemptNumber,
        maxGoalAttempts: decision.maxGoalAttempts,
        metCount: goalGate.metCount,
        totalCount: goalGate.totalCount,
      },
    },
  ]
  return { result: { sessionId: input.sessionId, decision, snapshot, gate }, state: next, ledger }
}

function failNoContract(sessionId: string): never {
  throw new FocalError({
    code: 'invalid-goal-contract',
    message: `session "${sessionId}" has no goal contract: pass one with its first completion`,
    issues: [{ path: 'contract', message: 'required on the first completion of a session' }],
  })
}
