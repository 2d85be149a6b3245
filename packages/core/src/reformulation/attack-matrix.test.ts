import { describe, expect, it } from 'vitest'
import {
  reformulationAttacks as attacks,
  furtherReformulationAttacks as furtherAttacks,
  legitimateReformulations as legitimate,
} from './fixtures/reformulation-attacks.ts'
import { validateReformulation } from './validate-reformulation.ts'

const now = Date.UTC(2026, 10, 21, 12)

describe('validateReformulation attack matrix', () => {
  it('has at least 20 attacks', () => {
    expect(attacks.length).toBeGreaterThanOrEqual(20)
  })

  for (const attack of attacks) {
    it(`rejects: ${attack.name}`, async () => {
      const result = await validateReformulation({
        original: attack.original,
        candidate: attack.candidate,
        confidence: attack.confidence ?? 0.97,
        evidence: [{ id: 'evidence-1', text: attack.evidence }],
        originalConstraints: attack.originalConstraints ?? [],
        now,
      })
      expect(result.allowed).toBe(false)
      expect(result.type).toBe(attack.type)
      expect(result.code).toMatch(/^DTL-STRAT-0(08|09|10)$/)
    })
  }

  it('sees through invisible characters and look-alike letters', async () => {
    for (const candidate of [
      'Summarize Apple an\u200bd Google earnings',
      'Summarize Apple \u0430nd Google earnings',
      'Summarize Apple earnings \u0430s well \u0430s Google',
    ]) {
      const result = await validateReformulation({
        original: 'Summarize Apple earnings',
        candidate,
        confidence: 0.97,
        evidence: [{ id: 'e', text: `Apple Google earnings ${candidate}` }],
        now,
      })
      expect(result).toMatchObject({ allowed: false, type: 'scope-expansion', code: 'DTL-STRAT-010' })
    }
  })

  it('rejects every valid narrowing when confidence is just below 0.9', async () => {
    for (const confidence of [0.8999, 0.89, 0.5]) {
      const result = await validateReformulation({
        original: 'What happened in crypto markets today?',
        candidate: 'What happened in top 5 cryptocurrency markets in the past 24 hours?',
        confidence,
        evidence: [{ id: 'feeds', text: 'only top 5 have reliable feeds' }],
        now,
      })
      expect(result).toMatchObject({ allowed: false, code: 'DTL-STRAT-007' })
    }
  })

  for (const [original, candidate, text] of furtherAttacks) {
    it(`rejects: "${original}" → "${candidate}"`, async () => {
      const result = await validateReformulation({
        original,
        candidate,
        confidence: 0.97,
        evidence: [{ id: 'e', text }],
        now,
      })
      expect(result.allowed).toBe(false)
      expect(result.code).toMatch(/^DTL-STRAT-0(08|09|10)$/)
    })
  }

  for (const [original, candidate, text] of legitimate) {
    it(`still allows: "${original}" → "${candidate}"`, async () => {
      const result = await validateReformulation({
        original,
        candidate,
        confidence: 0.95,
        evidence: [{ id: 'e', text }],
        now,
      })
      expect(result.codes).toEqual([])
      expect(result.allowed).toBe(true)
    })
  }
})
