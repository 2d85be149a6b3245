import {
  type CompletionDecision,
  type DecideCompletionOptions,
  decideCompletion,
} from './decide-completion.ts'
import type { GoalContract } from './goal-contract-schema.ts'
import { type GoalSnapshot, goalSnapshot } from './goal-snapshot.ts'
import type { GoalGateResult } from './types.ts'
import { parseGoalContract } from './validate-goal-contract.ts'

/** Options of {@link createGoalTracker}. */
export interface GoalTrackerOptions {
  /**
   * The goal contract; without one the snapshot stays undefined and the goal gate is skipped. Any
   * other value must be a valid contract, or `invalid-goal-contract` is thrown.
   */
  contract: GoalContract | undefined
  /**
   * Goal gate results recorded earlier (oldest first), e.g. restored from a session store.
   * @default []
   */
  attempts?: readonly GoalGateResult[]
}

/** Goal attempts over time, observable with `subscribe` / `getSnapshot` (for `useSyncExternalStore`). */
export interface GoalTracker {
  /** The current snapshot; the same object until the next change. */
  getSnapshot(): GoalSnapshot | undefined
  /** Calls the listener after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void
  /** Records one goal gate result as the next attempt. */
  record(result: GoalGateResult): void
  /** Decides completion with the recorded attempts as the budget, then records the goal gate result. */
  decide(options: Omit<DecideCompletionOptions, 'attempts'>): CompletionDecision
  /** Every recorded result, oldest first. */
  attempts(): readonly GoalGateResult[]
}

/**
 * Tracks goal attempts for one goal: records goal gate results, applies the attempt budget in
 * `decide`, and publishes a JSON-safe {@link GoalSnapshot} for planners and UI.
 * @example
 * const tracker = createGoalTracker({ contract })
 * const decision = tracker.decide({ requestedStatus: 'SUCCESS', trustGate, goalGate })
 * tracker.getSnapshot() // { metCount: 2, criteriaCount: 3, attemptNumber: 1, maxAttempts: 3, ... }
 */
export function createGoalTracker({ contract: given, attempts = [] }: GoalTrackerOptions): GoalTracker {
  const contract = given === undefined ? undefined : parseGoalContract(given)
  let history: readonly GoalGateResult[] = [...attempts]
  let snapshot = goalSnapshot({ contract, attempts: history })
  const listeners = new Set<() => void>()
  const record = (result: GoalGateResult) => {
    history = [...history, result]
    snapshot = goalSnapshot({ contract, attempts: history })
    for (const listener of [...listeners]) listener()
  }
  return {
    getSnapshot: () => snapshot,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    record,
    decide: (options) => {
      const decision = decideCompletion({ ...options, attempts: history })
      record(options.goalGate)
      return decision
    },
    attempts: () => history,
  }
}
