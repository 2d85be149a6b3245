import { describe, expect, it } from 'vitest'
import { FocalError } from '../errors/index.ts'
import { buildJudgePayload, toJudgePayloadJson } from './build-judge-payload.ts'

describe('buildJudgePayload', () => {
  it('keeps at most 5 trace lines, folding the rest into the last', () => {
    const payload = buildJudgePayload({
      goal: 'Explain the flow.',
      intentId: 'SYSTEM_CONTROL_FLOW',
      draft: 'd',
      toolTrace: ['t1', 't2', '', 't3', 't4', 't5', 't6', 't7'],
    })
    const lines = payload.toolTraceSummary.split('\n')
    expect(lines).toHaveLength(5)
    expect(lines[4]).toBe('+3 more: t5; t6; t7')
  })

  it('cuts the goal to its first three sentences and renders the seed JSON keys', () => {
    const payload = buildJudgePayload({
      goal: 'One. Two? Three! Four.',
      intentId: 'REPO_ORIENTATION',
      draft: 'x',
      constraints: ['short'],
    })
    expect(payload.goal).toBe('One. Two? Three!')
    expect(JSON.parse(toJudgePayloadJson(payload))).toEqual({
      goal: 'One. Two? Three!',
      intent_id: 'REPO_ORIENTATION',
      constraints: ['short'],
      tool_trace_summary: '',
      draft_answer: 'x',
    })
  })

  it('joins evidence sources, bounds them, and shows prompts only their first 1,200 characters', () => {
    const payload = buildJudgePayload({
      goal: 'Refund?',
      intentId: 'GENERAL',
      draft: 'd',
      evidence: ['{"amount":"20.00"}', '  ', 'Template: refunds take 5-7 days.'],
    })
    expect(payload.evidence).toBe('{"amount":"20.00"}\nTemplate: refunds take 5-7 days.')
    const long = buildJudgePayload({
      goal: 'Refund?',
      intentId: 'GENERAL',
      draft: 'd',
      evidence: 'word '.repeat(2_000),
      maxEvidenceChars: 3_000,
    })
    expect(long.evidence!.length).toBeLessThan(3_050)
    expect(long.evidence).toMatch(/\[…\d+ more chars\]$/)
    const shown = (JSON.parse(toJudgePayloadJson(long)) as { evidence: string }).evidence
    expect(shown.length).toBeLessThan(1_250)
    expect(shown).toMatch(/^word word/)
  })

  it('rejects an empty goal with a located invalid-argument error', () => {
    const error = (() => {
      try {
        buildJudgePayload({ goal: ' ', intentId: 'X', draft: '' })
      } catch (caught) {
        return caught
      }
    })()
    expect(FocalError.isInstance(error) && error.code).toBe('invalid-argument')
    expect(FocalError.isInstance(error) && error.issues[0]?.path).toBe('goal')
  })
})
