import { FocalError, verifyLedger } from '@focal/core'
import type { Hono } from 'hono'
import type { FocalAppContext } from '../app/app-context.ts'
import { authorizeSession } from '../auth/authorize-session.ts'
import { readIdParam } from '../schemas/read-id-param.ts'

/** `GET /v1/sessions/:id` (snapshot) and `GET /v1/sessions/:id/ledger` (records + verification). */
export function registerSessionRoutes(hono: Hono, app: FocalAppContext): void {
  hono.get('/v1/sessions/:id', async (context) => {
    const sessionId = readIdParam(context, app.schemas.id)
    await authorizeSession(context, app, sessionId, 'existing')
    const session = await app.engine.getSession(sessionId)
    if (session == null)
      throw new FocalError({ code: 'session-not-found', message: `Unknown session "${sessionId}".` })
    return context.json({ sessionId, state: session })
  })

  hono.get('/v1/sessions/:id/ledger', async (context) => {
    const sessionId = readIdParam(context, app.schemas.id)
    await authorizeSession(context, app, sessionId, 'existing')
    const records = await app.ledgerStore.list(sessionId)
    const verification = await verifyLedger(records, { sessionId })
    return context.json({ sessionId, records, verification })
  })
}
