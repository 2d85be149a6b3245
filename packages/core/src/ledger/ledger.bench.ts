// biome-ignore lint/style/noRestrictedImports: benchmarks run in Node only (check-portable exempts *.bench.ts)
import { readFileSync } from 'node:fs'
import { defineSuite } from '../../../../bench/harness.ts'
import { createEngine } from '../engine/create-engine.ts'
import { canonicalJson } from './canonical-json.ts'
import { createLedger } from './create-ledger.ts'
import { createMemoryLedgerStore } from './create-memory-ledger-store.ts'
import type { LedgerEvent } from './ledger-event-schema.ts'
import type { LedgerRecord } from './types.ts'
import { verifyLedger } from './verify-ledger.ts'

const event: LedgerEvent = {
  type: 'GOAL_REFORMULATION',
  payload: {
    original: 'What happened in crypto markets today?',
    reformulated: 'What happened in top 5 cryptocurrency markets in the past 24 hours?',
    confidence: 0.92,
    evidence_ids: ['market-feeds'],
    type: 'scope-narrowing',
  },
}
const ledger = createLedger()
let session = 0
let thousand: LedgerRecord[] = []
let thousandKeyed: LedgerRecord[] = []
// Node's global, as `serveFocal` schedules the ledger's digests.
const { setImmediate } = globalThis as unknown as { setImmediate: (callback: () => void) => unknown }
const key = 'bench secret: at least thirty-two bytes long'

/** One judged turn with a tool call: what the engine appends at once (4 records, ~2 KB of JSON). */
let turnEvents: LedgerEvent[] = []
const turnLedgers = {
  unkeyed: createLedger(),
  keyed: createLedger({ key }),
  unkeyedBatched: createLedger({ scheduleDigests: (flush) => void setImmediate(flush) }),
  keyedBatched: createLedger({ key, scheduleDigests: (flush) => void setImmediate(flush) }),
}
let turnCounter = 0
/** Appends one turn's records the way the engine does (all queued at once), 25 turns per session. */
const appendTurn = (target: keyof typeof turnLedgers) => {
  const sessionId = `turn-${target}-${Math.floor(turnCounter++ / 25)}`
  return Promise.all(
    turnEvents.map((event) => turnLedgers[target].append(sessionId, event, { actor: 'engine' })),
  )
}

async function readTurnEvents(): Promise<LedgerEvent[]> {
  const definition = readFileSync(
    new URL('../../../../examples/definitions/refund-support.yaml', import.meta.url),
    'utf8',
  )
  const source = createLedger()
  await createEngine({ definition, ledger: source }).turn({
    sessionId: 't',
    text: 'I want a refund for order NW-1234',
  })
  const [completed] = await source.records('t')
  const timestamp = '2026-01-02T03:04:05.000Z'
  return [
    {
      type: 'tool-called',
      payload: { toolId: 'lookup_order', status: 'ran', args: { order_id: 'NW-1234' } },
    },
    {
      type: 'final_alignment_judge_result',
      payload: {
        timestamp,
        job_id: 'turn-1',
        session_id: 's',
        user_id_hash: 'ab12',
        intent_id: 'refund',
        capability_profile_id: 'support',
        quality_score: 0.91,
        verdict: 'PASS',
        reason_codes: [],
        fix_mode: 'REWRITE_ONLY',
        attempt_index: 0,
        model_id: 'judge-1',
      },
    },
    {
      type: 'finalization_outcome',
      payload: {
        timestamp,
        job_id: 'turn-1',
        session_id: 's',
        final_verdict: 'pass',
        num_retries: 0,
        time_to_finalize_ms: 12,
      },
    },
    { type: completed!.type, payload: completed!.payload } as LedgerEvent,
  ]
}

export default defineSuite({
  name: 'ledger',
  async setup() {
    const source = createLedger()
    for (let index = 0; index < 1000; index++) await source.append('bench', event)
    thousand = await source.records('bench')
    const keyed = createLedger({ key })
    for (let index = 0; index < 1000; index++) await keyed.append('bench', event)
    thousandKeyed = await keyed.records('bench')
    turnEvents = await readTurnEvents()
  },
  cases: [
    {
      name: 'append one event (memory store, 100 per session)',
      fn: () => ledger.append(`s${Math.floor(session++ / 100)}`, event),
      targetMedianMicros: 100,
    },
    { name: 'append one turn (4 records), unkeyed SHA-256 chain + head', fn: () => appendTurn('unkeyed') },
    { name: 'append one turn (4 records), keyed HMAC chain + signed head', fn: () => appendTurn('keyed') },
    {
      name: 'append one turn (4 records), unkeyed, digests batched per setImmediate',
      fn: () => appendTurn('unkeyedBatched'),
    },
    {
      name: 'append one turn (4 records), keyed, digests batched per setImmediate',
      fn: () => appendTurn('keyedBatched'),
    },
    { name: 'verifyLedger over 1000 records', fn: () => verifyLedger(thousand) },
    { name: 'verifyLedger over 1000 keyed records', fn: () => verifyLedger(thousandKeyed, { key }) },
    { name: 'canonicalJson of a reformulation event', fn: () => canonicalJson(event) },
    {
      name: '50 concurrent appends from 50 ledgers to one session',
      fn: async () => {
        const store = createMemoryLedgerStore()
        await Promise.all(Array.from({ length: 50 }, () => createLedger({ store }).append('race', event)))
      },
    },
  ],
})
