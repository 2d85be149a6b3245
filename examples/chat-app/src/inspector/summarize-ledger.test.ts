import type { JudgeVerdict, LedgerRecord } from '@focal/core'
import type { JudgeReasonCode } from '@focal/core/judge'
import { createJudgeResultEvent } from '@focal/core/metrics'
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
  it("charts verdict shares and top reason codes through core's judge dashboard", () => {
    const judged = (verdict: JudgeVerdict, reasonCodes: JudgeReasonCode[], attemptIndex = 0) => {
      const event = createJudgeResultEvent({
        judgeResult: {
          qualityScore: 0.8,
          verdict,
          reasonCodes,
          fixMode: 'REWRITE_ONLY',
          modelId: 'heuristic',
        } as never,
        jobId: `job-${sequence}`,
        sessionId: 's',
        intentId: 'refund',
        attemptIndex,
        timestamp: '2026-01-01T00:00:00.000Z',
      })
      return record(event.type, event.payload)
    }
    const summary = summarizeLedger([
      judged('PASS', []),
      judged('FAIL', ['MISSING_EVIDENCE', 'OFF_TOPIC']),
      judged('FAIL', ['MISSING_EVIDENCE']),
      judged('PASS_WITH_CAVEATS', []),
      record('turn-completed', { text: 'no judge here' }),
    ])
    expect(summary.judged).toBe(4)
    expect(summary.verdicts).toEqual([
      { label: 'PASS', value: 0.25 },
      { label: 'PASS_WITH_CAVEATS', value: 0.25 },
      { label: 'FAIL', value: 0.5 },
    ])
    expect(summary.reasonCodes.slice(0, 2)).toEqual([
      { label: 'MISSING_EVIDENCE', value: 2 },
      { label: 'OFF_TOPIC', value: 1 },
    ])
  })

  it('has no verdict bars before anything was judged', () => {
    expect(summarizeLedger([record('turn-completed', {})])).toMatchObject({
      judged: 0,
      verdicts: [],
      reasonCodes: [],
    })
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

  it('lists every completed turn with its route and the verdict judged just before it', () => {
    const judge = (verdict: JudgeVerdict) => {
      const event = createJudgeResultEvent({
        judgeResult: {
          qualityScore: 0.8,
          verdict,
          reasonCodes: [],
          fixMode: 'REWRITE_ONLY',
          modelId: 'heuristic',
        } as never,
        jobId: `job-${sequence}`,
        sessionId: 's',
        intentId: 'refund',
        attemptIndex: 0,
        timestamp: '2026-01-01T00:00:00.000Z',
      })
      return record(event.type, event.payload)
    }
    const turn = (resultType: string, route?: { scenario: string | null; decision: string }) =>
      record('turn-completed', { turnId: 't', resultType, provenance: route ? { route } : {} })
    const summary = summarizeLedger([
      turn('clarification'),
      judge('PASS'),
      turn('reply', { scenario: 'refunds', decision: 'entered' }),
      judge('FAIL'),
      turn('refused', { scenario: 'refunds', decision: 'stayed' }),
      turn('approval-required', { scenario: 'cancellation', decision: 'switched' }),
    ])
    expect(summary.turns.map(({ sequence: _, ...row }) => row)).toEqual([
      { turn: 1, scenario: null, decision: 'none', result: 'clarification' },
      { turn: 2, scenario: 'refunds', decision: 'entered', result: 'reply', verdict: 'PASS' },
      { turn: 3, scenario: 'refunds', decision: 'stayed', result: 'refused', verdict: 'FAIL' },
      { turn: 4, scenario: 'cancellation', decision: 'switched', result: 'approval-required' },
    ])
  })
})
