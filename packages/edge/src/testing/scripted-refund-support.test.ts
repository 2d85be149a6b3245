import { describe, expect, it } from 'vitest'
import { expectDraftWithheld, type StreamChunk } from './scripted-refund-support.ts'

const draft = 'I have refunded you $75 for that order.'
const refusal = "I'm sorry, I can only issue refunds of up to $50."
const expected = { draft, never: /7|\$7/u, ruleId: 'refund-cap', refusal }
const deltas = (...texts: string[]): StreamChunk[] => texts.map((delta) => ({ type: 'text-delta', delta }))
const blocked: StreamChunk = {
  type: 'data-enforcement',
  data: { outcome: 'blocked', ruleIds: ['refund-cap'] },
}
const withheld: StreamChunk = {
  type: 'data-retraction',
  data: { code: 'draft-withheld', ruleIds: ['refund-cap'] },
}

describe('expectDraftWithheld', () => {
  it('accepts a stream that showed nothing of the draft: the refusal alone', () => {
    // The best outcome: no draft streamed, so no retraction, only the refusal (it was failed: every
    // delta, the refusal's too, was read as the draft's, and its "$50" matched `never`).
    expect(() => expectDraftWithheld([...deltas(refusal), blocked], expected)).not.toThrow()
  })

  it('accepts a draft withheld before its amount, then the refusal', () => {
    expect(() =>
      expectDraftWithheld(
        [...deltas('I have ', 'refunded you '), withheld, ...deltas(refusal), blocked],
        expected,
      ),
    ).not.toThrow()
  })

  it('fails a stream that showed the amount, or the refusal without the retraction of a shown draft', () => {
    expect(() =>
      expectDraftWithheld(
        [...deltas('I have refunded you $7'), withheld, ...deltas(refusal), blocked],
        expected,
      ),
    ).toThrow()
    expect(() => expectDraftWithheld([...deltas('I have ', refusal), blocked], expected)).toThrow()
    expect(() => expectDraftWithheld([...deltas(refusal)], expected)).toThrow()
  })
})
