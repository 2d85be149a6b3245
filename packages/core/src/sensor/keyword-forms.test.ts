import { describe, expect, it } from 'vitest'
import { countKeywordHits, hasKeyword, keywordForms, keywordMatcher } from './keyword-forms.ts'

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

  it('finds a form on word boundaries only, and a phrase as written', () => {
    const arrive = keywordMatcher('arrive')
    expect(hasKeyword(' when does it arrive ', arrive)).toBe(true)
    expect(hasKeyword(' when it arrives ', arrive)).toBe(true)
    expect(hasKeyword(' it arrived broken ', arrive)).toBe(false)
    expect(hasKeyword(' arrivederci ', arrive)).toBe(false)
    const moneyBack = keywordMatcher('money back')
    expect(hasKeyword(' i want my money back please ', moneyBack)).toBe(true)
    expect(hasKeyword(' money backs ', moneyBack)).toBe(false)
  })
})

describe('countKeywordHits', () => {
  const phrases = [
    ['refund'].map(keywordMatcher),
    ['refund status', 'where is my refund'].map(keywordMatcher),
    ['status', 'where is'].map(keywordMatcher),
  ]
  const hits = (text: string) => {
    const into = new Float64Array(phrases.length)
    countKeywordHits(` ${text} `, phrases, into)
    return [...into]
  }

  it("gives a longer keyword's words to its intent alone", () => {
    expect(hits('refund status please')).toEqual([0, 1, 0])
    expect(hits('where is my refund')).toEqual([0, 1, 0])
  })

  it('counts keywords that stand apart, or one intent inside its own longer keyword', () => {
    expect(hits('a refund and the order status')).toEqual([1, 0, 1])
    expect(hits('where is the status')).toEqual([0, 0, 2])
  })
})
