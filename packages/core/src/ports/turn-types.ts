/**
 * The turn's shared vocabulary: what a turn asks of a person (a clarification, an approval, a
 * handoff). Below every module that uses it, so nothing imports `engine/` from below.
 */

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
  /** What the person who took over wrote, oldest first (`engine.replyToHandoff`); at most 50 kept. */
  replies?: HandoffReply[]
  /** Set once the handoff ended (`releaseHandoff`, or the customer took it back), ISO-8601. */
  releasedAt?: string
}

/** One message of the person who has the conversation during a handoff. */
export interface HandoffReply {
  id: string
  text: string
  /** Who wrote it (the approver's id, as the ledger records it). */
  by: string
  /** ISO-8601. */
  at: string
}
