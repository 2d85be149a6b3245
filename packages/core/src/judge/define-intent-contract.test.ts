import { describe, expect, it } from 'vitest'
import { FocalError } from '../errors/index.ts'
import { buildJudgePayload } from './build-judge-payload.ts'
import { defineIntentContract } from './define-intent-contract.ts'
import { judgeAlignmentHeuristically } from './judge-alignment-heuristically.ts'

describe('defineIntentContract', () => {
  const contract = defineIntentContract({
    elements: [
      { id: 'amount', label: 'Refund amount', keywords: ['$', 'refund of'] },
      { id: 'eta', label: 'When the money arrives', keywords: ['business days', 'arrive'] },
      { id: 'order', label: 'Order id', keywords: ['order'] },
    ],
  })

  it('lets a definition declare required elements for its own intents, matched as whole words', () => {
    const judge = (draft: string) =>
      judgeAlignmentHeuristically(
        buildJudgePayload({ goal: 'Refund my order', intentId: 'REFUND_DECISION', draft }),
        {
          intentContracts: { REFUND_DECISION: contract },
        },
      )
    const complete = judge('Your refund of $40 for order 1234 will arrive in 5 business days.')
    expect(complete.missingRequirements).toEqual([])
    const partial = judge('We looked into the reorder request and approved it today for you.')
    expect(partial.missingRequirements).toEqual(['Refund amount', 'When the money arrives', 'Order id'])
  })

  it('escapes regex characters in keywords and rejects an element without keywords', () => {
    expect(contract.elements[0]?.cues.test('costs $5')).toBe(true)
    expect(contract.elements[0]?.cues.test('costs 5 dollars')).toBe(false)
    expect(() => defineIntentContract({ elements: [{ id: 'x', label: 'X', keywords: [' '] }] })).toThrow(
      FocalError,
    )
  })
})
