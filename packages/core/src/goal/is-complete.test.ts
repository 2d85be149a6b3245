import { describe, expect, it } from 'vitest'
import { isComplete } from './is-complete.ts'
import type { GoalEvidenceClass } from './strategy-types.ts'
import type { Goal } from './types.ts'

const architecture: Goal = {
  intent: 'explain',
  entity: 'architecture',
  artifact: 'overview',
  scope: 'global',
}

describe('isComplete', () => {
  it('is complete only when every needed evidence class is in the store', () => {
    expect(isComplete(architecture, new Set<GoalEvidenceClass>(['discovery']))).toBe(false)
    expect(isComplete(architecture, new Set<GoalEvidenceClass>(['discovery', 'file-content']))).toBe(true)
  })

  it('accepts any store with a has() method', () => {
    expect(isComplete(architecture, { has: () => true })).toBe(true)
  })
})
