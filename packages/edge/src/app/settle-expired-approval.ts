import type { ApprovalRequest } from '@focal/core'
import { pendingApprovalOf } from '../auth/authorize-approver.ts'
import type { FocalAppContext } from './app-context.ts'

const isPast = (approval: ApprovalRequest | undefined, now: number) =>
  approval?.expiresAt !== undefined && Date.parse(approval.expiresAt) <= now

/**
 * Applies the default action of the session's pending approval once it is past `expiresAt`, as the
 * session's next turn would (recorded `approval-resolved` with `decision: expired`, then the
 * expired reply), so a status read never shows an approval that can no longer be decided as
 * pending. Does nothing for an approval still in time. Resolves the state read afterwards.
 */
export async function settleExpiredApproval(app: FocalAppContext, sessionId: string): Promise<unknown> {
  const state = await app.engine.getSession(sessionId)
  if (!isPast(pendingApprovalOf(state), Date.now())) return state
  const release = await app.queue.acquire(sessionId)
  try {
    // Holding the lock: a decision or a turn may have settled it meanwhile.
    const approval = pendingApprovalOf(await app.engine.getSession(sessionId))
    if (approval !== undefined && isPast(approval, Date.now())) {
      // `reject`: the engine applies the default action itself when it, by its own clock, sees the
      // approval expired; if its clock disagrees, nothing runs on a read nobody decided.
      const result = await app.engine.resolveApproval({
        sessionId,
        approvalId: approval.id,
        decision: 'reject',
      })
      if (app.onEvent)
        for (const event of result.events)
          await app.onEvent(event, { sessionId, route: '/v1/sessions/approval' })
    }
  } finally {
    await release()
  }
  return app.engine.getSession(sessionId)
}
