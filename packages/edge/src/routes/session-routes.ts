import { FocalError } from '@focal/core'
import type { Context, Hono } from 'hono'
import { z } from 'zod'
import type { FocalAppContext } from '../app/app-context.ts'
import { clientLedgerPayload, clientSnapshot } from '../app/client-provenance.ts'
import { createEpoch } from '../app/session-claims.ts'
import { authenticateApprover, refuseMissing } from '../auth/authorize-approver.ts'
import { acquireAuthorizedSession, authorizeSession, issueSessionToken } from '../auth/authorize-session.ts'
import { readIdParam } from '../schemas/read-id-param.ts'
import { readJsonBody, toFocalIssues } from '../schemas/read-json-body.ts'
import { redactSnapshot } from './redact-snapshot.ts'

/**
 * `GET /v1/sessions/:id` (snapshot), `GET /v1/sessions/:id/ledger` (records + verification with
 * the app's ledger key and anchored head), `POST /v1/sessions/:id/release` (an approver ends a
 * human handoff: the engine answers the session again; the ledger names who released it), `POST /v1/sessions/:id/complete` (the completion step:
 * goal gate, trust gate, decision matrix) and `POST /v1/sessions/:id/goal/restore` (undo the last
 * goal narrowing, recorded as GOAL_RESTORED).
 */
export function registerSessionRoutes(hono: Hono, app: FocalAppContext): void {
  hono.get('/v1/sessions/:id', async (context) => {
    const sessionId = readIdParam(context, app.schemas.id)
    await authorizeSession(context, app, sessionId, 'existing')
    const session = await app.engine.getSession(sessionId)
    if (session == null)
      throw new FocalError({ code: 'session-not-found', message: `Unknown session "${sessionId}".` })
    return context.json({ sessionId, state: redactSnapshot(clientSnapshot(app, session)) })
  })

  hono.delete('/v1/sessions/:id', async (context) => {
    const sessionId = readIdParam(context, app.schemas.id)
    await authorizeSession(context, app, sessionId, 'existing')
    if (app.sessionStore === undefined)
      throw new FocalError({
        code: 'route-not-found',
        message: "Pass the engine's sessionStore to createFocalApp to delete sessions.",
      })
    const release = await acquireAuthorizedSession(context, app, sessionId)
    try {
      // A call waiting for an approver is withdrawn first, so every conversation sees it settled:
      // deleted with it, it blocked its order for everyone, for good (no one could decide it).
      const session = (await app.engine.getSession(sessionId)) as
        | { pendingApproval?: { approval?: { id?: unknown } } }
        | undefined
      const waiting = session?.pendingApproval?.approval?.id
      if (typeof waiting === 'string')
        await app.engine.resolveApproval({
          sessionId,
          approvalId: waiting,
          decision: 'reject',
          withdrawn: true,
          decidedBy: { id: 'session-deleted' },
        })
      await app.sessionStore.delete(sessionId)
      await app.messageReplies.delete(sessionId)
      // The claim goes too: every token of the session stops working. The id is retired, not freed:
      // its ledger records stay, so claiming it again gets 409 `session-claimed`.
      await app.sessionClaims.remove(sessionId)
      app.retiredIds.set(sessionId, 'deleted')
      // Crypto-shredding: the session's key goes, so the values sealed in its ledger are unreadable.
      await app.personalValueKeys?.delete(sessionId)
    } finally {
      await release()
    }
    return context.json({ sessionId, deleted: true })
  })

  hono.post('/v1/sessions/:id/revoke', async (context) => {
    const sessionId = readIdParam(context, app.schemas.id)
    await authorizeSession(context, app, sessionId, 'existing')
    if (!app.tokens)
      throw new FocalError({
        code: 'route-not-found',
        message: 'Session tokens are off (sessionSecret: false).',
      })
    const epoch = createEpoch()
    await app.sessionClaims.rotate(sessionId, epoch)
    await issueSessionToken(context, app, sessionId, epoch)
    return context.json({ sessionId, revoked: true })
  })

  hono.post('/v1/sessions/:id/release', async (context) => {
    const sessionId = readIdParam(context, app.schemas.id)
    // The person who took the conversation over hands it back, authenticated like an approver: the
    // customer's own session token may not end the handoff (403 `self-approval-forbidden`).
    const authorize = authenticateApprover(context, app)
    if (app.engine.releaseHandoff === undefined)
      throw new FocalError({ code: 'route-not-found', message: 'This engine has no human handoff.' })
    const session = await app.engine.getSession(sessionId)
    if (session == null) {
      const unknown = new FocalError({
        code: 'session-not-found',
        message: `Unknown session "${sessionId}".`,
      })
      return await refuseMissing(app, authorize, sessionId, unknown)
    }
    const handoff = (session as { handoff?: { reason?: string } }).handoff
    // What the approver (or the `authorizeApproval` hook) is asked to decide: no role is named, so
    // any approver credential may hand a conversation back.
    const decider = await authorize({
      id: `handoff-release:${sessionId}`,
      sessionId,
      toolId: 'handoff-release',
      args: {},
      reason: handoff?.reason ?? 'no handoff in progress',
      label: 'Hand the conversation back to the assistant',
      defaultAction: 'reject',
    })
    // Session writes outside a turn hold the turn's lease too: a turn's write that lost a race ran
    // its tools again (an outside review saw a refund run twice when a completion came mid-turn).
    const release = await app.queue.acquire(sessionId)
    try {
      const released = await app.engine.releaseHandoff({ sessionId, releasedBy: decider.id })
      return context.json({ sessionId, released })
    } finally {
      await release()
    }
  })

  hono.post('/v1/sessions/:id/complete', async (context) => {
    const sessionId = readIdParam(context, app.schemas.id)
    const body = await readJsonBody(context, app.schemas.complete, app.limits.maxJsonDepth)
    await authorizeSession(context, app, sessionId, 'existing')
    if (app.engine.complete === undefined)
      throw new FocalError({ code: 'route-not-found', message: 'This engine has no completion step.' })
    const release = await acquireAuthorizedSession(context, app, sessionId)
    try {
      const result = await app.engine.complete({
        sessionId,
        output: body.output,
        ...(body.contract === undefined ? {} : { contract: body.contract }),
        ...(body.replaceContract === undefined ? {} : { replaceContract: body.replaceContract }),
        ...(body.artifacts === undefined ? {} : { artifacts: body.artifacts }),
        ...(body.reviewerTrustScore === undefined ? {} : { reviewerTrustScore: body.reviewerTrustScore }),
        ...(body.requestedStatus === undefined ? {} : { requestedStatus: body.requestedStatus }),
        ...(body.approach === undefined ? {} : { approach: body.approach }),
      })
      return context.json(result)
    } finally {
      await release()
    }
  })

  hono.post('/v1/sessions/:id/goal/restore', async (context) => {
    const sessionId = readIdParam(context, app.schemas.id)
    const body = await readJsonBody(context, app.schemas.restoreGoal, app.limits.maxJsonDepth)
    await authorizeSession(context, app, sessionId, 'existing')
    if (app.engine.restoreGoal === undefined)
      throw new FocalError({ code: 'route-not-found', message: 'This engine has no goal narrowing.' })
    const release = await acquireAuthorizedSession(context, app, sessionId)
    try {
      const result = await app.engine.restoreGoal({
        sessionId,
        ...(body.turnId === undefined ? {} : { turnId: body.turnId }),
        ...(body.reason === undefined ? {} : { reason: body.reason }),
      })
      return context.json({ sessionId, ...result })
    } finally {
      await release()
    }
  })

  hono.get('/v1/sessions/:id/ledger', async (context) => {
    const sessionId = readIdParam(context, app.schemas.id)
    const { from, limit } = readLedgerPage(context)
    await authorizeSession(context, app, sessionId, 'existing')
    // The head first: appends write it after their records, so it is never ahead of them.
    const head = await app.ledgerAnchorStore?.getHead(sessionId)
    const last = await app.ledgerStore.last(sessionId)
    const total = last === undefined ? 0 : last.sequence + 1
    // One page is read and sent (a session of many thousand turns would otherwise be tens of
    // megabytes in one response), and verified with the records written since the session's chain
    // was last verified: a page costs in proportion to the page, not to the whole chain.
    const page = from < total ? await app.ledgerStore.list(sessionId, { fromSequence: from, limit }) : []
    const verification = await app.ledgerVerifier.verifyPage(sessionId, {
      from,
      records: page,
      key: await app.ledgerKey,
      head,
    })
    const next = from + limit < total ? from + limit : undefined
    return context.json({
      sessionId,
      // Verified as stored; sent with each turn's provenance at the app's level (`provenance`).
      records:
        app.provenance === 'full'
          ? page
          : page.map((record) => ({
              ...record,
              payload: clientLedgerPayload(app, record.type, record.payload),
            })),
      total,
      ...(next === undefined ? {} : { next }),
      verification,
    })
  })
}

/** Most ledger records one response holds (`?limit=`). */
export const ledgerPageLimit = 1000

const ledgerPageSchema = z.strictObject({
  from: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
  limit: z.coerce.number().int().min(1).max(ledgerPageLimit).default(ledgerPageLimit),
})

/** `?from=` (the first record's position, default 0) and `?limit=` (1 to 1000, default 1000). */
function readLedgerPage(context: Context): { from: number; limit: number } {
  const parsed = ledgerPageSchema.safeParse(context.req.query())
  if (parsed.success) return parsed.data
  const issues = toFocalIssues(parsed.error)
  const first = issues[0]
  throw new FocalError({
    code: 'invalid-request',
    message: first === undefined ? 'Invalid query.' : `${first.path}: ${first.message}`,
    issues,
  })
}
