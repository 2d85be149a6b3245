import {
  createLedger,
  createMemorySessionStore,
  type LedgerStore,
  type Provenance,
  type SessionStore,
  type TurnEvent,
  type TurnInput,
  type TurnResult,
} from '@focal/core'
import type { FocalAppEngine } from '../app/types.ts'

interface ScriptedState {
  turns: number
  texts: string[]
}

const provenance = (): Provenance => ({
  mode: 'normal',
  queryHash: '000000000000',
  timestamp: new Date(0).toISOString(),
  rules: [],
  tools: [],
  gates: [{ name: 'goal-gate', status: 'MET' }],
  evidence: { count: 0, sources: [] },
})

/**
 * A tiny deterministic engine for edge tests that do not depend on the pipeline: it stores a turn
 * counter in the session store (optimistic versions) and appends one ledger record per turn.
 */
export function createScriptedEngine({
  sessionStore = createMemorySessionStore(),
  ledgerStore,
}: {
  sessionStore?: SessionStore
  ledgerStore: LedgerStore
}): FocalAppEngine {
  const ledger = createLedger({ store: ledgerStore })
  async function advance(sessionId: string, text: string): Promise<number> {
    for (;;) {
      const current = (await sessionStore.get(sessionId)) as
        | { state: ScriptedState; version: number }
        | undefined
      const state = current?.state ?? { turns: 0, texts: [] }
      const next = { turns: state.turns + 1, texts: [...state.texts, text] }
      if ((await sessionStore.put(sessionId, next, current?.version ?? 0)) !== false) return next.turns
    }
  }
  async function run({ sessionId, text }: TurnInput): Promise<TurnResult> {
    const turns = await advance(sessionId, text)
    await ledger.append(sessionId, {
      type: 'GOAL_RESTORED',
      payload: { original: text, discarded: `turn ${turns}` },
    })
    const base = { sessionId, turnId: `turn-${turns}`, provenance: provenance() }
    if (text.startsWith('clarify')) {
      const clarification = {
        question: 'Which order?',
        options: [{ id: 'a', label: 'A-1', value: 'A-1' }],
        reason: 'ambiguous',
      }
      return { ...base, type: 'clarification', clarification, events: [] }
    }
    return { ...base, type: 'reply', text: `echo: ${text}`, events: [] }
  }
  return {
    turn: run,
    async *turnStream(input) {
      const result = await run(input)
      yield { type: 'turn-started', turnId: result.turnId, sessionId: input.sessionId } satisfies TurnEvent
      if (result.type === 'reply')
        for (const word of result.text.split(/(?<= )/)) yield { type: 'text-delta', delta: word }
      yield { type: 'turn-finished', result }
    },
    async resolveApproval() {
      throw new Error('no approvals in the scripted engine')
    },
    async getSession(sessionId) {
      return (await sessionStore.get(sessionId))?.state
    },
  }
}
