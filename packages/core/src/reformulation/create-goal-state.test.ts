import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { FocalError } from '../errors/focal-error.ts'
import { createLedger } from '../ledger/create-ledger.ts'
import { createMemoryLedgerStore } from '../ledger/create-memory-ledger-store.ts'
import type { LedgerStore } from '../ledger/types.ts'
import { createGoalState } from './create-goal-state.ts'
import { contradictionAttacks } from './fixtures/reformulation-attacks.ts'

const now = Date.UTC(2026, 10, 21, 12)
const original = 'What happened in crypto markets today?'
const valid = {
  candidate: 'What happened in top 5 cryptocurrency markets in the past 24 hours?',
  confidence: 0.92,
  evidence: [{ id: 'feeds', text: 'Market availability data shows only top 5 have reliable feeds' }],
}

function failingStore(): LedgerStore {
  return { ...createMemoryLedgerStore(), appendIfNext: () => Promise.reject(new Error('ledger unavailable')) }
}

describe('createGoalState', () => {
  it('starts with the original as the active goal', () => {
    expect(createGoalState(original).getSnapshot()).toEqual({
      original,
      active: original,
      reformulation: null,
      status: 'running',
      abort: null,
    })
  })

  it('logs GOAL_REFORMULATION before activating, with original, reformulated, confidence and evidence ids', async () => {
    const store = createMemoryLedgerStore()
    let activeWhenAppended: string | undefined
    const goal = createGoalState({
      original,
      now,
      sessionId: 'run-1',
      ledger: createLedger({
        store: {
          ...store,
          async appendIfNext(record) {
            activeWhenAppended = goal.getSnapshot().active
            return store.appendIfNext(record)
          },
        },
      }),
    })
    const outcome = await goal.reformulate(valid)
    expect(outcome.type).toBe('activated')
    expect(activeWhenAppended).toBe(original)
    const [record] = await store.list('run-1')
    expect(record).toMatchObject({
      type: 'GOAL_REFORMULATION',
      actor: 'agent',
      payload: {
        original,
        reformulated: valid.candidate,
        confidence: 0.92,
        evidence_ids: ['feeds'],
        type: 'scope-narrowing',
      },
    })
    expect(goal.getSnapshot()).toMatchObject({
      active: valid.candidate,
      reformulation: { goal: valid.candidate, type: 'scope-narrowing', ledgerRecordId: record!.id },
    })
    expect(goal.toProvenance()).toEqual({
      original,
      active: valid.candidate,
      reformulation: {
        type: 'scope-narrowing',
        confidence: 0.92,
        evidenceIds: ['feeds'],
        ledgerRecordId: record!.id,
      },
    })
  })

  it('rejects a failing candidate with its code, logs nothing and keeps the original', async () => {
    const store = createMemoryLedgerStore()
    const goal = createGoalState({
      original: 'Summarize Apple earnings',
      ledger: createLedger({ store }),
      sessionId: 's',
      now,
    })
    const outcome = await goal.reformulate({
      candidate: 'Summarize Apple and Google earnings',
      confidence: 0.88,
      evidence: valid.evidence,
    })
    expect(outcome).toMatchObject({ type: 'rejected', code: 'DTL-STRAT-007' })
    expect(goal.getSnapshot().active).toBe('Summarize Apple earnings')
    expect(await store.list('s')).toEqual([])
  })

  // Session 65's review: with the documented call, each of these was activated.
  it('rejects a candidate that says the goal the other way round (DTL-STRAT-008), logs nothing and keeps the original', async () => {
    for (const attack of contradictionAttacks) {
      const store = createMemoryLedgerStore()
      const goal = createGoalState({
        original: attack.original,
        ledger: createLedger({ store }),
        sessionId: 's',
      })
      const outcome = await goal.reformulate({
        candidate: attack.candidate,
        confidence: 0.95,
        evidence: [{ id: 'e', text: attack.candidate }],
      })
      expect(outcome, attack.name).toMatchObject({ type: 'rejected', code: 'DTL-STRAT-008' })
      expect(goal.getSnapshot().active).toBe(attack.original)
      expect(await store.list('s')).toEqual([])
    }
  })

  it('refuses to activate when the ledger append fails and aborts the run (DTL-STRAT-011)', async () => {
    const controller = new AbortController()
    const goal = createGoalState({
      original,
      now,
      ledger: createLedger({ store: failingStore() }),
      abortController: controller,
    })
    const outcome = await goal.reformulate(valid)
    expect(outcome).toMatchObject({ type: 'aborted', code: 'DTL-STRAT-011', abortRun: true })
    expect(outcome.type === 'aborted' && outcome.error.code).toBe('reformulation-not-logged')
    expect(goal.getSnapshot()).toMatchObject({
      active: original,
      reformulation: null,
      status: 'aborted',
      abort: { code: 'DTL-STRAT-011' },
    })
    expect(controller.signal.aborted).toBe(true)
    expect(goal.signal.aborted).toBe(true)
    expect(FocalError.isInstance(controller.signal.reason)).toBe(true)
    const again = await goal.reformulate(valid)
    expect(again).toMatchObject({ type: 'aborted', code: 'DTL-STRAT-011' })
  })

  it('validates every reformulation against the original, so steps cannot drift', async () => {
    const goal = createGoalState({ original: 'Summarize Apple earnings', now })
    const evidence = [{ id: 'e', text: 'Apple Q4 2024 earnings release; Apple Q4 2024 iPhone revenue' }]
    expect(
      (await goal.reformulate({ candidate: 'Summarize Apple Q4 2024 earnings', confidence: 0.95, evidence }))
        .type,
    ).toBe('activated')
    const drift = await goal.reformulate({
      candidate: 'Summarize Apple Q4 2024 iPhone revenue',
      confidence: 0.95,
      evidence,
    })
    expect(drift.type).toBe('rejected')
    expect(goal.getSnapshot().active).toBe('Summarize Apple Q4 2024 earnings')
  })

  it('restores the original, logs GOAL_RESTORED and notifies subscribers', async () => {
    const ledger = createLedger()
    const goal = createGoalState({ original, ledger, sessionId: 'run-2', now })
    const seen: string[] = []
    const unsubscribe = goal.subscribe(() => seen.push(goal.getSnapshot().active))
    await goal.reformulate(valid)
    const restored = await goal.restore({ reason: 'user asked for the original' })
    expect(restored).toMatchObject({ type: 'restored', logged: true })
    expect(seen).toEqual([valid.candidate, original])
    expect((await ledger.records('run-2')).map((record) => record.type)).toEqual([
      'GOAL_REFORMULATION',
      'GOAL_RESTORED',
    ])
    expect(await ledger.verify('run-2')).toEqual({ valid: true })
    unsubscribe()
    expect(await goal.restore()).toEqual({ type: 'unchanged' })
    expect(seen).toHaveLength(2)
  })

  it('restores even when the ledger cannot record the restore', async () => {
    const store = createMemoryLedgerStore()
    let fail = false
    const ledger = createLedger({
      store: {
        ...store,
        appendIfNext: (record) => (fail ? Promise.reject(new Error('down')) : store.appendIfNext(record)),
      },
    })
    const goal = createGoalState({ original, ledger, now })
    await goal.reformulate(valid)
    fail = true
    expect(await goal.restore()).toMatchObject({ type: 'restored', logged: false })
    expect(goal.getSnapshot().active).toBe(original)
  })

  it('reformulate then restore always returns a state deep-equal to the initial one (ledger aside)', async () => {
    const candidates = fc.oneof(
      fc.constant(valid.candidate),
      fc.constantFrom(
        'What happened in crypto markets this week?',
        'What happened in bitcoin markets today?',
        'What happened in crypto and stock markets today?',
        'Weather in New York',
      ),
      fc.string({ minLength: 1, maxLength: 60 }).filter((text) => text.trim().length > 0),
    )
    let activations = 0
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            candidate: candidates,
            confidence: fc.double({ min: 0, max: 1, noNaN: true }),
            cite: fc.boolean(),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        fc.boolean(),
        async (steps, ledgerFails) => {
          const ledger = createLedger({ store: ledgerFails ? failingStore() : createMemoryLedgerStore() })
          const goal = createGoalState({ original, ledger, now })
          const initial = structuredClone(goal.getSnapshot())
          for (const step of steps) {
            const outcome = await goal.reformulate({
              candidate: step.candidate,
              confidence: step.confidence,
              evidence: step.cite ? valid.evidence : [],
            })
            if (outcome.type === 'activated') activations++
          }
          await goal.restore()
          const { status, abort, ...goalFields } = goal.getSnapshot()
          const { status: initialStatus, abort: initialAbort, ...initialGoalFields } = initial
          expect(goalFields).toEqual(initialGoalFields)
          // Only a failed ledger may change the run status (DTL-STRAT-011), never the goal.
          if (!ledgerFails) expect({ status, abort }).toEqual({ status: initialStatus, abort: initialAbort })
        },
      ),
      { numRuns: 150, examples: [[[{ candidate: valid.candidate, confidence: 0.95, cite: true }], false]] },
    )
    // The property is only meaningful if some runs really activated a reformulation.
    expect(activations).toBeGreaterThan(0)
  })

  it('hands out frozen snapshots: the active goal cannot change without a ledger record', async () => {
    const state = createGoalState('What happened in crypto markets today?')
    const snapshot = state.getSnapshot()
    expect(() => {
      ;(snapshot as { active: string }).active = 'Something else entirely'
    }).toThrow(TypeError)
    expect(state.getSnapshot().active).toBe('What happened in crypto markets today?')
  })
})
