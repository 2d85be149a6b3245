import { z } from 'zod'
import type { FocalInputLimits } from './limits.ts'

/** The zod schemas of every request body, built for one set of limits. */
export function createRequestSchemas(limits: FocalInputLimits) {
  const id = z
    .string()
    .min(1)
    .max(limits.maxIdLength)
    .regex(/^[A-Za-z0-9._:-]+$/, 'must contain only letters, digits, ".", "_", ":" or "-"')
    // `.` and `..` are path segments a URL resolves away: such a session could never be read,
    // deleted or released at `/v1/sessions/:id`.
    .refine((value) => !/^\.+$/u.test(value), 'must contain a character other than "."')
  const text = z.string().min(1).max(limits.maxTextLength)
  // A turn's message says something: white space, control and format characters alone are no
  // message (as `/v1/chat` refuses a last user message with no text).
  const messageText = text.refine(
    (value) => /[^\s\p{Cc}\p{Cf}]/u.test(value),
    'must contain a visible character',
  )
  // A chat part's text has no bound of its own: `useChat` sends the whole history, whose assistant
  // replies may be longer than `maxTextLength`. `chatBodyLimit` bounds the body; the last user
  // message, the turn, is held to `maxTextLength` by the chat route.
  const part = z.looseObject({
    type: z.string().min(1).max(64),
    text: z.string().optional(),
  })
  const message = z.looseObject({
    id: z.string().max(limits.maxIdLength),
    role: z.enum(['system', 'user', 'assistant']),
    parts: z.array(part).max(limits.maxPartsPerMessage),
  })
  return {
    id,
    turn: z
      .strictObject({
        sessionId: id.optional(),
        text: messageText,
        /** The idempotency key: a retry with it gets the completed turn's recorded result. */
        messageId: z.string().min(1).max(limits.maxIdLength).optional(),
      })
      .meta({ id: 'TurnRequest' }),
    parse: z.strictObject({ text }).meta({ id: 'ParseRequest' }),
    enforce: z
      .strictObject({
        text,
        mode: z.enum(['check', 'redact']).default('check'),
        /** Scoped rules to check besides the global ones. */
        ruleIds: z.array(id).max(100).default([]),
      })
      .meta({ id: 'EnforceRequest' }),
    approval: z
      .strictObject({ sessionId: id, decision: z.enum(['approve', 'reject']) })
      .meta({ id: 'ApprovalDecisionRequest' }),
    /** A person's message to the customer during a handoff. */
    handoffReply: z.strictObject({ text: messageText }).meta({ id: 'HandoffReplyRequest' }),
    // The goal contract itself is validated by core (located `invalid-goal-contract` issues).
    complete: z
      .strictObject({
        contract: z.record(z.string(), z.unknown()).optional(),
        replaceContract: z.boolean().optional(),
        output: z.string().max(limits.maxTextLength * 25),
        artifacts: z.array(z.string().min(1).max(1024)).max(1000).optional(),
        reviewerTrustScore: z.number().min(0).max(100).optional(),
        requestedStatus: z.enum(['SUCCESS', 'PARTIAL', 'BLOCKED', 'ABORTED', 'FAILED']).optional(),
        approach: z.string().max(limits.maxTextLength).optional(),
      })
      .meta({ id: 'CompleteRequest' }),
    restoreGoal: z
      .strictObject({
        /** The narrowing's turn (`provenance.goal.reformulation.turnId`): only its narrowing is undone. */
        turnId: id.optional(),
        reason: z.string().max(500).optional(),
      })
      .meta({ id: 'RestoreGoalRequest' }),
    // The AI SDK `DefaultChatTransport` body; loose because transports may add their own fields.
    chat: z
      .looseObject({
        id,
        messages: z.array(message).min(1).max(limits.maxMessages),
        trigger: z.enum(['submit-message', 'regenerate-message']).default('submit-message'),
        messageId: z.string().min(1).max(limits.maxIdLength).optional(),
      })
      .meta({ id: 'ChatRequest' }),
  }
}

/** The request schemas of one app. */
export type FocalRequestSchemas = ReturnType<typeof createRequestSchemas>
