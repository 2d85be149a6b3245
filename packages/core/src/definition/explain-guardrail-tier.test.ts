import { describe, expect, it } from 'vitest'
import type { DefinitionRuleTier } from './definition-schema.ts'
import { explainGuardrailTier } from './explain-guardrail-tier.ts'
import {
  type GuardrailTierExample,
  guardrailTierHeldOut,
  guardrailTierTuning,
} from './fixtures/guardrail-tiers.ts'

function accuracy(examples: readonly GuardrailTierExample[]): number {
  const right = examples.filter((example) => explainGuardrailTier(example.text).tier === example.tier)
  return right.length / examples.length
}

describe('explainGuardrailTier', () => {
  it('calls a destructive command on production hard-safety and names the cues that decided', () => {
    expect(explainGuardrailTier('Never run rm -rf on production')).toEqual({
      tier: 'hard-safety',
      confidence: 0.89,
      cues: ['rm rf', 'production'],
    })
  })

  it('tells the three seed 004 §1 examples apart', () => {
    const tiers = ['Never share payment info', 'Always verify identity first', 'Never be dismissive'].map(
      (text) => explainGuardrailTier(text).tier,
    )
    expect(tiers).toEqual<DefinitionRuleTier[]>(['hard-safety', 'process', 'style'])
  })

  it('lets an approval path outweigh the money it guards, and breaks ties toward the safer tier', () => {
    expect(explainGuardrailTier('Wire transfers above $5,000 require two approvals')).toMatchObject({
      tier: 'process',
      cues: ['approval', 'require'],
    })
    expect(explainGuardrailTier('Do not transfer more than $10,000 in one day').tier).toBe('hard-safety')
    // "log" (process) and "database" (hard-safety) weigh the same.
    expect(explainGuardrailTier('Log each database change')).toMatchObject({
      tier: 'hard-safety',
      cues: ['database'],
    })
  })

  it('makes an uncued prohibition process and any other uncued text style, at confidence 0', () => {
    expect(explainGuardrailTier('Never push to main')).toEqual({
      tier: 'process',
      confidence: 0,
      cues: ['never'],
    })
    expect(explainGuardrailTier('Be honest about delays')).toEqual({ tier: 'style', confidence: 0, cues: [] })
  })

  it('reaches 0.9 on the held-out guardrails and never calls a hard-safety guardrail style', () => {
    const measured = accuracy(guardrailTierHeldOut)
    console.info(
      `guardrail tiers: held-out ${(measured * 100).toFixed(1)}% of ${guardrailTierHeldOut.length}, ` +
        `tuning ${(accuracy(guardrailTierTuning) * 100).toFixed(1)}% of ${guardrailTierTuning.length}`,
    )
    expect(measured).toBeGreaterThanOrEqual(0.9)
    const softened = [...guardrailTierTuning, ...guardrailTierHeldOut].filter(
      (example) => example.tier === 'hard-safety' && explainGuardrailTier(example.text).tier === 'style',
    )
    expect(softened.map((example) => example.text)).toEqual([])
  })
})
