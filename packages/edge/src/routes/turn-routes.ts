import { type ApprovalRequest, FocalError, type TurnResult } from '@focal/core'
import { guardWholeText } from '@focal/core/enforcement'
import type { Context, Hono } from 'hono'
import type { FocalAppContext } from '../app/app-context.ts'
import { checkSessionRoom } from '../app/check-session-room.ts'
import { clientTurnResult } from '../app/client-provenance.ts'
import {
  digestText,
  messageInProgress,
  messageReplyLost,
  type RecordedReply,
} from '../app/create-message-replies.ts'
import { restoreTurnResult } from '../app/restore-turn-result.ts'
import { settleExpiredApproval } from '../app/settle-expired-approval.ts'
import { authenticateApprover, pendingApprovalOf, refuseMissing } from '../auth/authorize-approver.ts'
import {
  acquireAuthorizedSession,
  authorizeMessageTurn,
  authorizeSession,
  readClaimKey,
} from '../auth/authorize-session.ts'
import { guardTurnResult } from '../filter/guard-turn-result.ts'
import { readIdParam } from '../schemas/read-id-param.ts'
import { readJsonBody } from '../schemas/read-json-body.ts'

async function report(app: FocalAppContext, result: TurnResult, route: string): Promise<void> {
  if (!app.onEvent) return
  for (const event of result.events) await app.onEvent(event, { sessionId: result.sessionId, route })
}

/**
 * `POST /v1/turn` (one whole turn as JSON), `GET /v1/sessions/:id/approval` (the pending approval,
 * for its approver) and `POST /v1/approvals/:id` (an authenticated approver resumes a paused tool
 * call; the decision names them in the ledger).
 */
export function registerTurnRoutes(hono: Hono, app: FocalAppContext): void {
  hono.post('/v1/turn', async (context) => {
    const body = await readJsonBody(context, app.schemas.turn, app.limits.maxJsonDepth)
    const sessionId = body.sessionId ?? app.generateId()
    const claimKey = readClaimKey(context, body)
    // The message id is the idempotency key, as on `/v1/chat`: a retry gets the recorded result.
    const key =
      body.messageId === undefined
        ? undefined
        : { messageId: body.messageId, route: 'turn' as const, textDigest: await digestText(body.text) }
    const { turn } = await authorizeMessageTurn(context, app, sessionId, key, claimKey)
    const before = turn?.lookup()
    if (before?.type === 'running') throw messageInProgress(key!.messageId)
    if (before?.type === 'lost') throw messageReplyLost(key!.messageId)
    if (before?.type === 'completed') return answerTurn(context, app, sessionId, before.reply)
    const release = await acquireAuthorizedSession(context, app, sessionId)
    let result: TurnResult
    try {
      checkSessionRoom(app, sessionId)
      // Holding the lock: an earlier request with this message id may have ended since the read.
      const started = await turn?.start()
      if (started?.type === 'completed') return await answerTurn(context, app, sessionId, started.reply)
      if (started?.type === 'lost') throw messageReplyLost(key!.messageId)
      try {
        const signal = app.abortable ? { signal: context.req.raw.signal } : {}
        const text = app.inputRail ? await app.inputRail(sessionId, body.text) : body.text
        result = await app.engine.turn({ sessionId, text, ...signal })
      } catch (error) {
        // The turn failed before the engine answered: a retry of this message runs it again.
        await turn?.forget().catch(() => {})
        throw error
      }
      // The turn ran (its tools too): from here on its message id never runs again. A reply that
      // cannot be recorded is marked so (its retry gets 409 `message-reply-lost`), and this
      // client still gets it: the turn happened.
      try {
        result = guardTurnResult(result, app.services)
      } catch (error) {
        await turn?.lose()
        throw error
      }
      await turn?.complete({ route: 'turn', result })
      await report(app, result, '/v1/turn')
      return await answerTurn(context, app, sessionId, { route: 'turn', result })
    } finally {
      await release()
    }
  })

  hono.get('/v1/sessions/:id/approval', async (context) => {
    const sessionId = readIdParam(context, app.schemas.id)
    const decide = authenticateApprover(context, app)
    const pending = pendingApprovalOf(await app.engine.getSession(sessionId))
    if (pending === undefined)
      return await refuseMissing(app, decide, sessionId, noPendingApproval(sessionId))
    // Only an approver of this approval reads it, and only then may the read settle it: past its
    // expiry it can no longer be decided, its default action applies now, and it is not pending.
    await decide(pending)
    const approval = pendingApprovalOf(await settleExpiredApproval(app, sessionId))
    if (approval === undefined) throw noPendingApproval(sessionId)
    return context.json({ sessionId, approval })
  })

  // The requester's view of its own approval: the customer's widget polls it while it waits, so the
  // supervisor's decision and the reply it produced show without another message.
  hono.get('/v1/sessions/:id/approvals/:approvalId', async (context) => {
    const sessionId = readIdParam(context, app.schemas.id)
    const approvalId = readIdParam(context, app.schemas.id, 'approvalId')
    await authorizeSession(context, app, sessionId, 'existing')
    // Past its expiry, its default action applies now (as the next turn would apply it): the
    // status reads `expired`, not `pending` until someone acts.
    await settleExpiredApproval(app, sessionId)
    // The ledger first: a turn writes its state before its records, so a state read after them is
    // never older than they are.
    const records = await app.ledgerStore.list(sessionId)
    const state = await app.engine.getSession(sessionId)
    if (pendingApprovalOf(state)?.id === approvalId)
      return context.json({ sessionId, approvalId, status: 'pending' })
    const decisionOf = (record: (typeof records)[number]) =>
      record.type === 'approval-resolved' ? (record.payload as ResolvedPayload) : undefined
    const resolvedAt = records.findIndex((record) => decisionOf(record)?.approvalId === approvalId)
    const resolved = resolvedAt < 0 ? undefined : decisionOf(records[resolvedAt]!)
    const requested = records.find(
      (record) =>
        record.type === 'approval-requested' &&
        (record.payload as { approvalId?: string }).approvalId === approvalId,
    )?.payload as { defaultAction?: 'approve' | 'reject' } | undefined
    if (requested === undefined) throw noPendingApproval(sessionId)
    const turns =
      resolved === undefined
        ? 0
        : records.slice(resolvedAt + 1).filter((record) => record.type === 'turn-completed').length
    // Being decided: the state already moved on but the resumed turn's records are still landing.
    // Not done yet, so the client asks again and gets the decision with its reply.
    if (resolved === undefined || turns === 0)
      return context.json({ sessionId, approvalId, status: 'pending' })
    // The reply of the turn the decision resumed, while it is still the session's latest turn. A
    // decision taken while a person had the chat resumed it quietly (the bot said nothing), and a
    // person's reply since is theirs, not the resumed turn's: the session's last message was
    // offered as the approval's reply (the bot's "I'm connecting you with a person" again, or the
    // person's own words), which the widget showed as the assistant's answer.
    const spoken =
      !handoffActiveAt(records, resolvedAt) &&
      !records.slice(resolvedAt + 1).some((record) => record.type === 'handoff-replied')
    const latest = turns === 1 && spoken ? lastHistoryEntry(state) : undefined
    const reply =
      latest?.role === 'assistant'
        ? app.services.guardText
          ? app.services.guardText(latest.content)
          : guardWholeText(app.services.createStreamGuard(), latest.content)
        : undefined
    // What was done: an expired approval takes its default action; a withdrawn one never ran.
    const action =
      resolved.decision === 'approved'
        ? 'approve'
        : resolved.decision === 'expired'
          ? (requested?.defaultAction ?? 'reject')
          : 'reject'
    return context.json({
      sessionId,
      approvalId,
      status: resolved.decision,
      action,
      ...(resolved.approverRole === undefined ? {} : { approverRole: resolved.approverRole }),
      ...(reply === undefined ? {} : { reply }),
    })
  })

  hono.post('/v1/approvals/:id', async (context) => {
    const approvalId = readIdParam(context, app.schemas.id)
    const body = await readJsonBody(context, app.schemas.approval, app.limits.maxJsonDepth)
    const decide = authenticateApprover(context, app)
    const release = await app.queue.acquire(body.sessionId)
    let result: TurnResult
    // The session's last ledger sequence before the decision: its resolution is written after it.
    let written = -1
    try {
      const approval = pendingApprovalOf(await app.engine.getSession(body.sessionId))
      if (approval === undefined || approval.id !== approvalId) {
        await refuseExpired(app, body.sessionId, approvalId, decide)
        return await refuseMissing(app, decide, body.sessionId, noPendingApproval(body.sessionId))
      }
      const decidedBy = await decide(approval)
      written = (await app.ledgerStore.last(body.sessionId))?.sequence ?? -1
      result = await app.engine.resolveApproval({
        sessionId: body.sessionId,
        approvalId,
        decision: body.decision,
        decidedBy,
      })
    } finally {
      await release()
    }
    await report(app, result, '/v1/approvals')
    // Past its expiry the approval took its default action, not this decision: the approver is
    // told so (410), as a 200 read like the decision taken. The customer's reply is theirs to poll.
    const resolution = (await app.ledgerStore.list(body.sessionId, { fromSequence: written + 1 })).find(
      (record) =>
        record.type === 'approval-resolved' &&
        (record.payload as { approvalId?: string }).approvalId === approvalId,
    )
    if ((resolution?.payload as { decision?: string } | undefined)?.decision === 'expired')
      throw approvalExpired(approvalId)
    return context.json(clientTurnResult(app, guardTurnResult(result, app.services)))
  })
}

/** A turn's guarded result as JSON, with the placeholders the definition lets back for this session's own client. */
async function answerTurn(context: Context, app: FocalAppContext, sessionId: string, reply: RecordedReply) {
  const result = (reply.route === 'turn' ? reply.result : undefined) as TurnResult
  const restorer = app.createRestorer?.(sessionId)
  return context.json(clientTurnResult(app, restorer ? await restoreTurnResult(result, restorer) : result))
}

/**
 * An approval its expiry already settled (the customer's widget polls its status, which applies the
 * default action) is not a replay: the approver deciding it gets the same 410 `approval-expired` as
 * one whose late decision found it expired, once they are allowed to decide it. Before, the poll
 * came first nearly always and the late approver read 404 `approval-not-found`, as if it never was.
 */
async function refuseExpired(
  app: FocalAppContext,
  sessionId: string,
  approvalId: string,
  decide: (approval: ApprovalRequest) => Promise<unknown>,
): Promise<void> {
  const records = await app.ledgerStore.list(sessionId)
  const named = (record: (typeof records)[number], type: string) =>
    record.type === type && (record.payload as { approvalId?: unknown }).approvalId === approvalId
  const settled = records.find((record) => named(record, 'approval-resolved'))
  if ((settled?.payload as { decision?: unknown } | undefined)?.decision !== 'expired') return
  const requested = records.find((record) => named(record, 'approval-requested'))?.payload as
    | Omit<ApprovalRequest, 'id' | 'sessionId'>
    | undefined
  if (requested === undefined) return
  await decide({
    id: approvalId,
    sessionId,
    toolId: requested.toolId,
    args: requested.args,
    reason: requested.reason,
    defaultAction: requested.defaultAction,
    ...(requested.approver === undefined ? {} : { approver: requested.approver }),
    ...(requested.expiresAt === undefined ? {} : { expiresAt: requested.expiresAt }),
  })
  throw approvalExpired(approvalId)
}

function approvalExpired(approvalId: string): FocalError {
  return new FocalError({
    code: 'approval-expired',
    message: `Approval "${approvalId}" expired before this decision: its default action was applied instead.`,
  })
}

function noPendingApproval(sessionId: string): FocalError {
  return new FocalError({
    code: 'approval-not-found',
    message: `Session "${sessionId}" has no pending approval matching this request.`,
  })
}

/** The fields of an `approval-resolved` ledger payload this route reads. */
interface ResolvedPayload {
  approvalId: string
  decision: 'approved' | 'rejected' | 'expired' | 'withdrawn'
  approverRole?: string
}

/** Whether a person had the chat when the record at `index` was written (a handoff requested and not yet released). */
function handoffActiveAt(records: ReadonlyArray<{ type: string }>, index: number): boolean {
  let active = false
  for (const record of records.slice(0, index)) {
    if (record.type === 'handoff-requested') active = true
    else if (record.type === 'handoff-released') active = false
  }
  return active
}

/** The last history entry of a stored session state, when it has one. */
function lastHistoryEntry(session: unknown): { role: string; content: string } | undefined {
  const history = (session as { history?: unknown } | undefined)?.history
  const last = Array.isArray(history) ? (history.at(-1) as unknown) : undefined
  const entry = last as { role?: unknown; content?: unknown } | undefined
  return typeof entry?.role === 'string' && typeof entry.content === 'string'
    ? { role: entry.role, content: entry.content }
    : undefined
}
