import { type ApprovalRequest, FocalError } from '@focal/core'
import { pendingApprovalOf } from '../auth/authorize-approver.ts'
import type { FocalAppContext } from './app-context.ts'

const isPast = (approval: ApprovalRequest | undefined, now: number) =>
  approval?.expiresAt !== undefined && Date.parse(approval.expiresAt) <= now

/**
 * Applies the default action of the session's pending approval once it is past `expiresAt`, as the
 * session's next turn would (recorded `approval-resolved` with `decision: expired`, then the
 * expired reply), so a status read never shows an approval that can no longer be decided as
 * pending. Does nothing for an approval still in time. Resolves the state read afterwards.
 *
 * The engine's clock decides: the app's `clock` (shared with an engine the app built) only tells
 * when to ask, and the engine settles the approval only if it, by its own clock, finds it expired
 * (`onlyIfExpired`). An edge whose clock ran ahead of the engine's recorded a `rejected` decision
 * nobody made.
 */
export async function settleExpiredApproval(app: FocalAppContext, sessionId: string): Promise<unknown> {
  const state = await app.engine.getSession(sessionId)
  if (!isPast(pendingApprovalOf(state), app.clock.now())) return state
  const release = await app.queue.acquire(sessionId)
  try {
    // Holding the lock: a decision or a turn may have settled it meanwhile.
    const approval = pendingApprovalOf(await app.engine.getSession(sessionId))
    if (approval !== undefined && isPast(approval, app.clock.now())) {
      let result: Awaited<ReturnType<FocalAppContext['engine']['resolveApproval']>>
      try {
        result = await app.engine.resolveApproval({
          sessionId,
          approvalId: approval.id,
          decision: 'reject',
          onlyIfExpired: true,
        })
      } catch (error) {
        // Still in time by the engine's clock: nothing is decided, it stays pending.
        if (FocalError.isInstance(error) && error.code === 'approval-not-expired') return state
        throw error
      }
      if (app.onEvent)
        for (const event of result.events)
          await app.onEvent(event, { sessionId, route: '/v1/sessions/approval' })
    }
  } finally {
    await release()
  }
  return app.engine.getSession(sessionId)
}
