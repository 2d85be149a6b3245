import { FocalError } from '@focal/core'
import type { Context } from 'hono'
import type { FocalAppContext } from '../app/app-context.ts'

/** Header carrying the per-session token, in requests and in the response that creates a session. */
export const sessionTokenHeader = 'x-focal-session-token'

/** Whether the route may create the session (turn, chat) or only use an existing one. */
export type SessionAccess = 'create' | 'existing'

/** True when the engine knows the session. */
export async function sessionExists(app: FocalAppContext, sessionId: string): Promise<boolean> {
  return (await app.engine.getSession(sessionId)) != null
}

/**
 * Checks the per-session token: 401 `unauthorized` without one (unless the route creates a new
 * session, which is then issued a token in the response header), 403 `forbidden` with a token for
 * another session, 404 `session-not-found` for an unknown session on a read route.
 */
export async function authorizeSession(
  context: Context,
  app: FocalAppContext,
  sessionId: string,
  access: SessionAccess,
): Promise<string | undefined> {
  const token = context.req.header(sessionTokenHeader)
  if (app.tokens && token !== undefined) {
    if (!(await app.tokens.verify(sessionId, token))) {
      throw new FocalError({
        code: 'forbidden',
        message: 'The session token does not grant access to this session.',
      })
    }
  }
  const exists = await sessionExists(app, sessionId)
  if (!exists && access === 'existing') {
    if (app.tokens && token === undefined) throw missingToken()
    throw new FocalError({ code: 'session-not-found', message: `Unknown session "${sessionId}".` })
  }
  if (!app.tokens || token !== undefined) return undefined
  if (exists) throw missingToken()
  const issued = await app.tokens.sign(sessionId)
  context.header(sessionTokenHeader, issued)
  return issued
}

function missingToken(): FocalError {
  return new FocalError({
    code: 'unauthorized',
    message: `Send the session token in "${sessionTokenHeader}".`,
  })
}
