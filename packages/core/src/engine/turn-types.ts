import type { EnforcementPlan } from '../compiler/plan-types.ts'
import type { Lane2Judge } from '../enforcement/lane2/types.ts'
import type { AlignmentJudge } from '../judge/create-alignment-judge.ts'
import type { LedgerEvent } from '../ledger/ledger-event-schema.ts'
import type { LanguageModel } from '../llm/types.ts'
import type { Clock, IdGenerator, ToolRunner } from '../ports/ports.ts'
import type { CompiledEngine } from './compile-engine.ts'
import type { ReplyEnforcer } from './reply-enforcer.ts'
import type { EngineSessionState } from './session-state.ts'
import type { TurnResult } from './types.ts'

/** What a turn runs with (built once per engine). */
export interface TurnDependencies {
  compiled: CompiledEngine
  /** How every rule is enforced (built once at load). */
  plan: EnforcementPlan
  model?: LanguageModel
  tools: ToolRunner
  enforcer?: ReplyEnforcer
  /** Lane 2 judge for the matched rules' `judge` rubrics (runs only when set). */
  lane2?: Lane2Judge
  /** Final alignment judge (runs when the definition enables the finalization gate). */
  alignmentJudge?: AlignmentJudge
  clock: Clock
  idGenerator: IdGenerator
  /** Emit `text-delta` events (streaming turns only). */
  streaming: boolean
}

/** A finished (or paused) turn: the result, the next session state and the ledger events to append. */
export interface TurnOutcome {
  result: TurnResult
  state: EngineSessionState
  ledger: LedgerEvent[]
}
