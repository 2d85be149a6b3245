import { FocalError, verifyLedger } from '@focal/core'
import type { Hono } from 'hono'
import type { FocalAppContext } from '../app/app-context.ts'
import { authorizeSession } from '../auth/authorize-session.ts'
import { readIdParam } from '../schemas/read-id-param.ts'

/**
 * `GET /v1/sessions/:id` (snapshot), `GET /v1/sessions/:id/ledger` (records + verification with
 * the app's ledger key and anchored head) and
 * `POST /v1/sessions/:id/release` (end a human handoff: the engine answers the session again).
 */
export function registerSessionRoutes(hono: Hono, app: FocalAppContext): void {
  hono.get('/v1/sessions/:id', async (context) => {
    const sessionId = readIdParam(context, app.schemas.id)
    await authorizeSession(context, app, sessionId, 'existing')
    const session = await app.engine.getSession(sessionId)
    if (session == null)
      throw new FocalError({ code: 'session-not-found', message: `Unknown session "${sessionId}".` })
    return context.json({ sessionId, state: session })
  })

  hono.post('/v1/sessions/:id/release', async (context) => {
    const sessionId = readIdParam(context, app.schemas.id)
    await authorizeSession(context, app, sessionId, 'existing')
    if (app.engine.releaseHandoff === undefined)
      throw new FocalError({ code: 'route-not-found', message: 'This engine has no human handoff.' })
    const released = await app.engine.releaseHandoff({ sessionId, releasedBy: 'api' })
    return context.json({ sessionId, released })
  })

  hono.get('/v1/sessions/:id/ledger', async (context) => {
    const sessionId = readIdParam(context, app.schemas.id)
    await authorizeSession(context, app, sessionId, 'existing')
    // The head first: appends write it after their records, so it is never ahead of the list.
    const head = await app.ledgerAnchorStore?.getHead(sessionId)
    const records = await app.ledgerStore.list(sessionId)
    const verification = await verifyLedger(records, { sessionId, key: await app.ledgerKey, head })
    return context.json({ sessionId, records, verification })
  })
}
