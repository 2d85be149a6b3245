import { describe, expect, it } from 'vitest'
import { type LedgerEvent, ledgerEventSchema } from './ledger-event-schema.ts'
import type { Provenance } from './provenance-types.ts'

const provenance: Provenance = {
  mode: 'normal',
  queryHash: '0123456789ab',
  timestamp: '2026-11-21T12:00:00.000Z',
  rules: [],
  tools: [],
  gates: [],
  evidence: { count: 0, sources: [] },
}

const valid: LedgerEvent[] = [
  {
    type: 'GOAL_REFORMULATION',
    payload: {
      original: 'a',
      reformulated: 'b',
      confidence: 0.92,
      evidence_ids: ['e1'],
      type: 'scope-narrowing',
    },
  },
  { type: 'GOAL_RESTORED', payload: { original: 'a', discarded: 'b', reason: 'user' } },
  { type: 'turn-completed', payload: { turnId: 't1', resultType: 'reply', provenance } },
  {
    type: 'clarification-requested',
    payload: {
      turnId: 't1',
      question: 'Which?',
      options: [{ id: 'o1', label: 'One', value: 'one' }],
      reason: 'ambiguous',
    },
  },
  {
    type: 'approval-requested',
    payload: {
      approvalId: 'ap1',
      toolId: 'refund',
      args: { amount: 10 },
      reason: 'policy',
      defaultAction: 'reject',
    },
  },
  { type: 'approval-resolved', payload: { approvalId: 'ap1', decision: 'approved', approver: 'lead' } },
  {
    type: 'rule-violated',
    payload: { ruleId: 'pii', tier: 'hard-safety', lane: 1, message: 'email', action: 'redact' },
  },
  { type: 'tool-called', payload: { toolId: 'search', status: 'ran' } },
]

describe('ledgerEventSchema', () => {
  it('accepts every event type the engine and the goal state record', () => {
    for (const event of valid) expect(ledgerEventSchema.safeParse(event).success).toBe(true)
  })

  it('rejects unknown types and malformed payloads with the failing path', () => {
    expect(ledgerEventSchema.safeParse({ type: 'goal-changed', payload: {} }).success).toBe(false)
    const forbiddenType = ledgerEventSchema.safeParse({
      type: 'GOAL_REFORMULATION',
      payload: {
        original: 'a',
        reformulated: 'b',
        confidence: 0.92,
        evidence_ids: ['e1'],
        type: 'scope-expansion',
      },
    })
    expect(forbiddenType.success).toBe(false)
    expect(forbiddenType.error?.issues[0]?.path).toEqual(['payload', 'type'])
    const badProvenance = ledgerEventSchema.safeParse({
      type: 'turn-completed',
      payload: { turnId: 't', resultType: 'reply', provenance: { ...provenance, queryHash: 'XYZ' } },
    })
    expect(badProvenance.error?.issues[0]?.path).toEqual(['payload', 'provenance', 'queryHash'])
  })

  it('strips unknown payload fields, so what is hashed is what the schema knows', () => {
    const parsed = ledgerEventSchema.parse({
      type: 'tool-called',
      payload: { toolId: 'search', status: 'ran', secret: 'x' },
    })
    expect(parsed.payload).toEqual({ toolId: 'search', status: 'ran' })
  })
})
