import type { FocalDefinition } from '../definition/definition-schema.ts'
import type { LedgerEvent } from '../ledger/ledger-event-schema.ts'
import type { Perception } from '../sensor/types.ts'
import { buildTurnProvenance } from './build-turn-provenance.ts'
import type { TurnScratch } from './finish-turn.ts'
import { toolIdInWords } from './present-approval.ts'
import type { EngineSessionState } from './session-state.ts'
import type { TurnDependencies, TurnOutcome } from './turn-types.ts'
import type { ClarificationOption, TurnResult } from './types.ts'

/**
 * A new message while an approval is pending: the turn keeps waiting for the decision. `note`
 * follows the waiting request (what happens to the message's own request).
 */
export function stillWaiting(state: EngineSessionState, scratch: TurnScratch, note?: string): TurnOutcome {
  const pending = state.pendingApproval!
  const provenance = buildTurnProvenance({
    ...scratch,
    mode: 'normal',
    awaitingApproval: pending.approval.toolId,
  })
  const { label, summary } = pending.approval
  const waiting = `I'm still waiting for a decision on this: ${summary ?? label ?? toolIdInWords(pending.approval.toolId)}.`
  const text = note === undefined ? waiting : `${waiting} ${note}`
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

/**
 * Why a clarification is asked: `kind` picks the customer-facing reason from
 * `settings.clarificationReasons`, `detail` is the internal one kept for the inspector.
 */
export interface ClarifyReason {
  kind: keyof FocalDefinition['settings']['clarificationReasons']
  detail: string
}

/**
 * Options whose labels are all different: two intents labelled alike (a search in two services
 * of one kind, "Search Hotel" and "Search Hotel") are told apart by their scenario's `topic`, else
 * by their id, so the customer sees which is which and a pick by its text reaches the one picked
 * (a pick matches the first option with that text).
 */
function distinctOptions(
  options: readonly ClarificationOption[],
  definition: FocalDefinition,
): ClarificationOption[] {
  const count = new Map<string, number>()
  for (const option of options) count.set(option.label, (count.get(option.label) ?? 0) + 1)
  if (options.every((option) => count.get(option.label) === 1)) return [...options]
  const topicOf = (intent: string) =>
    definition.scenarios.find((scenario) => scenario.topic !== undefined && scenario.intents.includes(intent))
      ?.topic
  const qualified = options.map((option) => {
    if (count.get(option.label) === 1) return option
    const label = `${option.label} (${topicOf(option.id) ?? option.id})`
    return { ...option, label, value: label }
  })
  // Two alike in one topic (or with no topic): their ids tell them apart.
  const again = new Map<string, number>()
  for (const option of qualified) again.set(option.label, (again.get(option.label) ?? 0) + 1)
  return qualified.map((option) => {
    if (again.get(option.label) === 1) return option
    const label = `${option.label.replace(/ \([^)]*\)$/u, '')} (${option.id})`
    return { ...option, label, value: label }
  })
}

/** The option that goes on with the flow a clarification interrupts ("Go on with refunds"). */
export function goOnWith(scenario: {
  id: string
  name?: string | undefined
  intents: readonly string[]
}): ClarificationOption {
  const label = `Go on with ${(scenario.name ?? scenario.id).toLowerCase()}`
  return { id: scenario.intents[0] ?? scenario.id, label, value: label }
}

/** Returns a clarification (ambiguity trap or loop guard); nothing else runs. */
export function clarify(
  dependencies: TurnDependencies,
  state: EngineSessionState,
  scratch: TurnScratch,
  perception: Perception,
  question: string,
  why: ClarifyReason,
  route?: ReturnType<typeof buildTurnProvenance>['route'],
  leads: readonly ClarificationOption[] = [],
): TurnOutcome {
  const { definition } = dependencies.compiled
  const labels = new Map(definition.intents.map((intent) => [intent.id, intent.label ?? intent.id]))
  const others = perception.alternatives
    .filter((entry) => !leads.some((lead) => lead.id === entry.intent))
    .slice(0, Math.max(0, definition.settings.maxClarificationOptions - leads.length))
    .map((entry) => {
      const label = labels.get(entry.intent) ?? entry.intent
      return { id: entry.intent, label, value: label }
    })
  const options = distinctOptions([...leads, ...others], definition)
  const reason = definition.settings.clarificationReasons[why.kind]
  const clarification = { question, options, reason }
  state.pendingClarification = {
    question,
    options,
    turnId: scratch.turnId,
    ...(scratch.unclear === undefined ? {} : { unclear: scratch.unclear }),
  }
  state.history = [
    ...state.history,
    { role: 'user' as const, content: scratch.text },
    { role: 'assistant' as const, content: question },
  ].slice(-20)
  const provenance = buildTurnProvenance({
    ...scratch,
    mode: 'clarification-required',
    ...(route === undefined ? {} : { route }),
    clarification: { question, options: options.map((option) => option.label), reason: why.detail },
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
    {
      type: 'clarification-requested',
      payload: { turnId: scratch.turnId, question, options, reason: why.detail },
    },
    { type: 'turn-completed', payload: { turnId: scratch.turnId, resultType: 'clarification', provenance } },
  ]
  return { result, state, ledger }
}
