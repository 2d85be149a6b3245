import type {
  EnforcementData,
  ReadUiMessageChunk,
  UnknownUiMessageChunk,
} from '@focal/core/ui-message-stream'

/**
 * One chunk of the UI message stream a transport yields: core's union of Focal's chunks and typed
 * `data-*` parts (`@focal/core/ui-message-stream`), plus `unknown:<type>` for chunks this version
 * does not render (tool parts, reasoning, later additions).
 */
export type FocalUiMessageChunk = ReadUiMessageChunk

/** A chunk whose type this client does not render. */
export type FocalUnknownChunk = UnknownUiMessageChunk

/** The `data-enforcement` payload: what Lane 1 / Lane 2 and the server's stream guard did to the reply. */
export type FocalEnforcementData = EnforcementData

/**
 * Where a chat keeps what must survive a reload (`sessionStorage`, `localStorage`, or your own):
 * the HTTP transport's session tokens, the store's saved conversation.
 */
export interface ChatStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
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
  /**
   * Whether this client may decide paused actions (`resolve`) or only waits for an approver
   * (`wait`: the widget shows who it waits for instead of Approve / Reject).
   * @default 'resolve'
   */
  readonly approvals?: 'resolve' | 'wait'
  /** Sends one user message and yields the assistant's reply. */
  sendMessage(request: ChatSendRequest): AsyncIterable<FocalUiMessageChunk>
  /** Approves or rejects a paused tool call and yields the resumed reply. */
  resolveApproval(request: ChatApprovalRequest): AsyncIterable<FocalUiMessageChunk>
  /** Undoes the session's last goal narrowing; transports without one cannot. */
  restoreGoal?(request: {
    sessionId: string
    /** The narrowing's turn (`provenance.goal.reformulation.turnId`): only its narrowing is undone. */
    turnId?: string
    reason?: string
  }): Promise<{ restored: boolean; reason?: string }>
  /**
   * Drops what the transport keeps for a session that ended here (the HTTP transport's token, in
   * memory and in `tokenStorage`); the store calls it from `reset()`.
   */
  forgetSession?(sessionId: string): void
  /**
   * Where a paused action of this session stands, as its requester sees it: a `wait` client polls
   * it, so an approver's decision and the reply it produced show without another message.
   */
  approvalStatus?(request: {
    sessionId: string
    approvalId: string
    signal: AbortSignal
  }): Promise<ChatApprovalStatus>
  /**
   * Where a human handoff of this session stands: the store polls it while a person has the
   * chat, so what they write shows without another message, and the chat knows when the
   * assistant answers again.
   */
  handoffStatus?(request: { sessionId: string; signal: AbortSignal }): Promise<ChatHandoffStatus>
}

/** What {@link ChatTransport.handoffStatus} reports. */
export interface ChatHandoffStatus {
  /** `active` while a person has the chat; `released` once the assistant answers again. */
  status: 'active' | 'released'
  /** What the person wrote, oldest first. */
  replies: Array<{ id: string; text: string; at: string }>
}

/** What {@link ChatTransport.approvalStatus} reports. */
export interface ChatApprovalStatus {
  /** `withdrawn`: the customer took the request back before anyone decided. */
  status: 'pending' | 'approved' | 'rejected' | 'expired' | 'withdrawn'
  /** What was done once decided: an expired approval takes its default action. */
  action?: 'approve' | 'reject'
  /** The approver's role, once decided. */
  approverRole?: string
  /** The reply of the turn the decision resumed (the edge's guards applied). */
  reply?: string
}
