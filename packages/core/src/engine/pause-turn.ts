import type { LedgerEvent } from '../ledger/ledger-event-schema.ts'
import type { actOnPlan } from './act-on-plan.ts'
import { buildTurnProvenance } from './build-turn-provenance.ts'
import type { finishTurn, TurnScratch } from './finish-turn.ts'
import { renderTemplate } from './render-template.ts'
import type { EngineSessionState } from './session-state.ts'
import type { TurnDependencies, TurnOutcome } from './turn-types.ts'
import type { TurnResult } from './types.ts'

/** Saves a turn paused at a call that needs approval and returns the `approval-required` result. */
export function pause(
  dependencies: TurnDependencies,
  state: EngineSessionState,
  scratch: TurnScratch,
  turn: Parameters<typeof finishTurn>[3],
  acted: Extract<Awaited<ReturnType<typeof actOnPlan>>, { type: 'paused' }>,
): TurnOutcome {
  const { compiled } = dependencies
  const call = acted.remaining[0]!
  const approval = acted.request
  state.pendingApproval = {
    approval,
    turnId: scratch.turnId,
    text: scratch.text,
    perception: turn.perception,
    route: turn.route,
    matched: turn.matched.map((entry) => ({ ruleId: entry.rule.id, reason: entry.reason })),
    completed: acted.completed,
    remaining: acted.remaining,
    ...(turn.followUp === undefined ? {} : { followUp: turn.followUp }),
    ...(turn.plan === undefined ? {} : { plan: structuredClone(turn.plan) }),
    fields: structuredClone(state.fields),
  }
  const pending = renderTemplate(compiled.definition.settings.approvalPendingReply, {
    approver: approval.approver ?? 'a reviewer',
    tool: call.toolId,
    args: call.args,
    label: approval.label,
  }).trim()
  // What this turn said first (an earlier request withdrawn, or expired) opens the reply.
  const before = scratch.around?.before
  const text = before === undefined || before === '' ? pending : `${before} ${pending}`
  const provenance = buildTurnProvenance({
    ...scratch,
    mode: 'normal',
    route: turn.route,
    matched: turn.matched,
    completed: acted.completed,
    awaitingApproval: call.toolId,
    // A task agent's turn shows what it parsed and planned while its run waits (outside review
    // rv62 4: the turn that runs code had no plan, in the reply or the ledger).
    ...(turn.plan === undefined ? {} : { plan: turn.plan }),
    gates: [{ name: 'tool-policy', status: 'approval-required', detail: approval.reason }],
  })
  const result: TurnResult = {
    type: 'approval-required',
    sessionId: scratch.sessionId,
    turnId: scratch.turnId,
    approval,
    text,
    provenance,
    events: scratch.events,
  }
  scratch.emit({ type: 'approval-requested', approval })
  scratch.emit({ type: 'turn-finished', result })
  const ledger: LedgerEvent[] = [
    ...acted.completed.map(
      (done): LedgerEvent => ({
        type: 'tool-called',
        payload: {
          turnId: scratch.turnId,
          toolId: done.toolId,
          status: done.status,
          args: done.args,
          ...(done.reason === undefined ? {} : { reason: done.reason }),
        },
      }),
    ),
    {
      type: 'approval-requested',
      payload: {
        approvalId: approval.id,
        turnId: scratch.turnId,
        toolId: call.toolId,
        args: call.args,
        reason: approval.reason,
        defaultAction: approval.defaultAction,
        ...(approval.approver === undefined ? {} : { approver: approval.approver }),
        ...(approval.expiresAt === undefined ? {} : { expiresAt: approval.expiresAt }),
      },
    },
    {
      type: 'turn-completed',
      payload: { turnId: scratch.turnId, resultType: 'approval-required', provenance },
    },
  ]
  return { result, state, ledger }
}
