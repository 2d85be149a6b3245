import type { LedgerRecord } from '@focal/core'
import { describe, expect, it } from 'vitest'
import { summarizeLedger } from './summarize-ledger.ts'

let sequence = 0
const record = (type: string, payload: unknown): LedgerRecord => ({
  id: `r${sequence}`,
  sessionId: 's',
  sequence: sequence++,
  type,
  actor: 'engine',
  timestamp: '2026-01-01T00:00:00.000Z',
  payload,
  payloadHash: 'x',
  previousHash: null,
  hash: 'y',
})

describe('summarizeLedger', () => {
  it('counts judge verdicts and reason codes, most frequent first', () => {
    const summary = summarizeLedger([
      record('final_alignment_judge_result', { verdict: 'pass', reasonCodes: [] }),
      record('final_alignment_judge_result', {
        verdict: 'revise',
        reasonCodes: ['MISSING_EVIDENCE', 'TOO_VAGUE'],
      }),
      record('final_alignment_judge_result', {
        verdict: 'revise',
        reason_codes: [{ code: 'MISSING_EVIDENCE' }],
      }),
      record('turn-completed', { text: 'no judge here' }),
    ])
    expect(summary.judged).toBe(3)
    expect(summary.verdicts).toEqual([
      { label: 'revise', value: 2 },
      { label: 'pass', value: 1 },
    ])
    expect(summary.reasonCodes).toEqual([
      { label: 'MISSING_EVIDENCE', value: 2 },
      { label: 'TOO_VAGUE', value: 1 },
    ])
  })

  it('lists the route decision of each turn that recorded one', () => {
    const summary = summarizeLedger([
      record('turn-completed', {
        provenance: { route: { scenario: 'refunds', step: 'verify', decision: 'entered' } },
      }),
      record('tool-called', { toolId: 'x' }),
      record('turn-completed', { route: { scenario: 'refunds', step: null, decision: 'stayed' } }),
    ])
    expect(summary.routes.map(({ scenario, step, decision }) => ({ scenario, step, decision }))).toEqual([
      { scenario: 'refunds', step: 'verify', decision: 'entered' },
      { scenario: 'refunds', step: null, decision: 'stayed' },
    ])
  })
})
