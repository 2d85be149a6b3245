import type { FocalDefinition } from '../definition/definition-schema.ts'
import type { LedgerEvent } from '../ledger/ledger-event-schema.ts'
import type { Perception } from '../sensor/types.ts'
import { buildTurnProvenance } from './build-turn-provenance.ts'
import type { TurnScratch } from './finish-turn.ts'
import { toolIdInWords } from './present-approval.ts'
import type { EngineSessionState } from './session-state.ts'
import type { TurnDependencies, TurnOutcome } from './turn-types.ts'
import type { ClarificationOption, TurnResult } from './types.ts'

/** A new message while an approval is pending: the turn keeps waiting for the decision. */
export function stillWaiting(state: EngineSessionState, scratch: TurnScratch): TurnOutcome {
  const pending = state.pendingApproval!
  const provenance = buildTurnProvenance({
    ...scratch,
    mode: 'normal',
    awaitingApproval: pending.approval.toolId,
  })
  const { label, summary } = pending.approval
  const text = `I'm still waiting for a decision on this: ${summary ?? label ?? toolIdInWords(pending.approval.toolId)}.`
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
  const options = [...leads, ...others]
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
