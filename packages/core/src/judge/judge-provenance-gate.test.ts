import { describe, expect, it } from 'vitest'
import { buildJudgePayload } from './build-judge-payload.ts'
import { judgeAlignmentHeuristically } from './judge-alignment-heuristically.ts'
import { judgeProvenanceGate } from './judge-provenance-gate.ts'

describe('judgeProvenanceGate', () => {
  it('summarises verdict, score, codes, fix mode and limitations for the provenance footer', () => {
    const result = judgeAlignmentHeuristically(
      buildJudgePayload({
        goal: 'Draw a diagram of the queue',
        intentId: 'GENERAL',
        draft: 'The worker polls the queue and acks every job it finishes.',
      }),
    )
    const gate = judgeProvenanceGate(result, ['The answer does not take the form you asked for.'])
    expect(gate.name).toBe('final-alignment')
    expect(gate.status).toBe('FAIL')
    expect(gate.detail).toMatch(
      /^score \d\.\d\d; WRONG_ARTIFACT_TYPE; fix REWRITE_ONLY; by heuristic; limitations: The answer/,
    )
  })
})
