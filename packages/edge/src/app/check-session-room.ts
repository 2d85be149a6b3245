import { FocalError } from '@focal/core'
import type { FocalAppContext } from './app-context.ts'

/**
 * Refuses a turn on a session whose state and ledger in the app's in-memory stores reached
 * `memory.maxSessionBytes` (429 `session-full`), before anything runs or is written: the turn
 * count alone let one client keep tens of megabytes per session with long messages.
 */
export function checkSessionRoom(
  app: Pick<FocalAppContext, 'sessionBytes' | 'maxSessionBytes'>,
  sessionId: string,
): void {
  const bytes = app.sessionBytes?.(sessionId) ?? 0
  if (bytes < app.maxSessionBytes) return
  throw new FocalError({
    code: 'session-full',
    message: `Session "${sessionId}" holds ${bytes} bytes of state and ledger, its bound (memory.maxSessionBytes ${app.maxSessionBytes}): start a new session.`,
  })
}
