import { z } from 'zod'

/** Every error body. */
export const errorBodySchema = z
  .object({
    error: z.object({ code: z.string(), message: z.string(), path: z.string().optional() }),
  })
  .meta({ id: 'Error' })

const clarificationSchema = z.object({
  question: z.string(),
  options: z.array(z.object({ id: z.string(), label: z.string(), value: z.string() })),
  reason: z.string(),
})

const approvalSchema = z.looseObject({
  id: z.string(),
  sessionId: z.string(),
  toolId: z.string(),
  args: z.record(z.string(), z.unknown()),
  reason: z.string(),
  defaultAction: z.enum(['approve', 'reject']),
})

/** `TurnResult` on the wire (`POST /v1/turn`, `POST /v1/approvals/:id`). */
export const turnResultSchema = z
  .looseObject({
    type: z.enum(['reply', 'clarification', 'approval-required', 'refused', 'handoff']),
    sessionId: z.string(),
    turnId: z.string(),
    text: z.string().optional(),
    clarification: clarificationSchema.optional(),
    approval: approvalSchema.optional(),
    /** Set on `handoff`: the session is with a person until `POST /v1/sessions/:id/release`. */
    handoff: z
      .looseObject({ reason: z.string(), since: z.string(), target: z.string().optional() })
      .optional(),
    provenance: z.looseObject({ mode: z.string(), queryHash: z.string(), timestamp: z.string() }),
    events: z.array(z.looseObject({ type: z.string() })),
  })
  .meta({ id: 'TurnResult' })

/** `POST /v1/sessions/:id/release`: whether a human handoff was ended. */
/** `GET /v1/sessions/:id/approval`: the session's pending approval, for its approver. */
export const pendingApprovalResponseSchema = z
  .object({ sessionId: z.string(), approval: approvalSchema })
  .meta({ id: 'PendingApprovalResponse' })

/** `GET /v1/sessions/:id/approvals/:approvalId`: the requester's view of its own approval. */
export const approvalStatusResponseSchema = z
  .object({
    sessionId: z.string(),
    approvalId: z.string(),
    status: z.enum(['pending', 'approved', 'rejected', 'expired', 'withdrawn']),
    /** What was done: an expired approval takes its default action. */
    action: z.enum(['approve', 'reject']).optional(),
    approverRole: z.string().optional(),
    /** The reply of the turn the decision resumed, while it is the session's latest. */
    reply: z.string().optional(),
  })
  .meta({ id: 'ApprovalStatusResponse' })

/** `DELETE /v1/sessions/:id`. */
export const deleteSessionResponseSchema = z
  .object({ sessionId: z.string(), deleted: z.literal(true) })
  .meta({ id: 'DeleteSessionResponse' })

/** `POST /v1/sessions/:id/revoke` (the new token is in `x-focal-session-token`). */
export const revokeResponseSchema = z
  .object({ sessionId: z.string(), revoked: z.literal(true) })
  .meta({ id: 'RevokeResponse' })

/** `GET /v1/sessions/:id/handoff`: the customer's view of a handoff (the widget polls it). */
export const handoffStatusResponseSchema = z
  .object({
    sessionId: z.string(),
    /** `active` while a person has the chat; `released` once the assistant answers again. */
    status: z.enum(['active', 'released']),
    since: z.string(),
    releasedAt: z.string().optional(),
    /** What the person wrote, oldest first. */
    replies: z.array(z.object({ id: z.string(), text: z.string(), at: z.string() })),
  })
  .meta({ id: 'HandoffStatusResponse' })

const handoffReplySchema = z.object({ id: z.string(), text: z.string(), by: z.string(), at: z.string() })

/** `GET /v1/sessions/:id/handoff/conversation`: the person's view (redacted like a snapshot). */
export const handoffConversationResponseSchema = z
  .object({
    sessionId: z.string(),
    status: z.enum(['active', 'released']),
    handoff: z.looseObject({
      reason: z.string(),
      since: z.string(),
      target: z.string().optional(),
      releasedAt: z.string().optional(),
      replies: z.array(handoffReplySchema).optional(),
    }),
    /** The recent conversation (customer messages and replies), oldest first. */
    messages: z.array(z.object({ role: z.enum(['user', 'assistant']), content: z.string() })),
  })
  .meta({ id: 'HandoffConversationResponse' })

/** `POST /v1/sessions/:id/handoff/replies`: the reply as kept (after the reply checks). */
export const handoffReplyResponseSchema = z
  .object({ sessionId: z.string(), reply: handoffReplySchema })
  .meta({ id: 'HandoffReplyResponse' })

export const releaseResponseSchema = z
  .object({ sessionId: z.string(), released: z.boolean() })
  .meta({ id: 'ReleaseResponse' })

/** `POST /v1/sessions/:id/complete`: the decision, the goal snapshot and the gate. */
export const completeResponseSchema = z
  .object({
    sessionId: z.string(),
    decision: z.looseObject({
      status: z.string(),
      reason: z.string(),
      trustGate: z.string(),
      goalGate: z.string(),
      attemptNumber: z.number(),
      maxGoalAttempts: z.number(),
    }),
    snapshot: z.looseObject({ summary: z.string(), attemptNumber: z.number(), maxAttempts: z.number() }),
    gate: z.object({ name: z.string(), status: z.string(), detail: z.string().optional() }),
  })
  .meta({ id: 'CompleteResponse' })

/** `POST /v1/sessions/:id/goal/restore`. */
export const restoreGoalResponseSchema = z
  .object({
    sessionId: z.string(),
    restored: z.boolean(),
    original: z.string().optional(),
    discarded: z.string().optional(),
    /** The turn whose narrowing was undone. */
    turnId: z.string().optional(),
    /** Why nothing was undone: `nothing-narrowed` or `superseded` (a later turn narrowed again). */
    reason: z.enum(['nothing-narrowed', 'superseded']).optional(),
  })
  .meta({ id: 'RestoreGoalResponse' })

/** `GET /v1/sessions/:id/ledger`. */
export const ledgerResponseSchema = z
  .object({
    sessionId: z.string(),
    records: z.array(
      z.looseObject({
        id: z.string(),
        sequence: z.number().int(),
        type: z.string(),
        hash: z.string(),
        previousHash: z.string().nullable(),
      }),
    ),
    /** How many records the session's ledger holds (`records` is one page of them). */
    total: z.number().int(),
    /** The `from` of the next page, when there is one. */
    next: z.number().int().optional(),
    /** Of this page, the records written since the chain was last verified, and the anchored head. */
    verification: z.looseObject({ valid: z.boolean() }),
  })
  .meta({ id: 'LedgerResponse' })

/** `GET /v1/sessions/:id`. */
export const sessionResponseSchema = z
  .object({ sessionId: z.string(), version: z.number().int().optional(), state: z.unknown() })
  .meta({ id: 'SessionSnapshot' })

/** `POST /v1/enforce`. */
export const enforceResponseSchema = z
  .looseObject({
    type: z.enum(['allowed', 'redacted', 'blocked']),
    text: z.string().optional(),
    findings: z.array(z.looseObject({ type: z.string(), start: z.number(), end: z.number() })),
  })
  .meta({ id: 'EnforceResponse' })

/** `POST /v1/parse`. */
export const parseResponseSchema = z.looseObject({}).meta({ id: 'ParseResponse' })

/** `GET /health`. */
export const healthResponseSchema = z
  .object({ status: z.literal('ok'), name: z.string() })
  .meta({ id: 'Health' })
