import type { ApprovalRequest, Clarification, Provenance } from '@focal/core'
import type { FocalUiMessageChunk } from '@focal/react'

/** A provenance footer as the refund-support definition produces it. */
export function provenance(overrides: Partial<Provenance> = {}): Provenance {
  return {
    mode: 'normal',
    queryHash: '3f1c9a0d2b7e',
    timestamp: '2026-01-01T12:00:00.000Z',
    goal: { original: 'refund my order', active: 'refund my order' },
    route: {
      scenario: 'refunds',
      step: 'check-eligibility',
      decision: 'stayed',
      previousScenario: 'refunds',
      scores: [{ scenario: 'refunds', score: 0.91, boosted: true }],
      reason: 'sticky: refunds scored above the exit threshold',
    },
    rules: [
      { id: 'refund-cap', tier: 'hard-safety', scope: 'scenario', priority: 100, reason: 'amount > 50' },
      { id: 'polite-tone', tier: 'style', scope: 'global', priority: 10, reason: 'always applies' },
    ],
    tools: [{ id: 'lookup_order', status: 'ran' }],
    gates: [{ name: 'final-alignment', status: 'passed', detail: 'verdict pass (0.92)' }],
    evidence: { count: 2, sources: ['orders', 'refund-policy'] },
    ...overrides,
  }
}

export const clarification: Clarification = {
  question: 'What can I help you with?',
  reason: 'the request names no intent',
  options: [
    { id: 'refund', label: 'Request a refund', value: 'I want a refund' },
    { id: 'status', label: 'Check an order', value: 'Where is my order?' },
    { id: 'card', label: 'Update payment', value: 'Update my card' },
  ],
}

export const approval: ApprovalRequest = {
  id: 'approval-1',
  sessionId: 'story',
  toolId: 'issue_refund',
  args: { orderId: 'B-2002', amount: 620, currency: 'USD' },
  reason: 'Actions above $500 need a supervisor’s approval (rule large-action-approval).',
  defaultAction: 'reject',
}

/** The chunks of a streamed assistant reply. */
export function reply(
  text: string,
  extra: FocalUiMessageChunk[] = [],
  withProvenance = provenance(),
): FocalUiMessageChunk[] {
  const id = 'text-1'
  return [
    { type: 'start' },
    { type: 'text-start', id },
    ...(text.match(/\S+\s*/g) ?? []).map((delta) => ({ type: 'text-delta' as const, id, delta })),
    { type: 'text-end', id },
    ...extra,
    { type: 'data-provenance', data: withProvenance },
    { type: 'finish' },
  ]
}
