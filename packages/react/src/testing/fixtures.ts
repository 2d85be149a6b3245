import type { ApprovalRequest, Clarification, Provenance } from '@focal/core'
import type { FocalUiMessageChunk } from '../transport/types.ts'

/** A provenance with one rule, a stayed route, a redaction and a passed gate. */
export function provenanceFixture(overrides: Partial<Provenance> = {}): Provenance {
  return {
    mode: 'normal',
    queryHash: 'abc123def456',
    timestamp: '2026-01-01T00:00:00.000Z',
    route: {
      scenario: 'refunds',
      step: 'verify',
      decision: 'stayed',
      previousScenario: 'refunds',
      scores: [{ scenario: 'refunds', score: 0.9, boosted: true }],
      reason: 'sticky',
    },
    rules: [
      { id: 'refund-cap', tier: 'hard-safety', scope: 'scenario', priority: 100, reason: 'amount > 50' },
    ],
    tools: [],
    enforcement: {
      outcome: 'redacted',
      violations: [
        { ruleId: 'no-card-numbers', tier: 'hard-safety', lane: 1, message: 'card number in reply' },
      ],
      redactions: [{ type: 'card-number', count: 1 }],
    },
    gates: [{ name: 'final-alignment', status: 'passed' }],
    evidence: { count: 2, sources: ['orders', 'policy'] },
    ...overrides,
  }
}

export const clarificationFixture: Clarification = {
  question: 'What would you like help with?',
  reason: "Your message could mean a few different things, so I'd rather ask than guess.",
  options: [
    { id: 'refund', label: 'A refund', value: 'I want a refund' },
    { id: 'status', label: 'Order status', value: 'Where is my order?' },
  ],
}

export const approvalFixture: ApprovalRequest = {
  id: 'approval-1',
  sessionId: 'session-1',
  toolId: 'issue_refund',
  args: { orderId: 'A-1001', amount: 620 },
  reason: 'refunds above $500 need a supervisor',
  defaultAction: 'reject',
}

/** The chunks of a plain streamed reply. */
export function replyChunks(text: string, id = 'text-1'): FocalUiMessageChunk[] {
  return [
    { type: 'start' },
    { type: 'text-start', id },
    ...text.split(/(?<= )/).map((delta) => ({ type: 'text-delta' as const, id, delta })),
    { type: 'text-end', id },
    { type: 'data-provenance', data: provenanceFixture() },
    { type: 'finish' },
  ]
}
