import type { EnforcementContext } from '../enforcement/types.ts'
import { FocalError } from '../errors/focal-error.ts'
import type { LedgerEvent } from '../ledger/ledger-event-schema.ts'
import type { ProvenanceGoal, ProvenancePlan, ProvenanceRoute } from '../ledger/provenance-types.ts'
import type { MatchedRule } from '../rules/types.ts'
import type { Perception } from '../sensor/types.ts'
import { buildTurnProvenance } from './build-turn-provenance.ts'
import { clarify } from './clarify-turn.ts'
import { buildReplyPrompt, composeApprovedReply, type ReplyMaterial, refusals } from './compose-reply.ts'
import { checkedRuleIds, type EnforcedReply, enforceDraft, turnLane2Rules } from './enforce-draft.ts'
import { finalizeReply } from './finalize-reply.ts'
import { createLiveReply, type LiveReply, type LiveVerdict } from './live-reply.ts'
import { quoteRequest } from './quote-request.ts'
import { renderTemplate } from './render-template.ts'
import { draftJudgeOf } from './reply-enforcer.ts'
import {
  type CompletedToolCall,
  type EngineSessionState,
  maxDoneOutcomes,
  withdrawnReason,
} from './session-state.ts'
import { streamSafeText } from './stream-safe-text.ts'
import type { TurnDependencies, TurnOutcome } from './turn-types.ts'
import { buildTurnVariables } from './turn-variables.ts'
import type { TurnEvent, TurnResult } from './types.ts'
import { recordToolMarkers } from './unbacked-claims.ts'

/** Per-turn bookkeeping shared by the phases. */
export interface TurnScratch {
  sessionId: string
  turnId: string
  text: string
  events: TurnEvent[]
  ledger: LedgerEvent[]
  queryHash: string
  timestamp: string
  emit: (event: TurnEvent) => void
  signal?: AbortSignal
  /** Ledger events decided mid-turn (a goal narrowing), each placed before the tool call it preceded. */
  preludes?: Array<{ beforeCall: number; event: LedgerEvent }>
  /** The goal as given and as executed (a narrowing), for the provenance. */
  goal?: ProvenanceGoal
  /**
   * What this turn's reading rests on, kept when it asks a clarification: the message, or the
   * earlier unclear message joined with it.
   */
  unclear?: string
  /**
   * Engine sentences around the checked reply (an expired approval's outcome before it, "still
   * waiting for a decision" after it): added before streaming, so the stream and the result agree.
   */
  around?: { before?: string; after?: string }
  /**
   * The turn reads a request done before the last one as the last outcome: the message asks
   * whether that one was done, so the facts it names are that request's, not new ones.
   */
  recalled?: boolean
  /**
   * Streaming turns only: releases the events buffered so far and sends later ones at once, so a
   * model's tokens can reach the client while it writes (`settings.replyStreaming: live`).
   */
  goLive?: () => void
}

/** What the earlier phases decided. */
export interface TurnSoFar {
  perception: Perception
  route: ProvenanceRoute
  matched: readonly MatchedRule[]
  completed: readonly CompletedToolCall[]
  followUp?: string
  note?: string
  /** A task agent's investigation plan, for the provenance. */
  plan?: ProvenancePlan
}

/** How many past tool calls a session keeps for `session.calls` (state stays bounded). */
const maxToolCalls = 200

/**
 * Does this turn's reply finish its scenario without a tool: it stands at a terminal step, a rule
 * of that scenario answered with its action, and nothing is asked?
 */
function answeredAtEnd(dependencies: TurnDependencies, state: EngineSessionState, turn: TurnSoFar): boolean {
  const { scenario, step } = state.navigation
  if (scenario === null || step === null || turn.followUp !== undefined) return false
  const current = dependencies.compiled.scenariosById.get(scenario)?.steps.find((entry) => entry.id === step)
  return (
    current?.terminal === true &&
    turn.matched.some(
      ({ rule }) => rule.action !== undefined && rule.scope !== 'global' && rule.scope?.scenario === scenario,
    )
  )
}

/** What {@link draftEnforcer} drafts and checks a reply with. */
interface DraftContext {
  dependencies: TurnDependencies
  state: EngineSessionState
  scratch: TurnScratch
  turn: TurnSoFar
  values: Record<string, unknown>
  quoted: readonly string[]
  material: ReplyMaterial
  live: LiveReply | undefined
}

/**
 * Drafts the turn's reply (with an instruction, for a regeneration the judge asks for) and
 * enforces it. Made by a function rather than written as a closure of `finishTurn`: a closure bound
 * to a name is given its name on every turn under tsx/esbuild's keepNames.
 */
function draftEnforcer(context: DraftContext): (instruction: string | undefined) => Promise<EnforcedReply> {
  const { dependencies, state, scratch, turn, values, quoted, material, live } = context
  return (instruction) =>
    enforceDraft(dependencies, {
      matched: turn.matched,
      variables: values,
      userMessage: scratch.text,
      riskyAction: turn.completed.some((call) => call.status === 'approved'),
      scenario: turn.route.scenario,
      step: turn.route.step,
      ...(quoted.length === 0 ? {} : { quoted }),
      ...(changedThisTurn(dependencies, state, scratch)
        ? { approved: () => composeApprovedReply(material) }
        : {}),
      draft(rejection, rejectedRuleIds) {
        return draftReply(
          dependencies,
          state,
          scratch,
          material,
          rejection ?? instruction,
          live,
          rejectedRuleIds,
        )
      },
    })
}

/** respond → enforce (Lane 1, bounded regeneration) → record: the second half of every turn. */
export async function finishTurn(
  dependencies: TurnDependencies,
  state: EngineSessionState,
  scratch: TurnScratch,
  turn: TurnSoFar,
): Promise<TurnOutcome> {
  const { definition } = dependencies.compiled
  let acted = false
  for (const call of turn.completed)
    if (call.status === 'ran' || call.status === 'approved') {
      state.toolResults[call.toolId] = call.result
      recordToolMarkers(state, call.toolId, call.result)
      acted = true
      state.toolCalls ??= []
      const calls = state.toolCalls
      calls.push({ tool: call.toolId, args: call.args, turnId: scratch.turnId })
      if (calls.length > maxToolCalls) calls.splice(0, calls.length - maxToolCalls)
    }
  const values = buildTurnVariables(state, turn.perception, scratch.text)
  // What was done, in the words of the rules that did it, for "did it go through?" later.
  if (acted) {
    const done = turn.matched.flatMap(({ rule }) =>
      rule.action !== undefined && (rule.tools?.length ?? 0) > 0 ? [renderTemplate(rule.action, values)] : [],
    )
    const ran = turn.completed.filter((call) => call.status === 'ran' || call.status === 'approved')
    state.lastOutcome = {
      done: true,
      text: done.length > 0 ? done.join(' ') : `${ran.map((call) => call.toolId).join(', ')} ran.`,
      turnId: scratch.turnId,
    }
    state.doneOutcomes ??= []
    const outcomes = state.doneOutcomes
    outcomes.push({
      text: state.lastOutcome.text,
      turnId: scratch.turnId,
      tools: ran.map((call) => call.toolId),
    })
    if (outcomes.length > maxDoneOutcomes) outcomes.splice(0, outcomes.length - maxDoneOutcomes)
  }
  // What the tools did may move the turn's scenario on now (a refund issued → "Refund issued"),
  // whether they ran in this turn or on an approver's decision; so a finished scenario is known
  // finished when the next message comes. Not once the conversation has moved elsewhere.
  if (acted && state.navigation.scenario !== null && state.navigation.scenario === turn.route.scenario)
    state.navigation = dependencies.compiled.router.settle(state.navigation, {
      alternatives: turn.perception.alternatives,
      intent: turn.perception.intent,
      topicShift: false,
      variables: values,
    })
  const material: ReplyMaterial = { definition, matched: turn.matched, completed: turn.completed, values }
  // A request refused by the gate and nothing done: "did it go through?" hears that it did not,
  // and why, never the last thing that did.
  if (!acted) {
    const refused = refusals(material)
    if (refused.length > 0)
      state.lastOutcome = { done: false, text: refused.join(' '), turnId: scratch.turnId }
  }
  // Sentences the engine wrote that commit the reply to nothing new (`EnforcementContext.quoted`):
  // its offer of the user's next request ("You also asked: "refund $70 for NW-1002"" refused the
  // reply of the $20 refund that ran, by the cap), and a repeat of what was done, checked when first
  // said ("… The $85 charge will be voided." to "is it cancelled?" during a refund is no $85
  // refund). Whole sentences only, never the user's words alone: a draft reusing those in a
  // commitment of its own is still read (an outside review's model draft promised the $70 so).
  const quoted: string[] = []
  if (turn.followUp !== undefined) material.followUp = turn.followUp
  else {
    // A request done: offer the next one the user made in the same message. Done is a tool that
    // ran or that its policy refused, a call an approver decided (either way: "also cancel NW-2003" queued while NW-2002's
    // cancellation waited is offered when the supervisor says no too), or an answer that finishes
    // its scenario: a rule's action said at a terminal step with nothing to ask (the price quote
    // chosen first of "what do plans cost and where is NW-1234?"). A turn that settles a waiting
    // approval first and would then say only the fallback offers it instead ("forget it" to the
    // waiting one, the other still queued); not with a model, whose draft may leave the offer out
    // (a yes would then take what it never saw).
    const next = state.queuedRequests?.[0]
    const done =
      next !== undefined &&
      (turn.completed.some(
        (call) =>
          call.status === 'ran' ||
          call.status === 'approved' ||
          (call.status === 'rejected' && call.reason !== withdrawnReason) ||
          // Refused by its policy, the request is settled too: "refund $30 on NW-1001 and $30 on
          // NW-3003" with NW-1001 at its cap offers NW-3003's (outside review rv60 13: dropped unsaid).
          (call.status === 'blocked' && call.refusal !== undefined),
      ) ||
        answeredAtEnd(dependencies, state, turn) ||
        (dependencies.model === undefined &&
          scratch.around?.before !== undefined &&
          turn.completed.length === 0 &&
          state.pendingApproval === undefined &&
          composeApprovedReply(material) === definition.settings.fallbackReply))
    if (next !== undefined && done) {
      material.followUp = definition.settings.queuedRequestOffer.replaceAll('{{request}}', quoteRequest(next))
      state.offeredRequest = next
    }
  }
  const offered = state.offeredRequest
  if (offered !== undefined && material.followUp?.includes(quoteRequest(offered)) === true)
    quoted.push(material.followUp)
  const done = state.lastOutcome
  if (done?.done === true && turn.note?.includes(done.text) === true) quoted.push(done.text)
  if (turn.note !== undefined) material.note = turn.note
  const ruleIds = checkedRuleIds(dependencies, turn.matched, turn.route.scenario, turn.route.step)
  const live = liveReplyFor(dependencies, scratch, turn, {
    variables: values,
    ruleIds,
    ...(quoted.length === 0 ? {} : { quoted }),
  })
  const enforceWith = draftEnforcer({ dependencies, state, scratch, turn, values, quoted, material, live })
  const first = await enforceWith(undefined)
  const finalized = await finalizeReply(dependencies, {
    enforced: first,
    drafted: dependencies.model !== undefined && !first.fallback,
    evidence: replyEvidence(material),
    perception: turn.perception,
    scenario: turn.route.scenario,
    userMessage: scratch.text,
    matched: turn.matched,
    completed: turn.completed,
    redraft: enforceWith,
    sessionId: scratch.sessionId,
    turnId: scratch.turnId,
  })
  if (finalized.askUser !== undefined) {
    // The judge needs the user: ask, and keep what the turn did (tool calls, the judge's records).
    live?.settle('', {
      code: 'draft-withheld',
      reason: 'The answer needs a detail from you first, so it was withheld.',
      ruleIds: [],
    })
    const asked = clarify(
      dependencies,
      state,
      { ...scratch, ...(finalized.gate === undefined ? {} : { gates: [finalized.gate] }) },
      { ...turn.perception, alternatives: [] },
      finalized.askUser,
      {
        kind: 'needsDetail',
        detail: `the alignment judge needs a clarification (${finalized.gate?.detail ?? 'NEEDS_CLARIFICATION'})`,
      },
      turn.route,
    )
    return {
      ...asked,
      ledger: [...toolLedger(scratch, turn.completed), ...finalized.metrics, ...asked.ledger],
    }
  }
  const { settings } = definition
  const enforced = finalized.enforced
  const { enforcement } = enforced
  const refused = enforced.refused || finalized.withheld === 'refuse'
  const body =
    finalized.withheld === undefined
      ? [enforced.text, ...(finalized.limitations ?? [])].join(' ')
      : finalized.withheld === 'refuse'
        ? settings.refusalReply
        : // A draft the alignment judge withheld gives way to what the approved templates say (the
          // card on file after its lookup ran), as a model error does, when Lane 1 lets it through;
          // the generic fallback only when it does not (outside review rv63 5).
          (checkedApprovedReply(dependencies, material, { variables: values, ruleIds, quoted }) ??
          settings.fallbackReply)
  const text = [scratch.around?.before, body, scratch.around?.after]
    .filter((part) => part !== undefined && part !== '')
    .join(' ')
  const fallback =
    turn.perception.source === 'fallback' || enforced.fallback || finalized.withheld === 'fallback'
  scratch.emit({
    type: 'enforcement-applied',
    outcome: enforcement.outcome,
    ruleIds: enforcement.violations.map((violation) => violation.ruleId),
  })
  if (live !== undefined)
    live.settle(
      text,
      liveVerdict(finalized.withheld, refused || enforcement.outcome === 'blocked', enforcement),
    )
  else if (dependencies.streaming)
    streamSafeText(text, dependencies.enforcer, { variables: values, ruleIds }, scratch.emit)

  state.turn += 1
  // Fired: the rules the turn matched, not those only checked because the turn is in their scope.
  for (const entry of turn.matched) {
    const id = entry.rule.id
    const fire = state.ruleFires[id]
    state.ruleFires[id] = { count: (fire?.count ?? 0) + 1, lastTurn: state.turn }
  }
  state.history = [
    ...state.history,
    { role: 'user' as const, content: scratch.text },
    { role: 'assistant' as const, content: text },
  ].slice(-20)
  const provenance = buildTurnProvenance({
    queryHash: scratch.queryHash,
    timestamp: scratch.timestamp,
    text: scratch.text,
    mode: fallback ? 'fallback' : 'normal',
    route: turn.route,
    matched: turn.matched,
    completed: turn.completed,
    enforcement,
    ...(finalized.gate === undefined ? {} : { gates: [finalized.gate] }),
    ...(turn.plan === undefined ? {} : { plan: turn.plan }),
    ...(scratch.goal === undefined ? {} : { goal: scratch.goal }),
  })
  const result: TurnResult = refused
    ? {
        type: 'refused',
        sessionId: scratch.sessionId,
        turnId: scratch.turnId,
        text,
        provenance,
        events: scratch.events,
      }
    : {
        type: 'reply',
        sessionId: scratch.sessionId,
        turnId: scratch.turnId,
        text,
        provenance,
        events: scratch.events,
      }
  scratch.emit({ type: 'turn-finished', result })
  const ledger: LedgerEvent[] = [
    ...toolLedger(scratch, turn.completed),
    ...enforced.rejected.map(
      (violation): LedgerEvent => ({
        type: 'rule-violated',
        payload: {
          turnId: scratch.turnId,
          ruleId: violation.ruleId,
          tier: violation.tier,
          lane: violation.lane,
          message: violation.message,
          action: violation.action,
        },
      }),
    ),
    ...enforced.lane2Violations.map(
      (violation): LedgerEvent => ({
        type: 'rule-violated',
        payload: {
          turnId: scratch.turnId,
          ruleId: violation.ruleId,
          tier: violation.tier,
          lane: 2,
          message: violation.message,
        },
      }),
    ),
    ...enforced.violations.map(
      (violation): LedgerEvent => ({
        type: 'rule-violated',
        payload: {
          turnId: scratch.turnId,
          ruleId: violation.ruleId,
          tier: violation.tier,
          lane: 1,
          message: violation.message,
          action: violation.action,
        },
      }),
    ),
    ...finalized.metrics,
    { type: 'turn-completed', payload: { turnId: scratch.turnId, resultType: result.type, provenance } },
  ]
  return { result, state, ledger }
}

/** The tool results and the filled-in instructions a reply may rest on (the judge's claim check). */
function replyEvidence(material: ReplyMaterial): string[] {
  const results = material.completed.map(
    (call) => `${call.toolId}: ${JSON.stringify(call.result ?? call.reason ?? null)}`,
  )
  const instructions = material.matched.flatMap(({ rule }) =>
    rule.action === undefined ? [] : [renderTemplate(rule.action, material.values)],
  )
  const notes = [material.note, material.followUp].filter((text): text is string => text !== undefined)
  return [...results, ...instructions, ...notes]
}

function toolLedger(scratch: TurnScratch, completed: readonly CompletedToolCall[]): LedgerEvent[] {
  const events: LedgerEvent[] = []
  const preludes = scratch.preludes ?? []
  completed.forEach((call, index) => {
    for (const prelude of preludes) if (prelude.beforeCall === index) events.push(prelude.event)
    events.push(toolCalled(scratch, call))
  })
  for (const prelude of preludes) if (prelude.beforeCall >= completed.length) events.push(prelude.event)
  return events
}

function toolCalled(scratch: TurnScratch, call: CompletedToolCall): LedgerEvent {
  return {
    type: 'tool-called',
    payload: {
      turnId: scratch.turnId,
      toolId: call.toolId,
      status: call.status,
      args: call.args,
      ...(call.reason === undefined ? {} : { reason: call.reason }),
    },
  }
}

/**
 * The turn's reply streams live when the client streams, the model can stream, the definition
 * allows it, and no hard-safety rule in play can only be judged on the whole draft (by Lane 2, or
 * a Lane 1 expression over a value a partial draft does not settle): then the reply is held until
 * checked, so unchecked hard-safety text is never shown.
 */
function liveReplyFor(
  dependencies: TurnDependencies,
  scratch: TurnScratch,
  turn: TurnSoFar,
  context: EnforcementContext,
): LiveReply | undefined {
  const { goLive } = scratch
  if (!dependencies.streaming || goLive === undefined || dependencies.model?.stream === undefined)
    return undefined
  if (dependencies.compiled.definition.settings.replyStreaming === 'checked') return undefined
  const lane2 = turnLane2Rules(dependencies, turn.matched, turn.route.scenario, turn.route.step)
  if (dependencies.lane2 !== undefined && lane2.some((rule) => rule.tier === 'hard-safety')) return undefined
  // A hard-safety expression rule reading a value no partial draft settles: held too.
  const judge = draftJudgeOf(dependencies.enforcer, dependencies.plan, context)
  if (judge.type === 'held') return undefined
  const before = scratch.around?.before
  // The judge built here is the first draft's: each draft's is built once.
  return createLiveReply({
    enforcer: dependencies.enforcer,
    context,
    emit: scratch.emit,
    goLive,
    ...(before === undefined ? {} : { before }),
    ...(dependencies.enforcer?.createDraftJudge === undefined ? {} : { judge }),
  })
}

/** Why the delivered reply replaced a draft the client saw. */
function liveVerdict(
  withheld: 'refuse' | 'fallback' | undefined,
  refused: boolean,
  enforcement: { violations: ReadonlyArray<{ ruleId: string }> },
): LiveVerdict {
  const ruleIds = [...new Set(enforcement.violations.map((violation) => violation.ruleId))]
  if (withheld !== undefined)
    return {
      code: 'draft-withheld',
      reason: 'The answer did not pass the final check, so it was withheld.',
      ruleIds,
    }
  if (refused)
    return { code: 'draft-withheld', reason: 'The draft broke a rule, so it was replaced.', ruleIds }
  return { code: 'draft-replaced', reason: 'The draft was revised after its checks.', ruleIds }
}

/** A reply that ends by asking, an example in brackets after the question aside: "What's your order number? (for example NW-1001)". */
const endsByAsking = /\?\s*(?:\([^()]*\)\s*)?$/

/**
 * The approved reply, marked when it repeats the last reply word for word to a different message
 * ("what's the difference between Basic and Plus?" after the price quote): the user hears that
 * this is all there is (`settings.repeatedReplyPrefix`), not the same sentence as if unheard.
 * Replies of the conversation itself (thanks, goodbye, status, a note), the fallback and a reply
 * that ends by asking (a step's question again) are never marked.
 */
function sayOnceMore(state: EngineSessionState, scratch: TurnScratch, material: ReplyMaterial): string {
  const text = composeApprovedReply(material)
  const prefix = material.definition.settings.repeatedReplyPrefix
  // A question asked again ("What was the order total?") or the fallback is asked plainly: "As I
  // mentioned" before a question, or before "What do you need?", reads as a reproach.
  if (
    material.note !== undefined ||
    prefix === '' ||
    text === material.definition.settings.fallbackReply ||
    endsByAsking.test(text)
  )
    return text
  const lastReply = state.history.findLast((message) => message.role === 'assistant')?.content
  const lastMessage = state.history.findLast((message) => message.role === 'user')?.content
  const repeated = lastReply === text || lastReply === `${prefix} ${text}`
  // A tool that ran this turn did something new, though the words are the same as last time.
  return repeated && !actedThisTurn(state, scratch) && lastMessage !== scratch.text
    ? `${prefix} ${text}`
    : text
}

/** The approved templates' reply as Lane 1 lets it through (redacted if need be), or undefined. */
function checkedApprovedReply(
  dependencies: TurnDependencies,
  material: ReplyMaterial,
  context: { variables: Record<string, unknown>; ruleIds: string[]; quoted: readonly string[] },
): string | undefined {
  const text = composeApprovedReply(material)
  const checked = dependencies.enforcer?.check(text, {
    variables: context.variables,
    ruleIds: context.ruleIds,
    attempt: 0,
    ...(context.quoted.length === 0 ? {} : { quoted: context.quoted }),
  }) ?? { type: 'allowed' as const, text }
  return checked.type === 'allowed' || checked.type === 'redacted' ? checked.text : undefined
}

/**
 * Whether a tool that may change something (not annotated `readOnlyHint`: a refund, not a lookup)
 * ran in this turn: what it did is told even when the model's draft about it is refused.
 */
function changedThisTurn(
  dependencies: TurnDependencies,
  state: EngineSessionState,
  scratch: TurnScratch,
): boolean {
  const { tools } = dependencies.compiled.definition
  return (
    state.toolCalls?.some(
      (call) =>
        call.turnId === scratch.turnId &&
        tools.find((tool) => tool.id === call.tool)?.annotations?.readOnlyHint !== true,
    ) === true
  )
}

/** Whether a tool ran (or an approved call went through) in this turn. */
function actedThisTurn(state: EngineSessionState, scratch: TurnScratch): boolean {
  return state.toolCalls?.some((call) => call.turnId === scratch.turnId) === true
}

/** A character a reader sees: not a blank, nor one that renders as nothing. */
const visibleCharacter = /[^\s\p{Default_Ignorable_Code_Point}]/u

async function draftReply(
  dependencies: TurnDependencies,
  state: EngineSessionState,
  scratch: TurnScratch,
  material: ReplyMaterial,
  instruction: string | undefined,
  live: LiveReply | undefined,
  rejectedRuleIds: readonly string[],
): Promise<{ text: string; fallback: boolean }> {
  const { model } = dependencies
  if (model === undefined) return { text: sayOnceMore(state, scratch, material), fallback: false }
  const prompt = buildReplyPrompt(material, state.history, scratch.text, instruction)
  const options = { ...prompt, ...(scratch.signal === undefined ? {} : { signal: scratch.signal }) }
  try {
    const text =
      live !== undefined && model.stream !== undefined
        ? await live.draft(model.stream(options), rejectedRuleIds)
        : (await model.generate(options))?.text
    // A port that resolves without text, or with none a reader sees (empty, blanks, zero-width
    // characters), has no draft: the approved templates answer (outside review rv63 3: an empty
    // reply was delivered as a normal one after the card lookup ran).
    if (typeof text !== 'string' || !visibleCharacter.test(text))
      return { text: composeApprovedReply(material), fallback: true }
    return { text, fallback: false }
  } catch (error) {
    // The client left. Before any tool ran, the turn ends there; after one ran, it did something
    // that must be on record (a refund counts toward its cap): only the delivery stops, and the
    // turn is recorded with the approved templates' reply (a client that left twice mid-reply got
    // three $30 refunds past a $50 cap, with one in the ledger).
    if (FocalError.isInstance(error) && error.code === 'aborted' && !actedThisTurn(state, scratch))
      throw error
    // A failing model must not stall the conversation: fall back to the approved templates.
    return { text: composeApprovedReply(material), fallback: true }
  }
}
