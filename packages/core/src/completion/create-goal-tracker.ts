import { FocalError } from '../errors/index.ts'
import { canonicalJson } from '../ledger/canonical-json.ts'
import {
  type CompletionDecision,
  type DecideCompletionOptions,
  decideCompletion,
} from './decide-completion.ts'
import { defaultMaxGoalAttempts } from './goal-contract-constants.ts'
import type { GoalContract } from './goal-contract-schema.ts'
import { type GoalSnapshot, goalSnapshot } from './goal-snapshot.ts'
import { assertGoalAttempt, parseGoalAttempts } from './parse-goal-attempts.ts'
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
   * Goal gate results recorded earlier (oldest first): what `attempts()` returned, e.g. read back
   * from a session store with `JSON.parse`. Validated; a corrupted one throws `invalid-goal-attempt`.
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
  /** Records one goal gate result (of this tracker's contract) as the next attempt. */
  record(result: GoalGateResult): void
  /**
   * Decides completion with the recorded attempts and the contract's `max_goal_attempts` as the
   * budget, then records the goal gate result. Once the budget is spent every decision is BLOCKED.
   */
  decide(options: Omit<DecideCompletionOptions, 'attempts' | 'maxGoalAttempts'>): CompletionDecision
  /** Every recorded result, oldest first, as plain JSON-safe copies: persist them and pass them back as `attempts`. */
  attempts(): GoalGateResult[]
}

/**
 * Tracks goal attempts for one goal: records goal gate results, applies the attempt budget in
 * `decide`, and publishes a JSON-safe {@link GoalSnapshot} for planners and UI. Attempts are plain
 * data, so a host keeps the budget across restarts by storing `attempts()` and restoring from it.
 * @example
 * const tracker = createGoalTracker({ contract, attempts: JSON.parse(stored ?? '[]') })
 * const decision = tracker.decide({ requestedStatus: 'SUCCESS', trustGate, goalGate })
 * await store.set(key, JSON.stringify(tracker.attempts()))
 * tracker.getSnapshot() // { metCount: 2, criteriaCount: 3, attemptNumber: 1, maxAttempts: 3, ... }
 */
export function createGoalTracker({ contract: given, attempts = [] }: GoalTrackerOptions): GoalTracker {
  const contract = given === undefined ? undefined : parseGoalContract(given)
  // Copies: nothing the host still holds can change the recorded budget.
  let history: readonly GoalGateResult[] = structuredClone(parseGoalAttempts(attempts))
  let snapshot = goalSnapshot({ contract, attempts: history })
  const listeners = new Set<() => void>()
  const check = (result: GoalGateResult, path: string) => {
    assertGoalAttempt(result, path)
    if (contract !== undefined) assertSameContract(result, contract, path)
  }
  const record = (result: GoalGateResult) => {
    history = [...history, structuredClone(result)]
    snapshot = goalSnapshot({ contract, attempts: history })
    for (const listener of [...listeners]) listener()
  }
  return {
    getSnapshot: () => snapshot,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    record: (result) => {
      check(result, 'result')
      record(result)
    },
    decide: (options) => {
      check(options.goalGate, 'goalGate')
      const maxGoalAttempts = contract?.max_goal_attempts ?? defaultMaxGoalAttempts
      const decision = decideCompletion({ ...options, attempts: history, maxGoalAttempts })
      record(options.goalGate)
      return decision
    },
    attempts: () => structuredClone([...history]),
  }
}

// A result without the contract (NO_CONTRACT) or of another contract would skip or shrink the goal:
// the same ids are not enough (`AC1` of a looser contract, target 0.1 for 0.9, met as SUCCESS).
function assertSameContract(result: GoalGateResult, contract: GoalContract, path: string): void {
  const expected = contract.acceptance_criteria.map((criterion) => criterion.id.trim()).sort()
  const actual = result.criteriaResults.map((entry) => entry.criterion.id.trim()).sort()
  let message: string | undefined
  if (result.overallStatus === 'NO_CONTRACT')
    message = "was evaluated without a goal contract; evaluate it with the tracker's contract"
  else if (expected.join('\n') !== actual.join('\n'))
    message = `has criteria ${actual.join(', ') || 'none'}, the tracker's contract has ${expected.join(', ')}`
  else {
    const own = new Map(
      contract.acceptance_criteria.map((criterion) => [criterion.id.trim(), canonicalJson(criterion)]),
    )
    const changed = result.criteriaResults.find(
      (entry) => own.get(entry.criterion.id.trim()) !== canonicalJson(entry.criterion),
    )
    if (changed !== undefined)
      message = `has criterion ${changed.criterion.id} as another contract writes it; evaluate it with the tracker's contract`
  }
  if (message === undefined) return
  throw new FocalError({
    code: 'invalid-goal-attempt',
    message: `Goal gate result ${message}`,
    issues: [{ path: `${path}.criteriaResults`, message }],
  })
}
