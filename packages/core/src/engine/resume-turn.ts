import { FocalError } from '../errors/focal-error.ts'
import type { LedgerEvent } from '../ledger/ledger-event-schema.ts'
import type { ProvenancePlan } from '../ledger/provenance-types.ts'
import { ruleScopeType } from '../rules/compare-rules.ts'
import type { MatchedRule } from '../rules/types.ts'
import { actOnPlan } from './act-on-plan.ts'
import { finishTurn, type TurnScratch } from './finish-turn.ts'
import { hashQuery } from './hash-query.ts'
import { isoTimestamp } from './iso-timestamp.ts'
import { pause } from './pause-turn.ts'
import { type CompletedToolCall, type EngineSessionState, withdrawnReason } from './session-state.ts'
import { findings } from './task-turn.ts'
import type { TurnDependencies, TurnOutcome } from './turn-types.ts'
import { sessionVariables } from './turn-variables.ts'
import type { TurnEvent, TurnResult } from './types.ts'

/** How many declined calls a session keeps for `session.rejected` (state stays bounded). */
const maxRejectedCalls = 200

/** A human decision on a paused tool call. */
export interface ApprovalDecisionInput {
  sessionId: string
  approvalId: string
  decision: 'approve' | 'reject'
  /**
   * Who decided, as authenticated by the host (the edge's approver credential or
   * `authorizeApproval` hook); recorded in the ledger's `approval-resolved` event.
   * @default undefined (the ledger names no approver)
   */
  decidedBy?: ApprovalDecider
  /**
   * The requester took the request back before anyone decided ("forget it, don't cancel it"): the
   * call does not run, the ledger records `withdrawn`, and the reply is
   * `settings.approvalWithdrawnReply`. Only with `decision: 'reject'`.
   */
  withdrawn?: boolean
  /**
   * Settle the approval only if it is past its `expiresAt` by the engine's own clock (its default
   * action applies, recorded `expired`); otherwise throw `approval-not-expired` and change nothing.
   * For a host that settles expired approvals on a read (`@focal/edge`'s status routes): the
   * engine's clock decides, and a host whose clock runs ahead records no decision nobody made.
   */
  onlyIfExpired?: boolean
}

/** The authenticated person or service that decided an approval. */
export interface ApprovalDecider {
  /** Stable identifier of the approver (user id, service name). */
  id: string
  /** The role the approver acted in (e.g. `supervisor`). */
  role?: string
}

/**
 * Resumes a turn paused for approval: runs (or skips) the approved call, gates and runs the calls
 * after it, then responds, enforces and records like any turn. An expired approval takes the
 * request's `defaultAction`.
 */
/**
 * Said when an approval timed out unapproved and no `settings.approvalExpiredReply` is set: no one
 * decided, so it is not said that someone declined (an outside review read "The supervisor didn't
 * approve this cancellation" for a request no one looked at).
 */
const expiredReply = "No one approved that in time, so I haven't made any changes."

export async function resumeTurn(
  dependencies: TurnDependencies,
  previous: EngineSessionState,
  input: ApprovalDecisionInput,
  emit: (event: TurnEvent) => void,
): Promise<TurnOutcome> {
  const { compiled, clock } = dependencies
  // The store hands out a fresh copy on every get, so the turn may change it in place.
  const state = previous
  const pending = state.pendingApproval
  if (pending === undefined || pending.approval.id !== input.approvalId) {
    throw new FocalError({
      code: 'approval-not-found',
      message: `no pending approval "${input.approvalId}" in session "${input.sessionId}"`,
    })
  }
  const expired =
    pending.approval.expiresAt !== undefined && Date.parse(pending.approval.expiresAt) <= clock.now()
  if (input.onlyIfExpired === true && !expired)
    throw new FocalError({
      code: 'approval-not-expired',
      message: `approval "${input.approvalId}" of session "${input.sessionId}" has not expired`,
    })
  delete state.pendingApproval
  // A withdrawal (the requester took it back, or the session was deleted) runs nothing, whatever
  // the approval's default action or expiry: DELETE of a session whose approval had expired with
  // `defaultAction: approve` ran the cancellation.
  const withdrawn = input.withdrawn === true
  const decision = withdrawn ? 'reject' : expired ? pending.approval.defaultAction : input.decision
  // A person has the chat (a handoff since the approval was asked): the decision is applied and
  // recorded, but the bot says nothing: no reply, no streamed text. The person tells the customer.
  const quiet = state.handoff !== undefined
  const scratch: TurnScratch = {
    sessionId: input.sessionId,
    turnId: pending.turnId,
    text: pending.text,
    events: [],
    ledger: [],
    queryHash: hashQuery(pending.text),
    timestamp: isoTimestamp(clock.now()),
    emit: (event) => {
      if (quiet && (event.type === 'text-delta' || event.type === 'text-retracted')) return
      if (quiet && event.type === 'turn-finished') return
      // `turn-finished` carries the result itself: kept in `result.events` it would make every
      // TurnResult a cycle that JSON.stringify cannot serialise. Streams still receive it.
      if (event.type !== 'turn-finished') scratch.events.push(event)
      emit(event)
    },
  }
  /** The outcome as the customer gets it: during a handoff, quiet (what the bot would say is not said). */
  const delivered = (outcome: TurnOutcome): TurnOutcome => {
    if (!quiet || state.handoff === undefined) return outcome
    const { result } = outcome
    const said = 'text' in result ? result.text : undefined
    const last = state.history.at(-1)
    if (said !== undefined && last?.role === 'assistant' && last.content === said) {
      // The request and the reply the bot did not give go together: no user line is left unanswered.
      const asked = state.history.at(-2)
      state.history = state.history.slice(
        0,
        asked?.role === 'user' && asked.content === pending.text ? -2 : -1,
      )
    }
    const handedOff: TurnResult = {
      type: 'handoff',
      sessionId: result.sessionId,
      turnId: result.turnId,
      handoff: state.handoff,
      provenance: result.provenance,
      events: result.events,
    }
    emit({ type: 'turn-finished', result: handedOff })
    return { ...outcome, result: handedOff }
  }
  scratch.emit({ type: 'turn-started', turnId: pending.turnId, sessionId: input.sessionId })
  const resolved: LedgerEvent = {
    type: 'approval-resolved',
    payload: {
      approvalId: pending.approval.id,
      decision: expired
        ? 'expired'
        : decision === 'approve'
          ? 'approved'
          : input.withdrawn === true
            ? 'withdrawn'
            : 'rejected',
      // Past its expiry no one decided: the default action applied, whoever came late. Naming the
      // approver whose late decision found it expired recorded them (and their role) as the one who
      // declined it, in the trail and in the customer's status (outside review rv66b).
      ...(expired || input.decidedBy === undefined ? {} : { approver: input.decidedBy.id }),
      ...(expired || input.decidedBy?.role === undefined ? {} : { approverRole: input.decidedBy.role }),
    },
  }
  // The decision finishes the paused turn with the facts it had ("Order NW-2002 is cancelled"),
  // though the customer may have asked something else since; the session keeps its own after.
  const current = state.fields
  if (pending.fields !== undefined) state.fields = { ...current, ...pending.fields }
  const keepCurrent = () => {
    if (state.navigation.scenario !== pending.route.scenario) state.fields = current
  }
  const [first, ...rest] = pending.remaining
  const completed = [...pending.completed]
  const toRun = decision === 'approve' ? pending.remaining : withdrawn ? [] : rest
  if (decision === 'reject' && first !== undefined) {
    // Declined (or expired unapproved), not withdrawn by the customer: a check may refuse asking
    // again for the same call in other words (`session.rejected`).
    // Withdrawn, it is kept apart (`session.withdrawn`): asked again, it may still need an approver.
    const declined = input.withdrawn !== true || expired
    const kept = (declined ? state.rejectedCalls : state.withdrawnCalls) ?? []
    kept.push({
      tool: first.toolId,
      args: first.args,
      turnId: pending.turnId,
      // No one decided: said as such, so a check can let it be asked again (not "declined").
      ...(declined ? { decision: expired ? ('expired' as const) : ('rejected' as const) } : {}),
    })
    if (kept.length > maxRejectedCalls) kept.splice(0, kept.length - maxRejectedCalls)
    if (declined) state.rejectedCalls = kept
    else state.withdrawnCalls = kept
    completed.push({
      ...first,
      status: 'rejected',
      reason: expired
        ? 'approval expired'
        : input.withdrawn === true
          ? withdrawnReason
          : 'rejected by the approver',
    })
    scratch.emit({ type: 'tool-called', toolId: first.toolId, status: 'rejected' })
  }
  const acted = await actOnPlan(toRun, {
    compiled,
    tools: dependencies.tools,
    sessionId: input.sessionId,
    turnId: pending.turnId,
    toolsRun: state.toolsRun,
    // What the session holds now: an approval does not skip a check that what happened since has
    // made fail (a refund on the order while its cancellation waited would pay twice).
    session: sessionVariables(state),
    emit: scratch.emit,
    firstApproved: decision === 'approve',
  })
  const matched: MatchedRule[] = pending.matched.flatMap(({ ruleId, reason }) => {
    const rule = compiled.rulesById.get(ruleId)
    return rule === undefined ? [] : [{ rule, scope: ruleScopeType(rule), reason }]
  })
  // A task agent's plan, each call that waited given what became of it.
  const plan =
    pending.plan === undefined ? undefined : decidedPlan(pending.plan, [...completed, ...acted.completed])
  if (acted.type === 'paused') {
    const paused = pause(
      dependencies,
      state,
      scratch,
      {
        perception: pending.perception,
        route: pending.route,
        matched,
        completed,
        ...(pending.followUp === undefined ? {} : { followUp: pending.followUp }),
        ...(plan === undefined ? {} : { plan }),
      },
      acted,
    )
    keepCurrent()
    return delivered({ ...paused, ledger: [resolved, ...paused.ledger] })
  }
  const { settings } = compiled.definition
  const refusal =
    decision !== 'reject'
      ? undefined
      : input.withdrawn === true && !expired
        ? settings.approvalWithdrawnReply
        : expired
          ? (settings.approvalExpiredReply ?? expiredReply)
          : settings.approvalRejectedReply
  // Not done, and why: "did it go through?" is answered with it.
  if (refusal !== undefined)
    state.lastOutcome = {
      done: false,
      text: refusal,
      turnId: scratch.turnId,
      ...(first === undefined
        ? {}
        : {
            about: {
              tool: first.toolId,
              values: Object.values(first.args).filter((value): value is string => typeof value === 'string'),
            },
          }),
    }
  const all = [...completed, ...acted.completed]
  // A task agent's approved run is what was asked for: without a model its reply states what the
  // run printed, as the turn would have (it said "How can I help you today?" after the tests ran).
  const found =
    refusal === undefined && compiled.definition.kind === 'task' && dependencies.model === undefined
      ? findings(all, { missing: [] })
      : undefined
  // What the request named and the planner does not do is said again with the result it waited
  // for ("run the tests, then undo my last commit": nothing was changed).
  if (plan?.notDone !== undefined && compiled.definition.kind === 'task')
    scratch.around = { before: compiled.definition.settings.planner.changeReply }
  const outcome = await finishTurn(dependencies, state, scratch, {
    perception: pending.perception,
    route: pending.route,
    matched,
    completed: all,
    ...(pending.followUp === undefined ? {} : { followUp: pending.followUp }),
    ...(plan === undefined ? {} : { plan }),
    ...(refusal === undefined ? {} : { note: refusal }),
    ...(found === undefined ? {} : { note: found }),
  })
  keepCurrent()
  return delivered({ ...outcome, ledger: [resolved, ...outcome.ledger] })
}

/** `plan` with each call that waited for an approval given its outcome (ran, rejected, failed). */
function decidedPlan(plan: ProvenancePlan, completed: readonly CompletedToolCall[]): ProvenancePlan {
  return {
    ...plan,
    calls: plan.calls.map((call) => {
      if (call.status !== 'awaiting-approval') return call
      const done = completed.findLast(
        (made) => made.toolId === call.tool && made.args.command === call.command,
      )
      return done === undefined ? call : { ...call, status: done.status }
    }),
  }
}
