import type { LedgerEvent } from '../ledger/ledger-event-schema.ts'
import type { Perception } from '../sensor/types.ts'
import { actOnPlan, planToolCalls } from './act-on-plan.ts'
import { buildTurnProvenance } from './build-turn-provenance.ts'
import { finishTurn, type TurnScratch } from './finish-turn.ts'
import { hashQuery } from './hash-query.ts'
import type { EngineSessionState } from './session-state.ts'
import type { TurnDependencies, TurnOutcome } from './turn-types.ts'
import { buildTurnVariables, mergeEntityFields, missingFieldQuestion } from './turn-variables.ts'
import type { TurnEvent, TurnInput, TurnResult } from './types.ts'

/** Runs sense → trap → route → retrieve → plan/gate → act, then hands over to respond → enforce → record. */
export async function runTurn(
  dependencies: TurnDependencies,
  previous: EngineSessionState,
  input: TurnInput,
  emit: (event: TurnEvent) => void,
): Promise<TurnOutcome> {
  const { compiled, clock, idGenerator } = dependencies
  const { settings } = compiled.definition
  // The store hands out a fresh copy on every get, so the turn may change it in place.
  const state = previous
  const turnId = idGenerator.next('turn')
  const scratch: TurnScratch = {
    sessionId: input.sessionId,
    turnId,
    text: input.text,
    events: [],
    ledger: [],
    queryHash: hashQuery(input.text),
    timestamp: new Date(clock.now()).toISOString(),
    emit: (event) => {
      scratch.events.push(event)
      emit(event)
    },
    ...(input.signal === undefined ? {} : { signal: input.signal }),
  }
  scratch.emit({ type: 'turn-started', turnId, sessionId: input.sessionId })
  if (state.pendingApproval !== undefined) return stillWaiting(state, scratch)

  const pending = state.pendingClarification
  delete state.pendingClarification
  const senseContext = {
    now: clock.now(),
    ...(pending === undefined ? {} : { pendingOptions: pending.options }),
  }
  const perception =
    compiled.sensor.senseSync?.(input.text, senseContext) ??
    (await compiled.sensor.sense(input.text, senseContext))
  scratch.emit({
    type: 'perception-created',
    intent: perception.intent,
    ambiguity: perception.ambiguity.score,
  })
  mergeEntityFields(state.fields, perception.entities)
  if (perception.intent !== 'unknown') state.fields.last_intent = perception.intent

  const navigation = state.navigation
  const currentStep =
    navigation.scenario === null
      ? undefined
      : compiled.scenariosById.get(navigation.scenario)?.steps.find((step) => step.id === navigation.step)
  const inFlow = currentStep !== undefined && !currentStep.terminal
  const variables = buildTurnVariables(state, perception, input.text)
  if (
    !inFlow &&
    perception.ambiguity.score > settings.ambiguityThreshold &&
    !globalCueMatches(dependencies, state, perception, input.text, variables)
  ) {
    return clarify(
      dependencies,
      state,
      scratch,
      perception,
      settings.clarificationQuestion,
      perception.ambiguity.reason,
    )
  }

  const route = compiled.router.route(navigation, {
    alternatives: perception.alternatives,
    intent: perception.intent,
    topicShift: perception.topicShift,
    variables,
  })
  state.navigation = route.state
  if (route.previousScenario !== route.scenario) {
    // A new scenario starts clean: only profile fields (identity) and this turn's entities carry over.
    state.toolResults = {}
    state.fields = Object.fromEntries(
      compiled.definition.profileFields
        .filter((field) => field in state.fields)
        .map((field) => [field, state.fields[field]]),
    )
    mergeEntityFields(state.fields, perception.entities)
  }
  scratch.emit({
    type: 'route-decided',
    scenario: route.scenario,
    step: route.step,
    decision: route.decision,
  })
  const provenanceRoute = {
    scenario: route.scenario,
    step: route.step,
    decision: route.decision,
    previousScenario: route.previousScenario,
    scores: route.scores,
    reason: route.reason,
  }
  if (route.loop !== undefined)
    return clarify(
      dependencies,
      state,
      scratch,
      perception,
      settings.loopReply,
      `loop guard: ${route.loop.transition} taken ${route.loop.count} times`,
      provenanceRoute,
    )

  const routed = buildTurnVariables(state, perception, input.text)
  const retrieval = compiled.rules.retrieve({
    scenario: route.scenario,
    step: route.step,
    text: input.text,
    intent: perception.intent,
    variables: routed,
    turn: state.turn + 1,
    fires: state.ruleFires,
  })
  scratch.emit({ type: 'rules-retrieved', ruleIds: retrieval.matched.map((entry) => entry.rule.id) })
  const followUp = missingFieldQuestion(compiled, route.scenario, route.step, state.fields)
  const plan = planToolCalls(retrieval.matched, routed)
  const acted = await actOnPlan(plan, {
    compiled,
    tools: dependencies.tools,
    sessionId: input.sessionId,
    turnId,
    toolsRun: state.toolsRun,
    session: routed.session as Record<string, unknown>,
    emit: scratch.emit,
    ...(input.signal === undefined ? {} : { signal: input.signal }),
  })
  const turn = {
    perception,
    route: provenanceRoute,
    matched: retrieval.matched,
    completed: acted.completed,
    ...(followUp === undefined ? {} : { followUp }),
  }
  if (acted.type === 'paused') return pause(dependencies, state, scratch, turn, acted)
  return finishTurn(dependencies, state, scratch, turn)
}

/** A global rule whose lexical cue is in the text is a deterministic signal: the message is not vague. */
function globalCueMatches(
  dependencies: TurnDependencies,
  state: EngineSessionState,
  perception: Perception,
  text: string,
  variables: Record<string, unknown>,
): boolean {
  const { matched } = dependencies.compiled.rules.retrieve({
    scenario: null,
    step: null,
    text,
    intent: perception.intent,
    variables,
    turn: state.turn + 1,
    fires: state.ruleFires,
  })
  return matched.some((entry) => entry.cue !== undefined)
}

function stillWaiting(state: EngineSessionState, scratch: TurnScratch): TurnOutcome {
  const pending = state.pendingApproval!
  const provenance = buildTurnProvenance({
    ...scratch,
    mode: 'normal',
    awaitingApproval: pending.approval.toolId,
  })
  const text = `I'm still waiting for a decision on ${pending.approval.toolId}.`
  const result: TurnResult = {
    type: 'approval-required',
    sessionId: scratch.sessionId,
    turnId: scratch.turnId,
    approval: pending.approval,
    text,
    provenance,
    events: scratch.events,
  }
  scratch.emit({ type: 'approval-requested', approval: pending.approval })
  scratch.emit({ type: 'turn-finished', result })
  return {
    result,
    state,
    ledger: [
      {
        type: 'turn-completed',
        payload: { turnId: scratch.turnId, resultType: 'approval-required', provenance },
      },
    ],
  }
}

function clarify(
  dependencies: TurnDependencies,
  state: EngineSessionState,
  scratch: TurnScratch,
  perception: Perception,
  question: string,
  reason: string,
  route?: ReturnType<typeof buildTurnProvenance>['route'],
): TurnOutcome {
  const { definition } = dependencies.compiled
  const labels = new Map(definition.intents.map((intent) => [intent.id, intent.label ?? intent.id]))
  const options = perception.alternatives
    .slice(0, definition.settings.maxClarificationOptions)
    .map((entry) => {
      const label = labels.get(entry.intent) ?? entry.intent
      return { id: entry.intent, label, value: label }
    })
  const clarification = { question, options, reason }
  state.pendingClarification = { question, options, turnId: scratch.turnId }
  state.history = [
    ...state.history,
    { role: 'user' as const, content: scratch.text },
    { role: 'assistant' as const, content: question },
  ].slice(-20)
  const provenance = buildTurnProvenance({
    ...scratch,
    mode: 'clarification-required',
    ...(route === undefined ? {} : { route }),
    clarification: { question, options: options.map((option) => option.label) },
  })
  const result: TurnResult = {
    type: 'clarification',
    sessionId: scratch.sessionId,
    turnId: scratch.turnId,
    clarification,
    provenance,
    events: scratch.events,
  }
  scratch.emit({ type: 'clarification-requested', clarification })
  scratch.emit({ type: 'turn-finished', result })
  const ledger: LedgerEvent[] = [
    { type: 'clarification-requested', payload: { turnId: scratch.turnId, question, options, reason } },
    { type: 'turn-completed', payload: { turnId: scratch.turnId, resultType: 'clarification', provenance } },
  ]
  return { result, state, ledger }
}

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
  }
  const text = compiled.definition.settings.approvalPendingReply
    .replaceAll('{{approver}}', approval.approver ?? 'a reviewer')
    .replaceAll('{{tool}}', call.toolId)
  const provenance = buildTurnProvenance({
    ...scratch,
    mode: 'normal',
    route: turn.route,
    matched: turn.matched,
    completed: acted.completed,
    awaitingApproval: call.toolId,
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
