import { describe, expect, it } from 'vitest'
import { defineLanguageModel } from './define-language-model.ts'
import { resolveModel } from './model-roles.ts'

const named = (modelId: string) =>
  defineLanguageModel({
    modelId,
    complete: async () => ({ text: '', usage: { inputTokens: 0, outputTokens: 0 } }),
  })

describe('resolveModel', () => {
  it('picks the per-use override, then the default, then nothing', () => {
    const big = named('big')
    const small = named('small')
    expect(resolveModel({ default: big, judge: small }, 'judge')?.modelId).toBe('small')
    expect(resolveModel({ default: big, judge: small }, 'generation')?.modelId).toBe('big')
    expect(resolveModel({ compiler: small }, 'sensor')).toBeUndefined()
    expect(resolveModel(undefined, 'judge')).toBeUndefined()
  })

  it('uses a single model for every use', () => {
    expect(resolveModel(named('only'), 'compiler')?.modelId).toBe('only')
  })
})
