import { describe, expect, it } from 'vitest'
import { keywordForms } from './keyword-forms.ts'

describe('keywordForms', () => {
  it('gives a one-word keyword its present and plural endings, not the past', () => {
    expect(keywordForms('arrive')).toEqual(['arrive', 'arrives', 'arriving'])
    expect(keywordForms('refund')).toEqual(['refund', 'refunds', 'refunding'])
    expect(keywordForms('reimbursement')).toContain('reimbursements')
    expect(keywordForms('fax')).toContain('faxes')
    expect(keywordForms('cancel')).toEqual(['cancel', 'cancels', 'canceling', 'cancelling'])
    expect(keywordForms('arrive')).not.toContain('arrived')
  })

  it('keeps a phrase, a word with digits or symbols, and an empty keyword as written', () => {
    expect(keywordForms('money back')).toEqual(['money back'])
    expect(keywordForms('how much')).toEqual(['how much'])
    expect(keywordForms('b2b')).toEqual(['b2b'])
    expect(keywordForms('')).toEqual([''])
  })
})
