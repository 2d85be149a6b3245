import { describe, expect, it } from 'vitest'
import type { Provenance } from './provenance-types.ts'
import { summarizeProvenance } from './summarize-provenance.ts'

const provenance: Provenance = {
  mode: 'clarification-required',
  queryHash: 'abc123abc123',
  timestamp: '2026-12-01T10:00:00.000Z',
  goal: { original: 'refund $80', active: 'refund $80' },
  route: {
    scenario: 'refunds',
    step: 'refund_request',
    decision: 'entered',
    previousScenario: null,
    scores: [{ scenario: 'refunds', score: 1, boosted: false }],
    reason: '"refunds" scored 1 ≥ entry threshold 0.5',
  },
  rules: [
    {
      id: 'refund-cap',
      tier: 'hard-safety',
      scope: 'scenario',
      priority: 90,
      reason: 'condition `fields.amount > 50` holds',
    },
  ],
  clarification: { question: 'Which one?', options: ['Refund', 'Order status'], reason: 'margin 0.02 < 0.1' },
  tools: [{ id: 'issue_refund', status: 'blocked', reason: 'check 6 of tool issue_refund is not met' }],
  enforcement: {
    outcome: 'redacted',
    violations: [{ ruleId: 'focal:detectors', tier: 'hard-safety', lane: 1, message: 'found credit-card' }],
    redactions: [{ type: 'credit-card', count: 1 }],
  },
  gates: [
    { name: 'tool-policy', status: 'approval-required', detail: 'args.amount > 500' },
    { name: 'goal-gate', status: 'PARTIAL', detail: '2 of 3 criteria met' },
  ],
  evidence: { count: 1, sources: ['lookup_order'] },
}

describe('summarizeProvenance', () => {
  it('keeps what was decided and leaves out how the definition decides it', () => {
    const summary = summarizeProvenance(provenance)
    expect(summary).toEqual({
      ...provenance,
      route: { ...provenance.route, scores: [], reason: '' },
      rules: [{ id: 'refund-cap', tier: 'hard-safety', scope: 'scenario', priority: 90, reason: '' }],
      clarification: { question: 'Which one?', options: ['Refund', 'Order status'] },
      tools: [{ id: 'issue_refund', status: 'blocked' }],
      enforcement: {
        ...provenance.enforcement,
        violations: [{ ruleId: 'focal:detectors', tier: 'hard-safety', lane: 1, message: '' }],
      },
      gates: [
        { name: 'tool-policy', status: 'approval-required' },
        { name: 'goal-gate', status: 'PARTIAL', detail: '2 of 3 criteria met' },
      ],
    })
    expect(JSON.stringify(summary)).not.toMatch(/fields\.amount|args\.amount|margin|check 6|scored/)
    // The whole provenance is left as it was (the ledger keeps it).
    expect(provenance.rules[0]?.reason).toContain('fields.amount')
  })
})
