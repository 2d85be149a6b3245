import { type ApprovalDecider, type ApprovalRequest, FocalError, type Handoff } from '@focal/core'
import { guardWholeText } from '@focal/core/enforcement'
import type { Hono } from 'hono'
import type { FocalAppContext } from '../app/app-context.ts'
import { authenticateApprover, refuseMissing } from '../auth/authorize-approver.ts'
import { authorizeSession } from '../auth/authorize-session.ts'
import { readIdParam } from '../schemas/read-id-param.ts'
import { readJsonBody } from '../schemas/read-json-body.ts'
import { redactSnapshot } from './redact-snapshot.ts'

/**
 * A human handoff as the person and the customer work it: `GET /v1/sessions/:id/handoff` (the
 * customer's view, which the widget polls: whether a person still has the chat, and what they
 * wrote), `GET /v1/sessions/:id/handoff/conversation` (the person reads the conversation, with an
 * approver credential) and `POST /v1/sessions/:id/handoff/replies` (the person writes to the
 * customer; the reply passes the definition's reply checks and the ledger names who wrote it).
 * `POST /v1/sessions/:id/release` hands the conversation back.
 */
export function registerHandoffRoutes(hono: Hono, app: FocalAppContext): void {
  hono.get('/v1/sessions/:id/handoff', async (context) => {
    const sessionId = readIdParam(context, app.schemas.id)
    await authorizeSession(context, app, sessionId, 'existing')
    const state = await sessionState(app, sessionId)
    const handoff = state.handoff ?? state.lastHandoff
    if (handoff === undefined) throw noHandoff(sessionId)
    return context.json({
      sessionId,
      status: state.handoff === undefined ? 'released' : 'active',
      since: handoff.since,
      ...(handoff.releasedAt === undefined ? {} : { releasedAt: handoff.releasedAt }),
      replies: (handoff.replies ?? []).map(({ id, text, at }) => ({ id, text, at })),
    })
  })

  hono.get('/v1/sessions/:id/handoff/conversation', async (context) => {
    const sessionId = readIdParam(context, app.schemas.id)
    const authorize = authenticateApprover(context, app)
    const state = await sessionState(app, sessionId, authorize)
    // Only while a person has it: once handed back, what the customer says next is the
    // assistant's conversation, not the approvers' to read (outside review rv61 9).
    const handoff = state.handoff
    if (handoff === undefined) return await refuseMissing(app, authorize, sessionId, noHandoff(sessionId))
    await authorize(handoffApproval(sessionId, handoff, 'Read the conversation handed to a person'))
    return context.json({
      sessionId,
      status: 'active',
      handoff: redactSnapshot(handoff),
      messages: redactSnapshot(state.history ?? []),
    })
  })

  hono.post('/v1/sessions/:id/handoff/replies', async (context) => {
    const sessionId = readIdParam(context, app.schemas.id)
    const body = await readJsonBody(context, app.schemas.handoffReply, app.limits.maxJsonDepth)
    const authorize = authenticateApprover(context, app)
    if (app.engine.replyToHandoff === undefined)
      throw new FocalError({ code: 'route-not-found', message: 'This engine has no human handoff.' })
    const state = await sessionState(app, sessionId, authorize)
    if (state.handoff === undefined)
      return await refuseMissing(app, authorize, sessionId, noHandoff(sessionId))
    const decider = await authorize(handoffApproval(sessionId, state.handoff, 'Write to the customer'))
    // What a person writes reaches the customer as a reply does: through the definition's checks
    // (a card number pasted from the back office is masked; a text they block is not sent).
    const text = app.services.guardText
      ? app.services.guardText(body.text)
      : guardWholeText(app.services.createStreamGuard(), body.text)
    if (text.trim() === '')
      throw new FocalError({
        code: 'invalid-request',
        message: "The reply was withheld by the definition's reply checks; nothing was sent.",
      })
    // And the definition's global Lane 1 rules, as a reply of the assistant's is held to them
    // (outside review rv61 1: "I've refunded you $500" reached the customer past "never promise a
    // refund above $50").
    const checked = await app.services.enforce({ text, mode: 'check', ruleIds: [] })
    if (checked.type === 'blocked') {
      const violations = Array.isArray(checked.violations)
        ? (checked.violations as Array<{ ruleId?: unknown }>)
        : []
      const rules = [...new Set(violations.map((violation) => String(violation.ruleId)))]
      throw new FocalError({
        code: 'invalid-request',
        message: `The reply was withheld by the definition's rules (${rules.join(', ') || 'a hard-safety rule'}); nothing was sent.`,
      })
    }
    // Held like a turn: a reply and a turn of the same session never overwrite each other.
    const release = await app.queue.acquire(sessionId)
    try {
      const reply = await app.engine.replyToHandoff({ sessionId, text, by: decider.id })
      if (reply === undefined) throw noHandoff(sessionId)
      return context.json({ sessionId, reply })
    } finally {
      await release()
    }
  })
}

/** What a session snapshot of the engine says about a handoff. */
interface HandoffState {
  handoff?: Handoff
  lastHandoff?: Handoff
  history?: unknown[]
}

async function sessionState(
  app: FocalAppContext,
  sessionId: string,
  /** The approver check of an approver's route (the customer's route checked its token first). */
  authorize?: (approval: ApprovalRequest) => Promise<ApprovalDecider>,
): Promise<HandoffState> {
  const session = await app.engine.getSession(sessionId)
  if (session == null) {
    const unknown = new FocalError({ code: 'session-not-found', message: `Unknown session "${sessionId}".` })
    if (authorize === undefined) throw unknown
    return await refuseMissing(app, authorize, sessionId, unknown)
  }
  return session as HandoffState
}

/** What the approver (or the `authorizeApproval` hook) is asked to allow: any approver may. */
function handoffApproval(sessionId: string, handoff: Handoff, label: string) {
  return {
    id: `handoff:${sessionId}`,
    sessionId,
    toolId: 'handoff',
    args: {},
    reason: handoff.reason,
    label,
    defaultAction: 'reject' as const,
  }
}

function noHandoff(sessionId: string): FocalError {
  return new FocalError({
    code: 'handoff-not-found',
    message: `Session "${sessionId}" is not handed to a person.`,
  })
}
