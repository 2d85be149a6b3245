import type { GoalSnapshot } from '../completion/goal-snapshot.ts'
import type { Provenance } from '../ledger/provenance-types.ts'
import type { ApprovalRequest, Clarification, Handoff } from '../ports/turn-types.ts'

export type {
  ApprovalRequest,
  Clarification,
  ClarificationOption,
  Handoff,
  HandoffReply,
} from '../ports/turn-types.ts'

/** Input of one turn. */
export interface TurnInput {
  sessionId: string
  /** The user's message. */
  text: string
  signal?: AbortSignal
}

/** Fields common to every turn result. */
interface TurnResultBase {
  sessionId: string
  turnId: string
  provenance: Provenance
  events: TurnEvent[]
}

/** The outcome of one turn, as data. */
export type TurnResult =
  | (TurnResultBase & { type: 'reply'; text: string })
  | (TurnResultBase & { type: 'clarification'; clarification: Clarification })
  | (TurnResultBase & { type: 'approval-required'; approval: ApprovalRequest; text?: string })
  | (TurnResultBase & { type: 'refused'; text: string })
  /** Handed to a person: `text` is the handoff reply on the turn that asked, absent while quiet. */
  | (TurnResultBase & { type: 'handoff'; handoff: Handoff; text?: string })

/** Why streamed text was retracted. */
export type TextRetractionCode = 'draft-regenerated' | 'draft-withheld' | 'draft-replaced' | 'turn-retried'

/** Events of a streaming turn (`engine.turnStream`), noun-verb kebab. */
export type TurnEvent =
  | { type: 'turn-started'; turnId: string; sessionId: string }
  | { type: 'perception-created'; intent: string; ambiguity: number }
  | { type: 'route-decided'; scenario: string | null; step: string | null; decision: string }
  | { type: 'rules-retrieved'; ruleIds: string[] }
  | { type: 'tool-called'; toolId: string; status: string }
  | { type: 'text-delta'; delta: string }
  /**
   * The text streamed so far is void (a live draft a later check rejected, or a retried turn); the
   * replacement follows as new `text-delta`s. `reason` is written for the person reading the chat.
   */
  | { type: 'text-retracted'; code: TextRetractionCode; reason: string; ruleIds: string[] }
  | { type: 'clarification-requested'; clarification: Clarification }
  | { type: 'approval-requested'; approval: ApprovalRequest }
  | { type: 'handoff-requested'; handoff: Handoff }
  | { type: 'enforcement-applied'; outcome: string; ruleIds: string[] }
  /** The session's goal progress (seed 001), at the start of every turn of a session with a contract. */
  | { type: 'goal-progress'; snapshot: GoalSnapshot }
  | { type: 'turn-finished'; result: TurnResult }
