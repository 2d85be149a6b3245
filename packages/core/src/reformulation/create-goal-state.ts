import { FocalError } from '../errors/focal-error.ts'
import { createLedger, type Ledger } from '../ledger/create-ledger.ts'
import type { ProvenanceGoal } from '../ledger/provenance-types.ts'
import type { LedgerRecord } from '../ledger/types.ts'
import type {
  AllowedReformulationType,
  ReformulationAbortCode,
  ReformulationEvidence,
  ReformulationValidation,
} from './types.ts'
import { type ValidateReformulationOptions, validateReformulation } from './validate-reformulation.ts'

/** The reformulation currently in force. */
export interface ActiveReformulation {
  goal: string
  type: AllowedReformulationType
  confidence: number
  evidenceIds: string[]
  /** The `GOAL_REFORMULATION` ledger record written before it took effect. */
  ledgerRecordId: string
}

/** What the goal state holds; replaced (never mutated) on every change. */
export interface GoalStateSnapshot {
  original: string
  /** The goal execution uses: the original, or the active reformulation. */
  active: string
  reformulation: ActiveReformulation | null
  /** `aborted` after DTL-STRAT-011: the run must stop. */
  status: 'running' | 'aborted'
  abort: { code: 'DTL-STRAT-011'; message: string } | null
}

/** The outcome of `reformulate`: a value, never a throw. */
export type GoalReformulationOutcome =
  | { type: 'activated'; validation: ReformulationValidation; record: LedgerRecord }
  /** Failed a criterion: the reformulation is dropped and the current goal stays (seed: "use original"). */
  | { type: 'rejected'; code: ReformulationAbortCode; validation: ReformulationValidation }
  /** The ledger append failed, so it was never activated and the whole run is aborted. */
  | {
      type: 'aborted'
      code: 'DTL-STRAT-011'
      abortRun: true
      error: FocalError
      validation?: ReformulationValidation
    }

/** The outcome of `restore`. */
export type GoalRestoreOutcome =
  | { type: 'unchanged' }
  | { type: 'restored'; logged: true; record: LedgerRecord }
  /** Restored all the same (reversibility never depends on storage); the `GOAL_RESTORED` record is missing. */
  | { type: 'restored'; logged: false; error: unknown }

/** Inputs of one reformulation attempt; the original always comes from the goal state. */
export interface ReformulateGoalOptions {
  candidate: string
  confidence: number
  /** Cited evidence; without any the reformulation is rejected (DTL-STRAT-009). @default [] */
  evidence?: readonly ReformulationEvidence[]
}

/** Options of {@link createGoalState}; validation options apply to every `reformulate`. */
export interface CreateGoalStateOptions
  extends Pick<ValidateReformulationOptions, 'originalConstraints' | 'similarity' | 'lexicon' | 'now'> {
  /** The goal as given. */
  original: string
  /** Where `GOAL_REFORMULATION` and `GOAL_RESTORED` are recorded. @default createLedger() (in memory) */
  ledger?: Ledger
  /** Ledger session. @default `goal_<uuid>` */
  sessionId?: string
  /** Ledger actor of reformulations. @default 'agent' */
  actor?: string
  /** Aborted (reason: FocalError `reformulation-not-logged`) on DTL-STRAT-011. @default a new AbortController */
  abortController?: AbortController
}

/** Original and active goal, with guarded, logged, reversible reformulation (seed 000). */
export interface GoalState {
  getSnapshot(): GoalStateSnapshot
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void
  /** Validates against the original, logs `GOAL_REFORMULATION`, and only then activates. */
  reformulate(options: ReformulateGoalOptions): Promise<GoalReformulationOutcome>
  /** Returns to the original goal, changing nothing else, then logs `GOAL_RESTORED`. */
  restore(options?: { reason?: string }): Promise<GoalRestoreOutcome>
  /** Aborted when the run must stop (DTL-STRAT-011). */
  readonly signal: AbortSignal
  /** The goal part of a provenance footer. */
  toProvenance(): ProvenanceGoal
}

/**
 * Creates the goal state of a run. A reformulation takes effect only after it passes
 * `validateReformulation` against the ORIGINAL goal (so small steps cannot drift) and after its
 * `GOAL_REFORMULATION` record is in the ledger; if that append fails the reformulation is never
 * active and the run is aborted (DTL-STRAT-011). `restore()` always succeeds.
 *
 * @example
 * const goal = createGoalState({ original: 'What happened in crypto markets today?', ledger })
 * const outcome = await goal.reformulate({ candidate, confidence: 0.92, evidence })
 * if (outcome.type === 'aborted') stopRun(outcome.error)
 * goal.getSnapshot().active // the goal to execute
 */
export function createGoalState(input: string | CreateGoalStateOptions): GoalState {
  const options = typeof input === 'string' ? { original: input } : input
  if (typeof options.original !== 'string' || options.original.trim() === '') {
    throw new FocalError({
      code: 'invalid-argument',
      message: 'createGoalState: original must be a non-empty goal',
    })
  }
  const {
    original,
    ledger = createLedger(),
    sessionId = `goal_${crypto.randomUUID()}`,
    actor = 'agent',
  } = options
  const abortController = options.abortController ?? new AbortController()
  const listeners = new Set<() => void>()
  let snapshot: GoalStateSnapshot = freeze({
    original,
    active: original,
    reformulation: null,
    status: 'running',
    abort: null,
  })
  let queue: Promise<unknown> = Promise.resolve()
  let runError: FocalError | undefined

  const set = (next: GoalStateSnapshot) => {
    // Frozen: the active goal changes only through reformulate/restore, each with its ledger record.
    snapshot = freeze(next)
    for (const listener of [...listeners]) listener()
  }
  // One change at a time: a restore never interleaves with a pending reformulation's append.
  const serialize = <Result>(task: () => Promise<Result>): Promise<Result> => {
    const next = queue.then(task, task)
    queue = next.catch(() => undefined)
    return next
  }

  async function reformulateNow({
    candidate,
    confidence,
    evidence = [],
  }: ReformulateGoalOptions): Promise<GoalReformulationOutcome> {
    if (runError) return { type: 'aborted', code: 'DTL-STRAT-011', abortRun: true, error: runError }
    const { originalConstraints, similarity, lexicon, now } = options
    const validation = await validateReformulation({
      original,
      candidate,
      confidence,
      evidence,
      ...(originalConstraints && { originalConstraints }),
      ...(similarity && { similarity }),
      ...(lexicon && { lexicon }),
      ...(now !== undefined && { now }),
    })
    if (!validation.allowed) return { type: 'rejected', code: validation.code!, validation }
    const type = validation.type as AllowedReformulationType
    const evidenceIds = evidence.map((item, index) =>
      typeof item === 'string' ? `evidence-${index}` : item.id,
    )
    let record: LedgerRecord
    try {
      record = await ledger.append(
        sessionId,
        {
          type: 'GOAL_REFORMULATION',
          payload: { original, reformulated: candidate, confidence, evidence_ids: evidenceIds, type },
        },
        { actor },
      )
    } catch (cause) {
      return { ...abortRun(cause), validation }
    }
    set({
      ...snapshot,
      active: candidate,
      reformulation: { goal: candidate, type, confidence, evidenceIds, ledgerRecordId: record.id },
    })
    return { type: 'activated', validation, record }
  }

  function abortRun(cause: unknown): Extract<GoalReformulationOutcome, { type: 'aborted' }> {
    const error = new FocalError({
      code: 'reformulation-not-logged',
      message:
        'DTL-STRAT-011: the goal reformulation could not be logged before execution; the run is aborted',
      cause,
    })
    runError = error
    set({ ...snapshot, status: 'aborted', abort: { code: 'DTL-STRAT-011', message: error.message } })
    abortController.abort(error)
    return { type: 'aborted', code: 'DTL-STRAT-011', abortRun: true, error }
  }

  async function restoreNow(reason: string | undefined): Promise<GoalRestoreOutcome> {
    const discarded = snapshot.reformulation
    if (discarded === null) return { type: 'unchanged' }
    set({ ...snapshot, active: original, reformulation: null })
    try {
      const payload = { original, discarded: discarded.goal, ...(reason !== undefined && { reason }) }
      const record = await ledger.append(sessionId, { type: 'GOAL_RESTORED', payload }, { actor })
      return { type: 'restored', logged: true, record }
    } catch (error) {
      return { type: 'restored', logged: false, error }
    }
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    reformulate: (reformulation) => serialize(() => reformulateNow(reformulation)),
    restore: (restoreOptions = {}) => serialize(() => restoreNow(restoreOptions.reason)),
    signal: abortController.signal,
    toProvenance() {
      const { active, reformulation } = snapshot
      if (reformulation === null) return { original, active }
      const { type, confidence, evidenceIds, ledgerRecordId } = reformulation
      return {
        original,
        active,
        reformulation: { type, confidence, evidenceIds: [...evidenceIds], ledgerRecordId },
      }
    },
  }
}

/** A snapshot no caller can edit: `getSnapshot().active = '...'` throws in strict mode. */
function freeze(snapshot: GoalStateSnapshot): GoalStateSnapshot {
  if (snapshot.reformulation !== null) {
    Object.freeze(snapshot.reformulation.evidenceIds)
    Object.freeze(snapshot.reformulation)
  }
  if (snapshot.abort !== null) Object.freeze(snapshot.abort)
  return Object.freeze(snapshot)
}
