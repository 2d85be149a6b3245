import { describe, expect, it } from 'vitest'
import { FocalError } from '../errors/focal-error.ts'
import { contradictionAttacks } from './fixtures/reformulation-attacks.ts'
import type { ReformulationEvidence } from './types.ts'
import { type ValidateReformulationOptions, validateReformulation } from './validate-reformulation.ts'

const now = Date.UTC(2026, 10, 21, 12)
const evidence = (text: string, id = 'evidence-1'): ReformulationEvidence[] => [{ id, text }]
const validate = (options: Omit<ValidateReformulationOptions, 'now'>) =>
  validateReformulation({ now, ...options })
const check = (result: Awaited<ReturnType<typeof validate>>, criterion: string) =>
  result.checks.find((entry) => entry.criterion === criterion)!

describe('validateReformulation', () => {
  describe("seed 000's examples", () => {
    it('allows the crypto narrowing as scope narrowing with every criterion passing', async () => {
      const result = await validate({
        original: 'What happened in crypto markets today?',
        candidate: 'What happened in top 5 cryptocurrency markets in the past 24 hours?',
        confidence: 0.92,
        evidence: evidence('Market availability data shows only top 5 have reliable feeds'),
      })
      expect(result).toMatchObject({ allowed: true, type: 'scope-narrowing', codes: [] })
      expect(result.code).toBeUndefined()
      expect(result.checks.map((entry) => [entry.criterion, entry.passed])).toEqual([
        ['intent-preservation', true],
        ['confidence', true],
        ['scope-reduction', true],
        ['evidence-support', true],
        ['reversibility', true],
      ])
      expect(check(result, 'intent-preservation').measured).toBeGreaterThanOrEqual(0.95)
    })

    it('reads a request verb written as a noun (shows, drafts, writs) as new content, and the verb itself as none', async () => {
      for (const noun of ['shows', 'drafts', 'writs', 'finds']) {
        const result = await validate({
          original: 'Find cheap flights to Paris under $500',
          candidate: `Find cheap flights to Paris under $500 and ${noun}`,
          confidence: 0.99,
          evidence: evidence(`cheap flights to Paris under $500 and ${noun}`),
        })
        expect(result.allowed, noun).toBe(false)
        expect(result.codes, noun).toContain('DTL-STRAT-010')
      }
      // The same verbs as requests carry no concept: a paraphrase stays allowed.
      const paraphrase = await validate({
        original: 'Summarize Apple earnings',
        candidate: 'Write a summary of Apple earnings',
        confidence: 0.95,
        evidence: evidence('Apple reported quarterly earnings'),
      })
      expect(paraphrase.allowed).toBe(true)
    })

    it('rejects Apple → Apple and Google as scope expansion with DTL-STRAT-007 first, as the seed reports', async () => {
      const result = await validate({
        original: 'Summarize Apple earnings',
        candidate: 'Summarize Apple and Google earnings',
        confidence: 0.88,
        evidence: evidence('Apple and Google both reported quarterly earnings this week'),
      })
      expect(result).toMatchObject({ allowed: false, type: 'scope-expansion', code: 'DTL-STRAT-007' })
      expect(result.codes).toEqual(['DTL-STRAT-007', 'DTL-STRAT-010'])
      expect(result.findings).toContainEqual(
        expect.objectContaining({ kind: 'new-conjunct', term: 'Google' }),
      )
    })

    it('reports the same expansion as DTL-STRAT-010 once confidence is high enough', async () => {
      const result = await validate({
        original: 'Summarize Apple earnings',
        candidate: 'Summarize Apple and Google earnings',
        confidence: 0.97,
        evidence: evidence('Apple and Google both reported quarterly earnings this week'),
      })
      expect(result).toMatchObject({
        allowed: false,
        type: 'scope-expansion',
        code: 'DTL-STRAT-010',
        codes: ['DTL-STRAT-010'],
      })
    })

    it('rejects the New York weather assumption without evidence as DTL-STRAT-009', async () => {
      const result = await validate({
        original: 'What is the weather forecast?',
        candidate: 'Weather in New York for next week',
        confidence: 0.95,
        evidence: [],
      })
      expect(result).toMatchObject({ allowed: false, type: 'assumption-injection', code: 'DTL-STRAT-009' })
      expect(check(result, 'evidence-support')).toMatchObject({ passed: false, measured: 0, threshold: 1 })
    })

    it('rejects the New York assumption when the cited evidence does not mention the place', async () => {
      const result = await validate({
        original: 'What is the weather forecast?',
        candidate: 'Weather in New York for next week',
        confidence: 0.95,
        evidence: evidence('Forecast models are refreshed every six hours'),
      })
      expect(result).toMatchObject({
        allowed: false,
        type: 'assumption-injection',
        code: 'DTL-STRAT-009',
        codes: ['DTL-STRAT-009'],
      })
      expect(result.findings).toContainEqual(
        expect.objectContaining({ kind: 'ungrounded-specific', term: 'New York', entity: 'location' }),
      )
    })

    it('allows the same candidate when the user-visible evidence names the place and the week', async () => {
      const result = await validate({
        original: 'What is the weather forecast?',
        candidate: 'Weather in New York for next week',
        confidence: 0.95,
        evidence: evidence('User profile: lives in New York; asked about plans for next week'),
      })
      expect(result).toMatchObject({ allowed: true, type: 'constraint-addition' })
    })
  })

  describe("the seed's allowed reformulation types", () => {
    const cases: Array<[string, string, string, string]> = [
      ['latest news', 'news from past 24 hours', 'clarification', 'feed timestamps'],
      ['all markets', 'top 10 markets by volume', 'scope-narrowing', 'only ten markets report volume'],
      [
        'earnings report',
        'Q4 2024 earnings',
        'constraint-addition',
        'The Q4 2024 earnings release is the latest filing',
      ],
      ['summary', 'bullet-point summary', 'format-specification', 'the user reads on a phone'],
    ]
    for (const [original, candidate, type, text] of cases) {
      it(`classifies "${original}" → "${candidate}" as allowed ${type}`, async () => {
        const result = await validate({ original, candidate, confidence: 0.93, evidence: evidence(text) })
        expect(result).toMatchObject({ allowed: true, type })
      })
    }
  })

  describe('a fuller name of a name the original asks for narrows it', () => {
    it('allows "from Alice" → "from Alice Smith" when the evidence names her, and only then', async () => {
      for (const [original, candidate, text] of [
        [
          'Find emails from Alice',
          'Find emails from Alice Smith',
          'The only Alice in the contacts is Alice Smith',
        ],
        ['Summarize the report from Lee', 'Summarize the report from Ann Lee', 'Ann Lee wrote the report'],
      ] as const) {
        const grounded = await validate({ original, candidate, confidence: 0.95, evidence: evidence(text) })
        expect(grounded).toMatchObject({ allowed: true, type: 'scope-narrowing' })
        // The rest of the name is an assumption like any other specific: no evidence, no narrowing.
        const assumed = await validate({ original, candidate, confidence: 0.95, evidence: [] })
        expect(assumed).toMatchObject({ allowed: false, code: 'DTL-STRAT-009' })
      }
    })

    it('is no carried name when it changes role, is another name, or is left out', async () => {
      for (const [original, candidate] of [
        ['Find emails from Alice', 'Find emails to Alice Smith'],
        ['Find emails from Alice', 'Find emails from Bob Alison'],
        // Leaving out only Alice Smith leaves out less than every Alice: wider, not narrower.
        ['Find emails not from Alice', 'Find emails not from Alice Smith'],
      ] as const) {
        const result = await validate({
          original,
          candidate,
          confidence: 0.95,
          evidence: evidence(candidate),
        })
        expect({ candidate, ...result }).toMatchObject({ candidate, allowed: false, code: 'DTL-STRAT-008' })
      }
    })
  })

  describe('abort codes', () => {
    const base = {
      original: 'What happened in crypto markets today?',
      candidate: 'What happened in top 5 cryptocurrency markets in the past 24 hours?',
      evidence: evidence('Only the top 5 markets have reliable feeds'),
    }

    it('DTL-STRAT-007 when confidence is below 0.9, even by a hair; 0.9 itself passes', async () => {
      expect(await validate({ ...base, confidence: 0.8999 })).toMatchObject({
        allowed: false,
        code: 'DTL-STRAT-007',
        codes: ['DTL-STRAT-007'],
      })
      expect(await validate({ ...base, confidence: 0.9 })).toMatchObject({ allowed: true })
    })

    it('DTL-STRAT-008 when the candidate changes the topic', async () => {
      const result = await validate({
        ...base,
        candidate: 'What happened in stock markets today?',
        confidence: 0.95,
        evidence: evidence('stock markets'),
      })
      expect(result).toMatchObject({ allowed: false, type: 'topic-change', code: 'DTL-STRAT-008' })
      expect(check(result, 'intent-preservation').measured).toBeLessThan(0.95)
    })

    it('DTL-STRAT-009 when no evidence is cited, even for an otherwise valid narrowing', async () => {
      // Nothing here needs grounding (bitcoin is a narrower term of crypto): only the count fails.
      const narrower = 'What happened in bitcoin markets in the past 24 hours?'
      const result = await validate({ ...base, candidate: narrower, confidence: 0.95, evidence: [] })
      expect(result).toMatchObject({
        allowed: false,
        type: 'scope-narrowing',
        code: 'DTL-STRAT-009',
        codes: ['DTL-STRAT-009'],
      })
      // Without evidence "top 5" is itself an assumption.
      expect(await validate({ ...base, confidence: 0.95, evidence: [] })).toMatchObject({
        allowed: false,
        type: 'assumption-injection',
        code: 'DTL-STRAT-009',
      })
    })

    it('DTL-STRAT-010 when the scope expands', async () => {
      const result = await validate({
        ...base,
        candidate: 'What happened in crypto markets this month?',
        confidence: 0.95,
      })
      expect(result).toMatchObject({ allowed: false, type: 'scope-expansion', code: 'DTL-STRAT-010' })
    })

    it('uses a pluggable similarity in place of concept coverage', async () => {
      const low = await validate({ ...base, confidence: 0.95, similarity: () => 0.5 })
      expect(low).toMatchObject({ allowed: false, code: 'DTL-STRAT-008' })
      expect(check(low, 'intent-preservation').measured).toBe(0.5)
      const high = await validate({ ...base, confidence: 0.95, similarity: async () => 0.99 })
      expect(high.allowed).toBe(true)
    })
  })

  describe('new limits, rankings and exclusions need the evidence (assumption injection)', () => {
    const feeds = 'Market availability data shows which markets have reliable feeds'
    const injected: Array<[string, string, string, string]> = [
      // [original, candidate, evidence, the specific the rejection must name]
      ['all markets', 'top 10 markets', feeds, 'top 10'],
      ['all markets', 'top 5 markets', feeds, 'top 5'],
      ['all markets', '10 markets', feeds, '10 markets'],
      ['all markets', 'the first 3 markets', feeds, 'first 3'],
      ['all markets', 'the top ten markets', feeds, 'top ten'],
      ['all markets', 'top 10 markets by volume', 'top 10 markets by price', 'volume'],
      ['all markets', 'top 10 markets by volume', `${feeds}, top 10 listed`, 'volume'],
      ['all markets', 'the biggest markets', feeds, 'biggest'],
      ['all markets', 'the 3 largest markets', 'the 3 markets with feeds', 'largest'],
      ['all markets', 'markets except Binance', feeds, 'Binance'],
      ['all markets', 'markets excluding crypto', feeds, 'crypto'],
      ['Top 10 crypto markets', 'Top 3 crypto markets', 'crypto markets with reliable feeds', 'top 3'],
      [
        'what happened in crypto markets today',
        'what happened in the top 5 crypto markets today',
        'Exchange status: feeds are up',
        'top 5',
      ],
      [
        'summarize the earnings report',
        'summarize the earnings report, only the first three pages',
        'The earnings report was released',
        'first three',
      ],
    ]
    for (const [original, candidate, text, specific] of injected) {
      it(`rejects "${original}" → "${candidate}" when the evidence lacks "${specific}"`, async () => {
        const result = await validate({ original, candidate, confidence: 0.95, evidence: evidence(text) })
        expect(result).toMatchObject({ allowed: false, type: 'assumption-injection', code: 'DTL-STRAT-009' })
        expect(result.codes).toEqual(['DTL-STRAT-009'])
        const finding = result.findings.find((entry) => entry.kind === 'ungrounded-specific')
        expect(finding?.term).toBe(specific)
        expect(check(result, 'evidence-support').details.join(' ')).toContain(`"${specific}"`)
      })
    }

    const grounded: Array<[string, string, string]> = [
      ['all markets', 'top 10 markets', 'Only the top 10 markets have reliable feeds'],
      ['all markets', 'top 10 markets', 'Only ten markets have reliable feeds'],
      ['all markets', 'the top ten markets', 'Only the top 10 markets have reliable feeds'],
      ['all markets', 'top twenty one markets', '21 markets have reliable feeds'],
      ['all markets', '10 markets', 'feeds exist for 10 markets'],
      ['all markets', 'the first 3 markets', 'the first 3 markets have feeds'],
      ['all markets', 'top 10 markets by volume', 'only ten markets report volume'],
      ['all markets', 'top 10 markets by trading volume', 'only ten markets report volume'],
      ['all markets', 'the biggest markets', 'feeds exist for the biggest markets only'],
      ['all markets', 'markets except Binance', 'Binance feed is down'],
      ['Top 10 crypto markets', 'Top 3 crypto markets', 'only 3 crypto markets have reliable feeds'],
      ['Top 10 crypto markets', 'Top ten crypto markets by volume', 'volume is reported for every feed'],
      // Singular and plural ground each other: `rating` / `ratings` by their one stem, `ranking` /
      // `rankings` (one suffix stripped: `rank`, `ranking`) by their words.
      ['restaurants in Rome', 'top 10 restaurants in Rome by rating', 'ratings exist for 10 restaurants'],
      ['restaurants in Rome', 'top 10 restaurants in Rome by ranking', 'rankings exist for 10 restaurants'],
      [
        'summarize the earnings report',
        'summarize the earnings report, only the first three pages',
        'Only the first 3 pages of the earnings report were released',
      ],
    ]
    for (const [original, candidate, text] of grounded) {
      it(`allows "${original}" → "${candidate}" when the evidence says "${text}"`, async () => {
        const result = await validate({ original, candidate, confidence: 0.95, evidence: evidence(text) })
        expect(result.codes).toEqual([])
        expect(result).toMatchObject({ allowed: true, type: 'scope-narrowing' })
      })
    }
  })

  // Session 65's review: each of these kept every word of the original, so it was activated with
  // 100% intent preservation and no findings.
  describe('a candidate that says the original the other way round is a topic change', () => {
    // Each contradiction of the attack matrix (fixtures/reformulation-attacks.ts) is named by a
    // `contradiction` finding, not only rejected.
    for (const attack of contradictionAttacks) {
      it(`finds the contradiction of "${attack.original}" → "${attack.candidate}"`, async () => {
        const result = await validate({
          original: attack.original,
          candidate: attack.candidate,
          confidence: 0.95,
          evidence: evidence(attack.evidence),
        })
        expect(result).toMatchObject({ allowed: false, type: 'topic-change', code: 'DTL-STRAT-008' })
        expect(result.findings.some((finding) => finding.kind === 'contradiction')).toBe(true)
      })
    }

    it('names what was contradicted in the intent check', async () => {
      const result = await validate({
        original: 'Find flights from London to Paris',
        candidate: 'Find flights from Paris to London',
        confidence: 0.95,
        evidence: evidence('flights from Paris to London'),
      })
      expect(check(result, 'intent-preservation').details).toEqual(
        expect.arrayContaining([
          '"London" is the source in the original, the destination in the candidate',
          '"Paris" is the destination in the original, the source in the candidate',
        ]),
      )
      const opposite = await validate({
        original: 'List the largest files',
        candidate: 'List the smallest files',
        confidence: 0.95,
        evidence: evidence('smallest files'),
      })
      expect(opposite.findings).toContainEqual({
        kind: 'contradiction',
        term: 'smallest',
        message: '"smallest" asks the opposite of "largest" of the original',
      })
    })

    it('fails intent preservation even when a pluggable similarity scores the swap as the same goal', async () => {
      const result = await validate({
        original: 'Find flights from London to Paris',
        candidate: 'Find flights from Paris to London',
        confidence: 0.95,
        evidence: evidence('flights from Paris to London'),
        similarity: () => 0.99,
      })
      expect(result).toMatchObject({ allowed: false, type: 'topic-change', code: 'DTL-STRAT-008' })
    })
  })

  describe('operator constraints', () => {
    it('rejects a candidate that drops an original constraint as constraint removal', async () => {
      const result = await validate({
        original: 'Find flights to Paris',
        originalConstraints: ['under $500', 'no layovers'],
        candidate: 'Find flights to Paris under $500',
        confidence: 0.95,
        evidence: evidence('fares listed'),
      })
      expect(result).toMatchObject({ allowed: false, type: 'constraint-removal', code: 'DTL-STRAT-010' })
      expect(result.findings).toContainEqual(
        expect.objectContaining({ kind: 'dropped-constraint', term: 'no layovers' }),
      )
    })

    it('allows a candidate that keeps or tightens every constraint', async () => {
      const result = await validate({
        original: 'Find flights to Paris',
        originalConstraints: ['under $500'],
        candidate: 'Find direct flights to Paris under $400',
        confidence: 0.95,
        evidence: evidence('Direct flights to Paris under $400 are available'),
      })
      expect(result).toMatchObject({ allowed: true })
    })
  })

  it('accepts evidence as plain text, and counts id-only evidence without grounding anything in it', async () => {
    const narrowing = {
      original: 'What happened in crypto markets today?',
      candidate: 'What happened in top 5 cryptocurrency markets in the past 24 hours?',
      confidence: 0.92,
    }
    expect((await validate({ ...narrowing, evidence: ['only top 5 have reliable feeds'] })).allowed).toBe(
      true,
    )
    // An id-only item counts, but grounds nothing: "top 5" needs a text that says 5.
    expect(await validate({ ...narrowing, evidence: [{ id: 'feeds' }] })).toMatchObject({
      allowed: false,
      code: 'DTL-STRAT-009',
    })
    const narrower = { ...narrowing, candidate: 'What happened in bitcoin markets in the past 24 hours?' }
    expect((await validate({ ...narrower, evidence: [{ id: 'feeds' }] })).allowed).toBe(true)
    const assumption = await validate({
      original: 'What is the weather forecast?',
      candidate: 'Weather in New York for next week',
      confidence: 0.95,
      evidence: [{ id: 'new-york-next-week' }],
    })
    expect(assumption).toMatchObject({ allowed: false, code: 'DTL-STRAT-009' })
  })

  it('rejects misuse (empty goals, confidence outside 0..1) with a located invalid-argument error', async () => {
    const error = await validateReformulation({
      original: ' ',
      candidate: 'x',
      confidence: 1.5,
      evidence: [],
    }).catch((caught: unknown) => caught)
    expect(FocalError.isInstance(error) && error.code).toBe('invalid-argument')
    expect((error as FocalError).issues.map((issue) => issue.path).sort()).toEqual(['confidence', 'original'])
  })
})
