import { describe, expect, it } from 'vitest'
import { classifyGuardrailTier } from './classify-guardrail-tier.ts'

describe('classifyGuardrailTier', () => {
  it('returns the tier alone, as before', () => {
    expect(classifyGuardrailTier('Never force push to main')).toBe('hard-safety')
    expect(classifyGuardrailTier('Run the test suite before committing')).toBe('process')
    expect(classifyGuardrailTier('Keep a positive tone')).toBe('style')
  })
})
