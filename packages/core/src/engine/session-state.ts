import type { GoalContract } from '../completion/goal-contract-schema.ts'
import type { GoalGateResult } from '../completion/types.ts'
import type { ProvenancePlan, ProvenanceRoute } from '../ledger/provenance-types.ts'
import type { RuleFireRecord } from '../rules/types.ts'
import type { NavigationState } from '../scenarios/types.ts'
import type { Perception } from '../sensor/types.ts'
import type { RejectedDecision, SharedCalls } from './shared-history.ts'
import type { ApprovalRequest, ClarificationOption, Handoff } from './types.ts'

/** A tool call planned by a matched rule. */
export interface PlannedToolCall {
  ruleId: string
  toolId: string
  args: Record<string, unknown>
}

/** A tool call that finished (or was stopped) this turn. */
export interface CompletedToolCall extends PlannedToolCall {
  status: 'ran' | 'failed' | 'blocked' | 'approved' | 'rejected'
  result?: unknown
  reason?: string
  /** A blocked call's refusal template: the check not met (`policy.checks`), when it has one. */
  refusal?: string
}

/** A turn paused for a human decision; everything needed to resume it. */
export interface PendingApprovalState {
  approval: ApprovalRequest
  turnId: string
  text: string
  perception: Perception
  route: ProvenanceRoute
  matched: Array<{ ruleId: string; reason: string }>
  completed: CompletedToolCall[]
  /** The paused call first, then the calls after it. */
  remaining: PlannedToolCall[]
  followUp?: string
  /** A task agent's plan as it paused (the paused call `awaiting-approval`): the resumed turn's plan. */
  plan?: ProvenancePlan
  /**
   * The session's fields when the call paused: the reply after the decision is filled from them,
   * even if the conversation moved to another scenario in between (absent in sessions stored
   * before this was kept).
   */
  fields?: Record<string, unknown>
}

/** What the engine keeps per session (JSON-serialisable, stored through the SessionStore port). */
export interface EngineSessionState {
  /** Turns completed so far. */
  turn: number
  /**
   * Messages taken so far, every kind of turn counted (a quiet one during a handoff, one answered
   * "still waiting" beside an approval); `settings.maxTurns` bounds it. Absent in sessions stored
   * before it was kept, which count from `turn`.
   */
  messages?: number
  navigation: NavigationState
  /** Fields collected across turns (entities, clarified values). */
  fields: Record<string, unknown>
  ruleFires: Record<string, RuleFireRecord>
  /** Ids of tools that ran in this session, in order. */
  toolsRun: string[]
  /**
   * The tool calls that ran in this session, oldest first, with their arguments (the last
   * `maxToolCalls`): conditions read them as `session.calls` ("at most $50 refunded per order").
   * Absent in sessions stored before they were kept.
   */
  toolCalls?: Array<{ tool: string; args: Record<string, unknown>; turnId: string }>
  /**
   * Tool calls an approver declined, or that expired unapproved (`session.rejected`): a policy
   * check can refuse asking again for the same thing in other words (the last 200). `decision`
   * tells the two apart (absent in sessions stored before it was kept: `rejected`), so a check can
   * refuse what a person declined and let a request no one decided be asked again.
   */
  rejectedCalls?: Array<{
    tool: string
    args: Record<string, unknown>
    turnId: string
    decision?: RejectedDecision
  }>
  /**
   * What every session did with the `shared` entity values this turn can name (`session.shared`):
   * read from the store before the turn, never stored with the session.
   */
  shared?: SharedCalls
  /**
   * Calls that waited for an approver and the requester withdrew before anyone decided
   * (`session.withdrawn`): a policy can still ask an approver for the same thing asked again in
   * other words ("cancel NW-2002, total $900" → "forget it" → "total $5"). The last 200.
   */
  withdrawnCalls?: Array<{ tool: string; args: Record<string, unknown>; turnId: string }>
  /** Latest result per tool id (for templates: `{{tool.lookup_order.status}}`). */
  toolResults: Record<string, unknown>
  /**
   * The non-metric markers (`[FINDING]`, `[STAT:ci]`, `[CONCLUSION]`, …) every tool result of this
   * session wrote, oldest first, each once per tool: what backs a completion's findings and required
   * markers, whichever call returned them (`toolResults` keeps only each tool's last). `verified`: a
   * finding its own result verified (`[STAT:ci]` and `[STAT:effect_size]` before it). At most 500
   * (`maxToolMarkers`, oldest dropped); a marker over 1,000 characters is not kept. Metrics are not
   * kept: a tool's metric is its last report. Absent in sessions stored before it was kept.
   */
  toolMarkers?: Array<{ tool: string; type: string; subtype?: string; content: string; verified?: true }>
  pendingClarification?: {
    question: string
    options: ClarificationOption[]
    turnId: string
    /** A task agent's request this question asked about: the answer narrows it (seed 000). */
    goal?: string
    /** The request said "it" with nothing before it to stand for: the answer names what. */
    reference?: boolean
    /**
     * `goal` is an option picked for a request that named nothing (`explain something`): the
     * answer is its subject, read after the option's verb, a request made of the two answers.
     */
    subject?: boolean
    /** A task agent asked which of two readings the request is: the goal field its options set. */
    choiceField?: 'intent' | 'entity'
    /**
     * The destructive action a task agent's request named while it read as read-only (`discard`):
     * the question asked which was meant, and the answer's reply says first that nothing changed.
     */
    destructive?: string
    /**
     * The unclear message(s) the question asked about (their last 400 characters): an answer that
     * picks no option is read together with them ("I need help finding events" → "in Anaheim,
     * I like baseball games"), so what the user said first still counts.
     */
    unclear?: string
  }
  pendingApproval?: PendingApprovalState
  /**
   * The turns of this session that narrowed its goal (the last 50): an undo naming another turn
   * is `goal-narrowing-not-found`, not mistaken for one a later narrowing replaced.
   */
  narrowedTurns?: string[]
  /**
   * The last request acted on: what was done (the filled-in actions of the rules whose tools ran)
   * or why it was not (an approval rejected or withdrawn). Read when the user asks whether it went
   * through ("did it go through?").
   */
  /**
   * The requests acted on in this session, oldest first (the last {@link maxDoneOutcomes}): a
   * question about one done before the last ("did the refund go through?" after an order lookup)
   * is answered with it, not with the last one.
   */
  doneOutcomes?: Array<{ text: string; turnId: string; tools: string[] }>
  lastOutcome?: {
    done: boolean
    text: string
    turnId: string
    /**
     * The call a refusal is about (an approval declined or withdrawn): its tool and the string
     * values of its arguments, so "is NW-2002 cancelled?" after the cancellation of NW-2002 was
     * withdrawn is answered with that ("No. … nothing was changed"), not read as a new request.
     */
    about?: { tool: string; values: string[] }
  }
  /**
   * The customer took back the profile (their email) after something had run on it ("that's not
   * my email"): no other is taken in this session, as if it were still given.
   */
  disownedProfile?: boolean
  /**
   * Facts a hard-safety rule refused, with the value refused (`{ amount: 80 }` over the $50 cap):
   * a new request of the scenario that does not state the fact again is asked for it instead of
   * going on with the refused value. Gone once the fact changes.
   */
  refusedFacts?: Record<string, unknown>
  /** Requests of one message not done yet ("cancel X and refund Y"), in the user's words. */
  queuedRequests?: string[]
  /** The queued request the last reply offered to do next. */
  offeredRequest?: string
  /**
   * The conversation only asked about an action so far ("is it possible to get a refund?"): a
   * `confirm` tool's call is asked about, not run, until a plain request or a yes.
   */
  tentative?: boolean
  /** The message whose `confirm` call the last reply asked about ("Shall I refund … now?"). */
  awaitingConfirmation?: string
  /**
   * The `confirm` calls that question named (tool and arguments): a yes runs these and no other.
   * The yes reads {@link awaitingConfirmation} again, and a second reading may differ (a model
   * sensor, a reply that changed what the words mean); a call it did not ask about is asked about.
   */
  awaitingCalls?: Array<{ tool: string; args: Record<string, unknown> }>
  /**
   * A request asked about ({@link awaitingConfirmation}) that a question of another scenario
   * interrupted, while that detour asks for its own facts: its question is asked again once the
   * detour is answered, while its scenario is still paused.
   */
  detouredFrom?: {
    request: string
    calls: Array<{ tool: string; args: Record<string, unknown> }>
    scenario: string
  }
  /**
   * The clarification the last turns asked while nothing moved, how many times in a row, and what
   * the state was after it (`progress`: step, facts, tools, approvals): the loop guard's count.
   */
  stalled?: { question: string; count: number; progress: string }
  /** Set while a person has the conversation: the engine answers nothing until released. */
  handoff?: Handoff
  /**
   * The last handoff once it ended (`releasedAt` set), with the person's replies: a widget that
   * polls it sees a reply written just before the release.
   */
  lastHandoff?: Handoff
  /** The goal contract and its goal-gate attempts (seed 001), kept so the budget survives restarts. */
  goal?: {
    contract: GoalContract
    attempts: GoalGateResult[]
    /** A completion decided SUCCESS: the goal is done, and a later completion is refused. */
    succeeded?: { attemptNumber: number; turn: number }
    /**
     * The attempt budget when it is smaller than `contract`'s own: a contract replaced by one with
     * a larger `max_goal_attempts` keeps the budget it had.
     */
    maxAttempts?: number
    /**
     * Completions answered BLOCKED after the budget was spent (they count no attempt): with the
     * attempts, at most `maxRecordedAttempts` completions per session, then `goal-attempt-limit`.
     */
    blockedCompletions?: number
  }
  /**
   * The last goal the engine narrowed (seed 000), with what is needed to undo it: the original
   * stays here until `restoreGoal` records GOAL_RESTORED and clears it.
   */
  activeGoal?: {
    original: string
    active: string
    type: string
    confidence: number
    evidenceIds: string[]
    turnId: string
  }
  /**
   * A task agent's last goal target ("CommandRouter", "src/auth.ts") and the request that named
   * it: what "it" in the next request ("and where is it called?") stands for.
   */
  lastTarget?: { target: string; text: string; turnId: string }
  /** Recent messages (bounded), for the model. */
  history: Array<{ role: 'user' | 'assistant'; content: string }>
}

/** A fresh session. */
/** How many of the requests acted on a session keeps (`doneOutcomes`). */
export const maxDoneOutcomes = 10

/** The reason kept on a call whose approval the requester withdrew before anyone decided. */
export const withdrawnReason = 'withdrawn by the requester'

export function createInitialSessionState(): EngineSessionState {
  return {
    turn: 0,
    navigation: { scenario: null, step: null, transitionCounts: {} },
    fields: {},
    ruleFires: {},
    toolsRun: [],
    toolResults: {},
    history: [],
  }
}
