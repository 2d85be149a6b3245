import type { ApprovalRequest, Clarification, Handoff, Provenance } from '@focal/core'

/**
 * One chunk of the AI SDK UI message stream as `@focal/edge` sends it on `POST /v1/chat`, with
 * Focal's own `data-*` parts typed. Unknown chunk types are carried as `FocalUnknownChunk` and ignored.
 */
export type FocalUiMessageChunk =
  | { type: 'start'; messageId?: string }
  | { type: 'text-start'; id: string }
  | { type: 'text-delta'; id: string; delta: string }
  | { type: 'text-end'; id: string }
  | { type: 'data-clarification'; id?: string; data: Clarification }
  | { type: 'data-approval'; id?: string; data: ApprovalRequest }
  | { type: 'data-provenance'; id?: string; data: Provenance }
  | { type: 'data-enforcement'; id?: string; data: FocalEnforcementData }
  | { type: 'data-goal-gate'; id?: string; data: unknown }
  | { type: 'data-handoff'; id?: string; data: Handoff }
  | { type: 'data-session'; id?: string; data: { sessionId: string; token?: string } }
  | { type: 'error'; errorText: string }
  | { type: 'finish'; finishReason?: string }
  | { type: 'abort'; reason?: string }
  | FocalUnknownChunk

/** A chunk whose type this client does not render (tool parts, reasoning, future additions). */
export interface FocalUnknownChunk {
  type: `unknown:${string}`
  chunk: Record<string, unknown>
}

/** The `data-enforcement` payload: what Lane 1 / Lane 2 did to the reply. */
export interface FocalEnforcementData {
  outcome: string
  ruleIds?: string[]
  redactions?: Array<{ type: string; count: number }>
  /** What `@focal/edge`'s streaming guard redacted or blocked on the way out. */
  stream?: { redactions?: Array<{ type: string; count: number }>; blocked?: boolean }
  message?: string
}

/** What a transport needs to send one user message. */
export interface ChatSendRequest {
  sessionId: string
  /** Stable id of the user message; a retry sends the same id so a server can deduplicate. */
  messageId: string
  text: string
  signal: AbortSignal
}

/** What a transport needs to resolve a paused tool call. */
export interface ChatApprovalRequest {
  sessionId: string
  approvalId: string
  decision: 'approve' | 'reject'
  signal: AbortSignal
}

/**
 * How a chat store reaches an engine: over HTTP to `@focal/edge` (`createHttpTransport`) or in
 * the page (`createLocalTransport`). Each call yields the reply as UI message chunks.
 */
export interface ChatTransport {
  /** Sends one user message and yields the assistant's reply. */
  sendMessage(request: ChatSendRequest): AsyncIterable<FocalUiMessageChunk>
  /** Approves or rejects a paused tool call and yields the resumed reply. */
  resolveApproval(request: ChatApprovalRequest): AsyncIterable<FocalUiMessageChunk>
  /** Undoes the session's last goal narrowing; transports without one cannot. */
  restoreGoal?(request: { sessionId: string; reason?: string }): Promise<{ restored: boolean }>
}
