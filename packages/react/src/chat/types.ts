import type { ApprovalRequest, Clarification, Handoff, Provenance, RetractionData } from '@focal/core'
import type { StoreApi } from 'zustand/vanilla'
import type { FocalEnforcementData } from '../transport/types.ts'

/** Where a chat is: idle, waiting for the first chunk, receiving, or failed. */
export type ChatStatus = 'ready' | 'submitted' | 'streaming' | 'error'

/** One renderable part of a message, in order. */
export type ChatMessagePart =
  | { type: 'text'; text: string; state: 'streaming' | 'done' }
  | { type: 'clarification'; id?: string; clarification: Clarification }
  | { type: 'approval'; id?: string; approval: ApprovalRequest; decision: 'pending' | 'approve' | 'reject' }
  | { type: 'enforcement'; id?: string; enforcement: FocalEnforcementData }
  /** A person has the conversation; `released` once the assistant answers again. */
  | { type: 'handoff'; id?: string; handoff: Handoff; released?: boolean }
  /** Where a streamed draft stood before a check rejected it: why it was replaced. */
  | { type: 'retraction'; id?: string; retraction: RetractionData }

/** One message of the transcript. Assistant messages carry the provenance of their turn. */
export interface ChatMessage {
  id: string
  role: 'user' | 'assistant'
  parts: ChatMessagePart[]
  provenance?: Provenance
  /** True when the user stopped the reply before it finished. */
  aborted?: boolean
  /** True once the user undid this turn's goal narrowing (`restoreGoal`). */
  goalRestored?: boolean
  /**
   * Why undoing this turn's narrowing did nothing, as the server answered: `superseded` (a later
   * request replaced the goal) or `nothing-narrowed` (no narrowing is active any more).
   */
  goalNotRestored?: string
  /** `person`: written by the person who took the conversation over (a handoff reply), not the assistant. */
  from?: 'person'
}

/** The goal-level completion state (criteria met, attempts, two-gate outcome) for `GoalProgress`. */
export interface ChatGoalSnapshot {
  status: 'SUCCESS' | 'PARTIAL' | 'BLOCKED' | 'IN_PROGRESS'
  criteriaMet: number
  /** 0 when the payload did not say (a bare gate result). */
  criteriaTotal: number
  attempt: number
  /** 0 when the payload did not say. */
  maxAttempts: number
  /** Each acceptance criterion with whether it is met, for the expanded view. */
  criteria: Array<{ id: string; description: string; met: boolean }>
  /** Pivot advice or the reason it is blocked. */
  detail?: string
}

/** A failure the user can see and, when `retryable`, retry. */
export interface ChatError {
  message: string
  code?: string
  retryable: boolean
  /**
   * The session cannot go on (`session-turn-limit`, an expired or revoked session token): only a
   * new conversation (`reset()`) helps, and the error notice offers one instead of Retry.
   */
  restart?: boolean
  /**
   * The message this error refused (over `maxTextLength`, or a request the server would not
   * take): it is not in the transcript, and the `Composer` puts it back in the field, ahead of
   * anything typed since.
   */
  text?: string
  /**
   * What failed when it was not a reply: `restore-goal`, undoing a goal narrowing
   * (`restoreGoal`); a `retryable` one is tried again by `retry()`.
   */
  action?: 'restore-goal'
}

/** The state of a chat plus its actions, held in a zustand vanilla store. */
export interface ChatState {
  sessionId: string
  messages: ChatMessage[]
  status: ChatStatus
  error: ChatError | undefined
  /** The clarification the latest assistant message asks, until the user answers. */
  pendingClarification: Clarification | undefined
  /** The tool call waiting for a human decision, until resolved. */
  pendingApproval: ApprovalRequest | undefined
  /** Whether this client may approve or reject (`transport.approvals`); otherwise it waits for an approver. */
  canResolveApprovals: boolean
  goal: ChatGoalSnapshot | undefined
  /** Longest message that can be sent (`ChatStoreOptions.maxTextLength`); the `Composer` counts towards it. */
  maxTextLength: number
  /**
   * Sends a user message; ignored while a reply is in flight or when blank. A message over
   * `maxTextLength` is not sent: the error says so, with the text in `error.text`.
   */
  sendMessage(text: string): Promise<void>
  /** Answers the pending clarification with one of its options (sends `option.value`). */
  chooseOption(optionId: string): Promise<void>
  /** Approves or rejects the pending tool call; the conversation resumes with the reply. */
  resolveApproval(decision: 'approve' | 'reject'): Promise<void>
  /**
   * Undoes the goal narrowing of the assistant message `messageId` (its provenance shows it):
   * the engine records GOAL_RESTORED; the message is marked `goalRestored`.
   */
  restoreGoal(messageId: string): Promise<void>
  /**
   * Aborts the reply in flight, keeping what already arrived; a reply stopped before its first
   * chunk becomes an empty assistant message, so the transcript always shows the stop.
   */
  stop(): void
  /**
   * Sends the last failed request again (same message id), dropping its partial reply; after a
   * failed undo of a goal narrowing, tries the undo again.
   */
  retry(): Promise<void>
  /**
   * Empties the transcript and starts a new session; the transport forgets the old one
   * (`transport.forgetSession`: the HTTP transport's saved token is removed).
   */
  reset(sessionId?: string): void
}

/** A zustand vanilla store of {@link ChatState}. */
export type ChatStore = StoreApi<ChatState>
