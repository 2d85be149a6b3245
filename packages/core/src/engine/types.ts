import type { GoalSnapshot } from '../completion/goal-snapshot.ts'
import type { Provenance } from '../ledger/provenance-types.ts'

/** Input of one turn. */
export interface TurnInput {
  sessionId: string
  /** The user's message. */
  text: string
  signal?: AbortSignal
}

/** One option of a clarification question; choosing it sends `value` as the next user turn. */
export interface ClarificationOption {
  id: string
  label: string
  /** Text sent back when the user picks this option. */
  value: string
}

/** A question the engine asks instead of acting on a vague request. */
export interface Clarification {
  question: string
  options: ClarificationOption[]
  /**
   * Why the engine asked, written for the customer (`settings.clarificationReasons`); the internal
   * reason (ambiguity scores, loop guard) is in `provenance.clarification.reason`.
   */
  reason: string
}

/** A tool call paused for a human decision. Serialisable; resumed with `engine.resolveApproval`. */
export interface ApprovalRequest {
  id: string
  sessionId: string
  toolId: string
  args: Record<string, unknown>
  /** The rule or policy that required approval (`args.amount > 500`), for the inspector. */
  reason: string
  /** The action in a customer's words (the tool's `label`, e.g. `Cancel order`). */
  label?: string
  /** One customer-facing line, e.g. `Cancel order NW-2002 ($620) — needs a supervisor`. */
  summary?: string
  approver?: string
  /** ISO-8601; after it the `defaultAction` applies. */
  expiresAt?: string
  defaultAction: 'approve' | 'reject'
}

/** A session handed to a person: the engine stays quiet until it is released. */
export interface Handoff {
  /** Why: the user asked for a person, or the loop guard. */
  reason: string
  /** Where the host routes it (`settings.handoff.target`). */
  target?: string
  /** ISO-8601. */
  since: string
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

/** Events of a streaming turn (`engine.turnStream`), noun-verb kebab. */
export type TurnEvent =
  | { type: 'turn-started'; turnId: string; sessionId: string }
  | { type: 'perception-created'; intent: string; ambiguity: number }
  | { type: 'route-decided'; scenario: string | null; step: string | null; decision: string }
  | { type: 'rules-retrieved'; ruleIds: string[] }
  | { type: 'tool-called'; toolId: string; status: string }
  | { type: 'text-delta'; delta: string }
  | { type: 'clarification-requested'; clarification: Clarification }
  | { type: 'approval-requested'; approval: ApprovalRequest }
  | { type: 'handoff-requested'; handoff: Handoff }
  | { type: 'enforcement-applied'; outcome: string; ruleIds: string[] }
  /** The session's goal progress (seed 001), at the start of every turn of a session with a contract. */
  | { type: 'goal-progress'; snapshot: GoalSnapshot }
  | { type: 'turn-finished'; result: TurnResult }
