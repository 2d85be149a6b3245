import type { z } from 'zod'
import type { FocalRequestSchemas } from '../schemas/create-request-schemas.ts'
import {
  approvalStatusResponseSchema,
  completeResponseSchema,
  deleteSessionResponseSchema,
  enforceResponseSchema,
  handoffConversationResponseSchema,
  handoffReplyResponseSchema,
  handoffStatusResponseSchema,
  healthResponseSchema,
  ledgerResponseSchema,
  parseResponseSchema,
  pendingApprovalResponseSchema,
  releaseResponseSchema,
  restoreGoalResponseSchema,
  revokeResponseSchema,
  sessionResponseSchema,
  turnResultSchema,
} from '../schemas/response-schemas.ts'

/** Who may call a route, besides the app's client `auth`. */
export type RouteAccess =
  /** No credential at all, not even the app's client `auth` (`/health`). */
  | 'public'
  /** The client `auth` only (`/v1/parse`, `/v1/enforce`). */
  | 'client'
  /** Creates a session without a token, or continues one with its token (`/v1/turn`, `/v1/chat`). */
  | 'session-create'
  /** The session's token (`x-focal-session-token`). */
  | 'session'
  /** An approver credential (`x-focal-approver-token`), never a session token. */
  | 'approver'

/** The error statuses one route answers, each with the codes it answers them with. */
export type RouteErrors = Partial<Record<400 | 404 | 409 | 410 | 422 | 429 | 500 | 502 | 504, string>>

/** One operation of the document. */
export interface RouteDocument {
  method: 'get' | 'post' | 'delete'
  path: string
  summary: string
  access: RouteAccess
  body?: z.ZodType
  response: z.ZodType | 'sse'
  /** The route's own errors; those of its access, body and the app's bounds are added. */
  errors?: RouteErrors
}

const modelErrors: RouteErrors = {
  500: 'internal-error or ledger-append-failed',
  502: 'model-error, tool-failed or invalid-model-output (a port failed)',
  504: 'model-timeout',
}

const retryErrors: RouteErrors = {
  409: 'session-claimed (the id belongs to another client, or its ledger holds an earlier session) or message-in-progress (the messageId is still running: ask again shortly) or message-reply-lost (the turn of the messageId ran but its reply was not recorded: it is not run again) or regenerate-unrecorded (a regenerate of a reply that was not recorded: it is not run again)',
  422: 'message-id-reused (the messageId was sent with another text, or on the other route)',
}

/** Every route of the app, as the document describes it. */
export function routeDocuments(schemas: FocalRequestSchemas): RouteDocument[] {
  return [
    {
      method: 'post',
      path: '/v1/chat',
      summary:
        'One chat turn as an AI SDK UI message stream (SSE); messageId is an idempotency key (a retry gets the recorded reply). Past settings.maxTurns the stream carries an error part starting with session-turn-limit.',
      access: 'session-create',
      body: schemas.chat,
      response: 'sse',
      errors: {
        ...retryErrors,
        429: 'session-full (the session holds memory.maxSessionBytes: start a new one)',
        ...modelErrors,
      },
    },
    {
      method: 'post',
      path: '/v1/turn',
      summary:
        'One turn; the whole TurnResult as JSON. messageId is an idempotency key (a retry gets the recorded result).',
      access: 'session-create',
      body: schemas.turn,
      response: turnResultSchema,
      errors: {
        ...retryErrors,
        429: 'session-turn-limit (the session has taken settings.maxTurns turns) or session-full (it holds memory.maxSessionBytes): start a new one',
        ...modelErrors,
      },
    },
    {
      method: 'post',
      path: '/v1/parse',
      summary: 'The structured reading of a text (goal, intent, ambiguity).',
      access: 'client',
      body: schemas.parse,
      response: parseResponseSchema,
      errors: modelErrors,
    },
    {
      method: 'post',
      path: '/v1/enforce',
      summary: "Check or redact a text against the definition's Lane 1 rules.",
      access: 'client',
      body: schemas.enforce,
      response: enforceResponseSchema,
    },
    {
      method: 'post',
      path: '/v1/approvals/{id}',
      summary:
        'An approver (x-focal-approver-token or the authorizeApproval hook, holding the role the approval names) approves or rejects a paused tool call; a session token is refused (403 self-approval-forbidden); past its expiry the default action is taken instead and the approver gets 410 approval-expired; the ledger records who decided.',
      access: 'approver',
      body: schemas.approval,
      response: turnResultSchema,
      errors: {
        404: 'approval-not-found (none pending, or already decided)',
        410: 'approval-expired (its default action was applied instead)',
        ...modelErrors,
      },
    },
    {
      method: 'get',
      path: '/v1/sessions/{id}/approval',
      summary: "The session's pending approval, for an approver (same authentication as /v1/approvals/{id}).",
      access: 'approver',
      response: pendingApprovalResponseSchema,
      errors: { 404: 'approval-not-found (none pending)' },
    },
    {
      method: 'get',
      path: '/v1/sessions/{id}/approvals/{approvalId}',
      summary:
        "The requester's view of its own approval (the widget polls it while it waits): pending, approved, rejected or expired, the action taken and the resumed turn's reply.",
      access: 'session',
      response: approvalStatusResponseSchema,
      errors: { 404: 'session-not-found or approval-not-found' },
    },
    {
      method: 'get',
      path: '/v1/sessions/{id}',
      summary: 'Session snapshot.',
      access: 'session',
      response: sessionResponseSchema,
    },
    {
      method: 'delete',
      path: '/v1/sessions/{id}',
      summary: "Delete the session's state and its claim: every token of the session stops working.",
      access: 'session',
      response: deleteSessionResponseSchema,
    },
    {
      method: 'post',
      path: '/v1/sessions/{id}/revoke',
      summary:
        "Revoke every token of the session (its epoch is rotated); the response's x-focal-session-token is the only valid one.",
      access: 'session',
      response: revokeResponseSchema,
    },
    {
      method: 'post',
      path: '/v1/sessions/{id}/release',
      summary:
        "An approver ends a human handoff: the engine answers the session again and the ledger names who released it; the customer's session token is refused (403 self-approval-forbidden).",
      access: 'approver',
      response: releaseResponseSchema,
      errors: { 404: 'session-not-found, or route-not-found (the engine has no human handoff)' },
    },
    {
      method: 'get',
      path: '/v1/sessions/{id}/handoff',
      summary:
        "The customer's view of a human handoff (the widget polls it): active while a person has the chat, released once the assistant answers again, and what the person wrote.",
      access: 'session',
      response: handoffStatusResponseSchema,
      errors: { 404: 'session-not-found, or handoff-not-found (the session was never handed to a person)' },
    },
    {
      method: 'get',
      path: '/v1/sessions/{id}/handoff/conversation',
      summary:
        'The person who took the conversation over reads it (approver credential; a session token is refused): the handoff, its replies and the recent messages, redacted like a snapshot.',
      access: 'approver',
      response: handoffConversationResponseSchema,
      errors: { 404: 'session-not-found, or handoff-not-found' },
    },
    {
      method: 'post',
      path: '/v1/sessions/{id}/handoff/replies',
      summary:
        "The person writes to the customer during a handoff (approver credential): the text passes the definition's reply checks, is kept on the session for the widget and the model, and the ledger records who wrote it (handoff-replied).",
      access: 'approver',
      body: schemas.handoffReply,
      response: handoffReplyResponseSchema,
      errors: {
        400: 'invalid-request (the reply checks withheld the whole text)',
        404: 'session-not-found, handoff-not-found (no handoff in progress), or route-not-found (the engine has no human handoff)',
      },
    },
    {
      method: 'post',
      path: '/v1/sessions/{id}/complete',
      summary:
        'The completion step: goal contract, trust gate and decision matrix; attempts persist in the session.',
      access: 'session',
      body: schemas.complete,
      response: completeResponseSchema,
      errors: {
        404: 'session-not-found, or route-not-found (the engine has no completion step)',
        409: 'goal-contract-conflict (another contract without replaceContract) or goal-already-complete (after a SUCCESS)',
        422: 'invalid-goal-contract (no contract, or an invalid one)',
        429: 'goal-attempt-limit',
      },
    },
    {
      method: 'post',
      path: '/v1/sessions/{id}/goal/restore',
      summary: 'Undo the last goal narrowing (recorded as GOAL_RESTORED).',
      access: 'session',
      body: schemas.restoreGoal,
      response: restoreGoalResponseSchema,
      errors: { 404: 'session-not-found or goal-narrowing-not-found (the turn narrowed nothing)' },
    },
    {
      method: 'get',
      path: '/v1/sessions/{id}/ledger',
      summary:
        "One page of the ledger (?from=, default 0; ?limit=, 1 to 1000, default 1000), the total, the next page's from, and the verification of the page, the records written since the chain was last verified, and the anchored head.",
      access: 'session',
      response: ledgerResponseSchema,
      errors: {
        400: 'invalid-request (from or limit out of range)',
        502: 'ledger-unreadable (a stored record or head is no ledger value; path names it)',
      },
    },
    {
      method: 'get',
      path: '/health',
      summary: 'Liveness.',
      access: 'public',
      response: healthResponseSchema,
    },
  ]
}
