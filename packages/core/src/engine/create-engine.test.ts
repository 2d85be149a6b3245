import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { FocalError } from '../errors/focal-error.ts'
import { computeLedgerRecordHash } from '../ledger/compute-ledger-record-hash.ts'
import { createLedger } from '../ledger/create-ledger.ts'
import { createMemoryLedgerStore } from '../ledger/create-memory-ledger-store.ts'
import { verifyLedger } from '../ledger/verify-ledger.ts'
import { createEngine, type EngineOptions } from './create-engine.ts'
import { createMemorySessionStore } from './create-memory-session-store.ts'
import type { EngineSessionState } from './session-state.ts'
import type { TurnEvent, TurnResult } from './types.ts'

const definition = readFileSync(
  fileURLToPath(new URL('../../../../examples/definitions/refund-support.yaml', import.meta.url)),
  'utf8',
)

function engineFor(options: Partial<EngineOptions> = {}) {
  let id = 0
  return createEngine({
    definition,
    clock: { now: () => Date.UTC(2026, 10, 21, 12) },
    idGenerator: { next: (prefix = 'id') => `${prefix}_${++id}` },
    ...options,
  })
}

function textOf(result: TurnResult): string {
  return 'text' in result && result.text !== undefined ? result.text : ''
}

describe('createEngine', () => {
  it('asks a clarification with options for a vague first message and runs nothing else', async () => {
    const engine = engineFor()
    const result = await engine.turn({ sessionId: 's', text: 'I have a problem' })
    expect(result.type).toBe('clarification')
    if (result.type !== 'clarification') return
    const ids = result.clarification.options.map((option) => option.id)
    expect(ids).toHaveLength(4)
    expect(new Set(ids).size).toBe(4)
    expect(result.clarification.options).toContainEqual({
      id: 'refund',
      label: 'I want a refund',
      value: 'I want a refund',
    })
    expect(result.provenance.mode).toBe('clarification-required')
    expect(result.provenance.tools).toEqual([])
    expect(result.provenance.rules).toEqual([])
    expect((await engine.getSession('s'))?.pendingClarification?.options).toHaveLength(4)
  })

  it('continues into the chosen scenario when the user picks a clarification option', async () => {
    const engine = engineFor()
    const first = await engine.turn({ sessionId: 's', text: 'help' })
    if (first.type !== 'clarification') throw new Error('expected a clarification')
    const refund = first.clarification.options.find((option) => option.id === 'refund')!
    const second = await engine.turn({ sessionId: 's', text: refund.value })
    expect(second.type).toBe('reply')
    expect(second.provenance.route).toMatchObject({
      scenario: 'refunds',
      step: 'verify_identity',
      decision: 'entered',
    })
    expect(textOf(second)).toMatch(/email address/)
    expect((await engine.getSession('s'))?.pendingClarification).toBeUndefined()
  })

  it('stays in the refund when the user drifts to a price question', async () => {
    const engine = engineFor()
    await engine.turn({ sessionId: 's', text: 'I want a refund' })
    const drift = await engine.turn({ sessionId: 's', text: "What's the price of the Plus plan?" })
    expect(drift.provenance.route).toMatchObject({ scenario: 'refunds', decision: 'stayed' })
    expect(drift.provenance.rules.map((rule) => rule.id)).toContain('refund-price-question')
    expect(textOf(drift)).toMatch(/email address/)
  })

  it('leaves the refund when the user clearly asks for something else', async () => {
    const engine = engineFor()
    await engine.turn({ sessionId: 's', text: 'I want a refund' })
    const leave = await engine.turn({
      sessionId: 's',
      text: 'Actually, I would rather cancel my order instead',
    })
    expect(leave.provenance.route).toMatchObject({
      scenario: 'cancellation',
      previousScenario: 'refunds',
      decision: 'switched',
    })
  })

  it('verifies identity, refuses a refund above the $50 cap and issues one within it', async () => {
    const engine = engineFor()
    await engine.turn({ sessionId: 's', text: 'I want a refund' })
    const verified = await engine.turn({ sessionId: 's', text: 'jane@example.com' })
    expect(verified.provenance.route).toMatchObject({ step: 'refund_request' })
    const tooMuch = await engine.turn({ sessionId: 's', text: 'Refund $80 for order NW-1001' })
    expect(tooMuch.provenance.rules[0]).toMatchObject({ id: 'refund-cap', tier: 'hard-safety' })
    expect(textOf(tooMuch)).toMatch(/capped at \$50/)
    expect(tooMuch.provenance.tools).toEqual([])
    const within = await engine.turn({ sessionId: 's', text: 'OK, refund $30 then' })
    expect(within.provenance.tools).toEqual([{ id: 'issue_refund', status: 'ran' }])
    expect(textOf(within)).toContain('refunded $30 for order NW-1001')
  })

  it('pauses a cancellation above $500 for approval and resumes when approved', async () => {
    const ran: unknown[] = []
    const engine = engineFor({
      tools: {
        cancel_order: (args) => {
          ran.push(args)
          return { confirmation: 'CX-1' }
        },
      },
    })
    const paused = await engine.turn({
      sessionId: 's',
      text: 'Please cancel order NW-2002, the total was $720',
    })
    expect(paused.type).toBe('approval-required')
    if (paused.type !== 'approval-required') return
    expect(paused.approval).toMatchObject({
      toolId: 'cancel_order',
      args: { order_id: 'NW-2002', amount: 720, currency: 'USD' },
      approver: 'supervisor',
    })
    expect(ran).toEqual([])
    const resumed = await engine.resolveApproval({
      sessionId: 's',
      approvalId: paused.approval.id,
      decision: 'approve',
    })
    expect(resumed.type).toBe('reply')
    expect(ran).toEqual([{ order_id: 'NW-2002', amount: 720, currency: 'USD' }])
    expect(textOf(resumed)).toContain('Order NW-2002 is cancelled (confirmation CX-1)')
    expect(resumed.provenance.tools).toEqual([{ id: 'cancel_order', status: 'approved' }])
  })

  it('never runs the tool when the approval is rejected', async () => {
    const ran: unknown[] = []
    const engine = engineFor({ tools: { cancel_order: (args) => ran.push(args) } })
    const paused = await engine.turn({ sessionId: 's', text: 'Cancel order NW-2002, it was $720' })
    if (paused.type !== 'approval-required') throw new Error('expected an approval')
    const resumed = await engine.resolveApproval({
      sessionId: 's',
      approvalId: paused.approval.id,
      decision: 'reject',
    })
    expect(ran).toEqual([])
    expect(textOf(resumed)).toMatch(/didn't approve/)
    expect(textOf(resumed)).not.toMatch(/is cancelled/)
  })

  it('answers a competitor question from the global hard constraint instead of asking to clarify', async () => {
    const engine = engineFor()
    const result = await engine.turn({ sessionId: 's', text: 'Is Amazon cheaper?' })
    expect(result.type).toBe('reply')
    expect(result.provenance.rules[0]).toMatchObject({
      id: 'no-competitors',
      scope: 'global',
      reason: expect.stringContaining('"amazon"'),
    })
    expect(textOf(result)).not.toMatch(/amazon/i)
  })

  it('knows no session before its first turn and refuses approvals for it', async () => {
    const engine = engineFor()
    expect(await engine.getSession('nobody')).toBeUndefined()
    const error = await engine
      .resolveApproval({ sessionId: 'nobody', approvalId: 'a', decision: 'approve' })
      .catch((caught) => caught)
    expect(FocalError.isInstance(error) && error.code).toBe('session-not-found')
  })

  it('rejects an unknown approval id with approval-not-found', async () => {
    const engine = engineFor()
    await engine.turn({ sessionId: 's', text: 'I want a refund' })
    const error = await engine
      .resolveApproval({ sessionId: 's', approvalId: 'nope', decision: 'approve' })
      .catch((caught) => caught)
    expect(FocalError.isInstance(error) && error.code).toBe('approval-not-found')
  })

  it('loses no update when 50 turns race on one session', async () => {
    const engine = engineFor()
    await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        engine.turn({ sessionId: 's', text: `Where is my order NW-${1000 + index}?` }),
      ),
    )
    const session = await engine.getSession('s')
    expect(session?.turn).toBe(50)
    expect(session?.history).toHaveLength(20)
  })

  it('loses no update when two engines (two processes) race 50 turns on one shared store', async () => {
    const sessionStore = createMemorySessionStore()
    const engines = [engineFor({ sessionStore }), engineFor({ sessionStore })]
    await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        engines[index % 2]!.turn({ sessionId: 's', text: `Where is my order NW-${1000 + index}?` }),
      ),
    )
    const session = await engines[0]!.getSession('s')
    expect(session?.turn).toBe(50)
    expect(Object.values(session?.ruleFires ?? {}).map((fire) => fire.count)).toContain(50)
  })

  it('refuses a turn past settings.maxTurns with session-turn-limit, writing nothing; older sessions count from turn', async () => {
    const capped = definition.replace('  loopGuard: 3\n', '  loopGuard: 3\n  maxTurns: 2\n')
    expect(capped).not.toBe(definition)
    const sessionStore = createMemorySessionStore()
    const engine = engineFor({ definition: capped, sessionStore })
    await engine.turn({ sessionId: 's', text: 'Where is my order NW-1001?' })
    await engine.turn({ sessionId: 's', text: 'thanks' })
    const before = await sessionStore.get('s')
    await expect(engine.turn({ sessionId: 's', text: 'hello?' })).rejects.toMatchObject({
      code: 'session-turn-limit',
    })
    expect(await sessionStore.get('s')).toEqual(before)
    // A session stored before `messages` was kept: its completed turns count.
    const { messages: _messages, ...older } = before!.state as EngineSessionState
    await sessionStore.put('old', { ...older, turn: 2 }, 0)
    await expect(engine.turn({ sessionId: 'old', text: 'hi' })).rejects.toBeInstanceOf(FocalError)
    await engine.turn({ sessionId: 'other', text: 'hi' })
  })

  it('reports a version conflict when the store keeps losing the race', async () => {
    const base = createMemorySessionStore()
    const losing = { get: base.get, delete: base.delete, put: async () => false as const }
    const engine = engineFor({ sessionStore: losing, maxConflictRetries: 3 })
    const error = await engine.turn({ sessionId: 's', text: 'help' }).catch((caught) => caught)
    expect(FocalError.isInstance(error) && error.code).toBe('version-conflict')
  })

  it('never runs a turn again whose tools ran when its session write lost a race, and keeps their record', async () => {
    // Found by an outside review: a completion written mid-turn made the turn's write fail, and the
    // retry ran the refund again (the ledger showed one).
    const base = createMemorySessionStore()
    // How many writes to lose next (another process wrote first).
    let lose = 0
    const racing = {
      get: base.get,
      delete: base.delete,
      put: async (...args: Parameters<typeof base.put>) => (lose-- > 0 ? false : base.put(...args)),
    }
    const runs = { issue_refund: 0, lookup_order: 0 }
    const ledger = createLedger()
    const engine = engineFor({
      sessionStore: racing,
      ledger,
      tools: {
        issue_refund: async () => {
          runs.issue_refund++
          return { refundId: 'RF-1', status: 'issued' }
        },
        lookup_order: async () => {
          runs.lookup_order++
          return { status: 'shipped', carrier: 'UPS', eta: 'Thursday' }
        },
      },
    })
    await engine.turn({ sessionId: 'race', text: 'I want a refund, my email is r@example.com' })
    lose = 1
    const error = await engine
      .turn({ sessionId: 'race', text: 'refund $50 for NW-1001' })
      .catch((caught) => caught)
    expect(FocalError.isInstance(error) && error.code).toBe('version-conflict')
    expect(runs.issue_refund).toBe(1)
    expect(JSON.stringify(await ledger.records('race'))).toContain('issue_refund')
    // The refund is in the session and on the order's shared record: asked again, here or in
    // another conversation, the $50 cap holds (it refunded again when the call was on no record).
    await engine.turn({ sessionId: 'race', text: 'refund $50 for NW-1001' })
    await engine.turn({ sessionId: 'other', text: 'refund $50 for NW-1001, my email is o@example.com' })
    expect(runs.issue_refund).toBe(1)
    lose = Number.POSITIVE_INFINITY
    // A tool the definition marks safe to repeat (readOnlyHint) is run again with its turn.
    const retried = await engine
      .turn({ sessionId: 'race-lookup', text: 'Where is my order NW-1234?' })
      .catch((caught) => caught)
    expect(FocalError.isInstance(retried) && retried.message).toMatch(/attempts in a row/)
    expect(runs.lookup_order).toBeGreaterThan(1)
  })

  it('returns results that survive a JSON round trip (no cycle through turn-finished)', async () => {
    const engine = engineFor()
    for (const text of ['help', 'Where is my order NW-1234?']) {
      const result = await engine.turn({ sessionId: 'json', text })
      expect(JSON.parse(JSON.stringify(result))).toEqual(result)
      expect(result.events.map((event) => event.type)).not.toContain('turn-finished')
    }
  })

  it('streams events whose text deltas add up to the reply', async () => {
    const engine = engineFor()
    const events: TurnEvent[] = []
    for await (const event of engine.turnStream({ sessionId: 's', text: 'Where is my order NW-1234?' }))
      events.push(event)
    const finished = events.at(-1)
    expect(finished?.type).toBe('turn-finished')
    if (finished?.type !== 'turn-finished') return
    const deltas = events.flatMap((event) => (event.type === 'text-delta' ? [event.delta] : []))
    expect(deltas.join('')).toBe(textOf(finished.result))
    expect(textOf(finished.result)).toContain('Order NW-1234 has shipped with UPS')
    expect(events.map((event) => event.type)).toEqual(
      expect.arrayContaining([
        'turn-started',
        'perception-created',
        'route-decided',
        'rules-retrieved',
        'tool-called',
        'enforcement-applied',
      ]),
    )
  })

  it('records every turn in a verifiable ledger', async () => {
    const store = createMemoryLedgerStore()
    const engine = engineFor({ ledger: store })
    await engine.turn({ sessionId: 's', text: 'help' })
    await engine.turn({ sessionId: 's', text: 'Where is my order NW-1234?' })
    const ledger = createLedger({ store })
    const types = (await ledger.records('s')).map((record) => record.type)
    expect(types).toEqual(['clarification-requested', 'turn-completed', 'tool-called', 'turn-completed'])
    expect((await ledger.verify('s')).valid).toBe(true)
  })

  it('records turns in a keyed ledger passed as ledger, which fails once a record is re-hashed without the key', async () => {
    const store = createMemoryLedgerStore()
    const key = await crypto.subtle.generateKey({ name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
    const ledger = createLedger({ store, key })
    const engine = engineFor({ ledger })
    await engine.turn({ sessionId: 's', text: 'Where is my order NW-1234?' })
    const records = await ledger.records('s')
    expect(records.map((record) => record.chain)).toEqual(['hmac-sha256', 'hmac-sha256'])
    expect(await ledger.verify('s')).toEqual({ valid: true })
    const forged = structuredClone(records)
    forged[0]!.actor = 'attacker'
    forged[0]!.hash = await computeLedgerRecordHash(forged[0]!)
    expect(await verifyLedger(forged, { key })).toMatchObject({ sequence: 0, problem: 'hash-mismatch' })
  })

  // The demo's support desk declares tools the engine runs: a completion claiming a refund with
  // none run was SUCCESS (an outside review).
  it('never says SUCCESS for a support agent whose tools run through it while none has run', async () => {
    const engine = engineFor()
    await engine.turn({ sessionId: 'goal', text: 'hello' })
    const result = await engine.complete({
      sessionId: 'goal',
      contract: {
        version: 1,
        goal_text: 'refund issued',
        acceptance_criteria: [
          { id: 'r', kind: 'metric_threshold', metric: 'refunds_issued', op: '>=', target: 1 },
        ],
      },
      output: '[METRIC:refunds_issued] 1',
    })
    expect(result.decision).toMatchObject({ trustGate: 'FAIL' })
    expect(result.decision.status).not.toBe('SUCCESS')
  })

  // An outside review: settings: { finalizationGate: { maxRetries: 1 } } turned the definition's
  // gate off and its onFail back to 'fallback' (a shallow merge replaced the whole block).
  it("merges a host's settings into the definition's block by block", () => {
    const base = engineFor().definition
    const definition = {
      ...base,
      settings: {
        ...base.settings,
        finalizationGate: { ...base.settings.finalizationGate, enabled: true, onFail: 'refuse' as const },
      },
    }
    const engine = createEngine({ definition, settings: { finalizationGate: { maxRetries: 1 } } as never })
    expect(engine.definition.settings.finalizationGate).toMatchObject({
      enabled: true,
      onFail: 'refuse',
      maxRetries: 1,
    })
  })

  describe("a tool's confirmWhen", () => {
    const withConfirmWhen = (condition: string) =>
      engineFor({
        definition: definition.replace(
          /confirmWhen: >-\n(?: {6}.*\n)+/u,
          () => `confirmWhen: ${JSON.stringify(condition)}\n`,
        ),
      })

    it('asks before a plainly requested call when it holds, and runs the call on the yes', async () => {
      const engine = withConfirmWhen('args.amount > 10')
      const asked = await engine.turn({
        sessionId: 's',
        text: 'refund $20 for NW-1001, email ann@example.com',
      })
      expect(asked.provenance.tools).toEqual([])
      expect(textOf(asked)).toContain('Shall I refund $20 for order NW-1001 now?')
      const yes = await engine.turn({ sessionId: 's', text: 'yes' })
      expect(yes.provenance.tools).toEqual([{ id: 'issue_refund', status: 'ran' }])
    })

    it('makes the tool a confirm tool without `confirm: true`: a request only asked about is asked', async () => {
      const engine = engineFor({
        definition: definition.replace(
          /confirm: true\n {4}confirmWhen: >-\n(?: {6}.*\n)+/u,
          () => 'confirmWhen: "false"\n',
        ),
      })
      const asked = await engine.turn({
        sessionId: 's',
        text: 'is it possible to get a refund of $20 for NW-1001? ann@example.com',
      })
      expect(asked.provenance.tools).toEqual([])
      expect(textOf(asked)).toContain('Shall I refund $20 for order NW-1001 now?')
      const plain = await engine.turn({
        sessionId: 't',
        text: 'refund $20 for NW-1001, email ann@example.com',
      })
      expect(plain.provenance.tools).toEqual([{ id: 'issue_refund', status: 'ran' }])
    })

    it('runs a plainly requested call at once when it does not hold', async () => {
      const engine = withConfirmWhen('args.amount > 10')
      const result = await engine.turn({
        sessionId: 's',
        text: 'refund $5 for NW-1001, email ann@example.com',
      })
      expect(result.provenance.tools).toEqual([{ id: 'issue_refund', status: 'ran' }])
    })

    it('asks when the condition cannot be decided (a missing argument): the safe side of a money action', async () => {
      const engine = withConfirmWhen('args.card_last4 == "0004"')
      const result = await engine.turn({
        sessionId: 's',
        text: 'refund $5 for NW-1001, email ann@example.com',
      })
      expect(result.provenance.tools).toEqual([])
      expect(textOf(result)).toContain('Shall I refund $5 for order NW-1001 now?')
    })
  })
})
