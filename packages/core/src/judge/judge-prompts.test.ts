import { describe, expect, it } from 'vitest'
import { buildJudgePayload } from './build-judge-payload.ts'
import { judgePromptA, judgePromptB, judgePromptLite, renderJudgePrompt } from './judge-prompts.ts'

const payload = buildJudgePayload({
  goal: 'Draw the login flow.',
  intentId: 'SYSTEM_CONTROL_FLOW',
  draft: 'Draft mentioning {{GOAL}} literally',
  toolTrace: 'read_file auth.ts',
  constraints: ['no code'],
})

describe('renderJudgePrompt', () => {
  it('fills every placeholder of every variant', () => {
    for (const variant of ['A', 'B', 'lite'] as const) {
      const prompt = renderJudgePrompt({ payload, variant })
      expect(prompt).not.toMatch(/\{\{[A-Z_]+\}\}(?! literally)/)
      expect(prompt).toContain('SYSTEM_CONTROL_FLOW')
      expect(prompt).toContain('"goal_coverage"')
    }
    expect(renderJudgePrompt({ payload, variant: 'A' })).toContain('"tool_trace_summary":"read_file auth.ts"')
    expect(renderJudgePrompt({ payload, variant: 'B' })).toContain(
      'TOOL_TRACE_SUMMARY: <<<read_file auth.ts>>>',
    )
  })

  it('shows the evidence (its first 1,200 characters) to every variant, and says what UNSUPPORTED_SPECIFICS means', () => {
    const withEvidence = buildJudgePayload({
      goal: 'Is the deploy healthy?',
      intentId: 'GENERAL',
      draft: 'Checks passed at 10:02.',
      evidence: `checks passed 10:02 ${'x'.repeat(3_000)}`,
    })
    expect(renderJudgePrompt({ payload: withEvidence, variant: 'A' })).toContain(
      '"evidence":"checks passed 10:02 x',
    )
    for (const variant of ['B', 'lite'] as const) {
      const prompt = renderJudgePrompt({ payload: withEvidence, variant })
      const shown = /EVIDENCE: <<<([^>]*)>>>/.exec(prompt)?.[1] ?? ''
      expect(shown.startsWith('checks passed 10:02')).toBe(true)
      expect(shown.length).toBeLessThan(1_250)
    }
    expect(renderJudgePrompt({ payload, variant: 'lite' })).not.toContain('EVIDENCE:')
    expect(renderJudgePrompt({ payload, variant: 'A' })).toContain('UNSUPPORTED_SPECIFICS: the draft states')
  })

  it('does not re-expand placeholders that appear inside the draft', () => {
    expect(renderJudgePrompt({ payload, variant: 'lite' })).toContain('Draft mentioning {{GOAL}} literally')
  })

  it('lists custom reason codes as allowed, and hard ones as hard-fail', () => {
    const prompt = renderJudgePrompt({
      payload,
      customReasonCodes: [
        { code: 'MISSING_ORDER_ID', description: 'no order id' },
        { code: 'REFUND_POLICY_VIOLATION', severity: 'hard' },
      ],
    })
    expect(prompt).toMatch(/Allowed reason_codes:\n.*MISSING_ORDER_ID/)
    expect(prompt).toMatch(/must set verdict="FAIL"\):\n.*REFUND_POLICY_VIOLATION/)
    expect(prompt).toContain('- MISSING_ORDER_ID (soft): no order id')
  })

  it('keeps the seed prompt texts as exported templates', () => {
    expect(judgePromptA).toContain('You are the Final Alignment Judge.')
    expect(judgePromptB).toContain('Role: Final Alignment Judge (verification only).')
    expect(judgePromptLite).toContain('Be strict about abstraction level and requested artifact.')
  })

  it('states the strictness level to the model', () => {
    expect(renderJudgePrompt({ payload, strictness: 'high' })).toContain(
      'Strictness: high. Be strict: fail on any ambiguity',
    )
    expect(renderJudgePrompt({ payload, variant: 'lite' })).toContain('Strictness: medium.')
  })
})
