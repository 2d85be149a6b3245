import { describe, expect, it } from 'vitest'
import { FocalError } from '../errors/focal-error.ts'
import { canonicalJson } from './canonical-json.ts'
import { createLedger } from './create-ledger.ts'
import { createMemoryLedgerStore } from './create-memory-ledger-store.ts'
import type { LedgerEvent } from './ledger-event-schema.ts'
import { sha256Hex } from './sha256-hex.ts'
import type { LedgerStore } from './types.ts'

const reformulation: LedgerEvent = {
  type: 'GOAL_REFORMULATION',
  payload: {
    original: 'What happened in crypto markets today?',
    reformulated: 'What happened in top 5 cryptocurrency markets in the past 24 hours?',
    confidence: 0.92,
    evidence_ids: ['market-feeds'],
    type: 'scope-narrowing',
  },
}

function fixedLedger(store: LedgerStore = createMemoryLedgerStore()) {
  let counter = 0
  return createLedger({
    store,
    clock: { now: () => Date.UTC(2026, 0, 2, 3, 4, 5) },
    idGenerator: { next: (prefix = 'id') => `${prefix}-${counter++}` },
  })
}

describe('createLedger', () => {
  it('chains records: sequence from 0, previousHash links, hashes are SHA-256 of canonical JSON', async () => {
    const ledger = fixedLedger()
    const first = await ledger.append('s1', reformulation, { actor: 'agent' })
    const second = await ledger.append('s1', {
      type: 'GOAL_RESTORED',
      payload: { original: 'a', discarded: 'b' },
    })
    expect(first).toMatchObject({
      id: 'led-0',
      sequence: 0,
      previousHash: null,
      actor: 'agent',
      type: 'GOAL_REFORMULATION',
    })
    expect(first.timestamp).toBe('2026-01-02T03:04:05.000Z')
    expect(first.payloadHash).toBe(await sha256Hex(canonicalJson(reformulation.payload)))
    const { payload: _payload, hash, ...fields } = first
    expect(hash).toBe(await sha256Hex(canonicalJson(fields)))
    expect(hash).toMatch(/^[0-9a-f]{64}$/)
    expect(second).toMatchObject({ sequence: 1, previousHash: first.hash, actor: 'system' })
    expect(await ledger.records('s1')).toEqual([first, second])
    expect(await ledger.verify('s1')).toEqual({ valid: true })
  })

  it('with scheduleDigests, appends wait for the scheduler and write the same verifiable records', async () => {
    const flushes: Array<() => void> = []
    let counter = 0
    const options = {
      clock: { now: () => Date.UTC(2026, 0, 2, 3, 4, 5) },
      idGenerator: { next: (prefix = 'id') => `${prefix}-${counter++}` },
    }
    const batched = createLedger({ ...options, scheduleDigests: (flush) => void flushes.push(flush) })
    let done = false
    const appends = Promise.all([
      batched.append('s1', reformulation),
      batched.append('s1', { type: 'GOAL_RESTORED', payload: { original: 'a', discarded: 'b' } }),
    ]).finally(() => {
      done = true
    })
    while (!done) {
      await new Promise((resolve) => setTimeout(resolve, 1))
      for (const flush of flushes.splice(0)) flush()
    }
    const records = await appends
    counter = 0
    const plain = createLedger(options)
    await plain.append('s1', reformulation)
    await plain.append('s1', { type: 'GOAL_RESTORED', payload: { original: 'a', discarded: 'b' } })
    expect(records).toEqual(await plain.records('s1'))
    expect(await batched.verify('s1')).toEqual({ valid: true })
  })

  it('rejects an invalid event with a located invalid-ledger-event error and writes nothing', async () => {
    const ledger = fixedLedger()
    const bad = {
      type: 'GOAL_REFORMULATION',
      payload: { ...reformulation.payload, confidence: 2, evidence_ids: [] },
    }
    const error = await ledger.append('s1', bad as LedgerEvent).catch((caught: unknown) => caught)
    expect(FocalError.isInstance(error) && error.code).toBe('invalid-ledger-event')
    expect((error as FocalError).issues.map((issue) => issue.path).sort()).toEqual([
      'payload.confidence',
      'payload.evidence_ids',
    ])
    const unknownType = await ledger
      .append('s1', { type: 'nope', payload: {} } as never)
      .catch((caught: unknown) => caught)
    expect(FocalError.isInstance(unknownType) && unknownType.code).toBe('invalid-ledger-event')
    expect(await ledger.records('s1')).toEqual([])
  })

  it('stores events as JSON: explicit undefined fields are dropped, unserialisable payloads are refused', async () => {
    const ledger = fixedLedger()
    const record = await ledger.append('s1', {
      type: 'GOAL_RESTORED',
      payload: { original: 'a', discarded: 'b', reason: undefined as unknown as string },
    })
    expect(record.payload).toEqual({ original: 'a', discarded: 'b' })
    const cyclic: Record<string, unknown> = { toolId: 'x', status: 'ran' }
    cyclic.args = { self: cyclic }
    const error = await ledger
      .append('s1', { type: 'tool-called', payload: cyclic } as LedgerEvent)
      .catch((caught: unknown) => caught)
    expect(FocalError.isInstance(error) && error.code).toBe('invalid-ledger-event')
    expect(await ledger.verify('s1')).toEqual({ valid: true })
  })

  it('accepts the seed 004 metrics events with their exact field names', async () => {
    const ledger = fixedLedger()
    await ledger.append('s1', {
      type: 'final_alignment_judge_result',
      payload: {
        timestamp: '2026-01-02T03:04:05.000Z',
        job_id: 'job-1',
        session_id: 's1',
        user_id_hash: 'ab12',
        intent_id: 'compare',
        capability_profile_id: 'research',
        quality_score: 0.81,
        verdict: 'PASS_WITH_CAVEATS',
        reason_codes: ['OVERLY_GENERIC'],
        fix_mode: 'REWRITE_ONLY',
        attempt_index: 0,
        model_id: 'judge-1',
      },
    })
    await ledger.append('s1', {
      type: 'finalization_outcome',
      payload: {
        timestamp: '2026-01-02T03:04:06.000Z',
        job_id: 'job-1',
        session_id: 's1',
        final_verdict: 'caveats',
        num_retries: 1,
        time_to_finalize_ms: 840,
        user_feedback: 'up',
      },
    })
    expect((await ledger.records('s1')).map((record) => record.type)).toEqual([
      'final_alignment_judge_result',
      'finalization_outcome',
    ])
  })

  it('retries after losing a race and never forks the chain', async () => {
    const store = createMemoryLedgerStore()
    let refusals = 0
    const flaky: LedgerStore = {
      ...store,
      // Another writer slips in before our first two attempts.
      async appendIfNext(record) {
        if (refusals < 2) {
          refusals++
          await fixedLedger(store).append(record.sessionId, {
            type: 'GOAL_RESTORED',
            payload: { original: 'x', discarded: `y${refusals}` },
          })
          return store.appendIfNext(record)
        }
        return store.appendIfNext(record)
      },
    }
    const record = await createLedger({ store: flaky }).append('s1', reformulation)
    expect(record.sequence).toBe(2)
    expect(await createLedger({ store }).verify('s1')).toEqual({ valid: true })
  })

  it('fails with ledger-append-failed when the store never accepts', async () => {
    const stuck: LedgerStore = { ...createMemoryLedgerStore(), appendIfNext: async () => false }
    const error = await createLedger({ store: stuck, maxAppendAttempts: 3 })
      .append('s1', reformulation)
      .catch((caught: unknown) => caught)
    expect(FocalError.isInstance(error) && error.code).toBe('ledger-append-failed')
  })

  it('keeps appending after a failed append in the same session', async () => {
    const store = createMemoryLedgerStore()
    let failNext = true
    const ledger = createLedger({
      store: {
        ...store,
        async appendIfNext(record) {
          if (failNext) {
            failNext = false
            throw new Error('store down')
          }
          return store.appendIfNext(record)
        },
      },
    })
    const failed = ledger.append('s1', reformulation)
    const next = ledger.append('s1', reformulation)
    await expect(failed).rejects.toThrow('store down')
    expect((await next).sequence).toBe(0)
  })
})
