import { describe, expect, it } from 'vitest'
import { defineLanguageModel } from './define-language-model.ts'
import { createModelRoles, resolveModel } from './model-roles.ts'

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

describe('createModelRoles', () => {
  it('creates each distinct model id once and maps every use to it', () => {
    const created: string[] = []
    const roles = createModelRoles({
      ids: { default: 'big', judge: 'small', compiler: 'small' },
      provide: (modelId) => {
        created.push(modelId)
        return named(modelId)
      },
    })
    expect(created).toEqual(['big', 'small'])
    expect(resolveModel(roles, 'compiler')).toBe(resolveModel(roles, 'judge'))
    expect(resolveModel(roles, 'sensor')?.modelId).toBe('big')
  })
})
