import { describe, expect, it } from 'vitest'
import { assertSafePattern } from '../enforcement/assert-safe-pattern.ts'
import { buildJudgePayload } from './build-judge-payload.ts'
import { clausePatterns } from './claim-clauses.ts'
import { claimPatterns, findUnsupportedClaims } from './find-unsupported-claims.ts'
import { type ClaimFixture, claimFixtures } from './fixtures/claim-fixtures.ts'
import { heldOutClaimFixtures } from './fixtures/held-out-claim-fixtures.ts'
import { knownFactPatterns } from './index-known-facts.ts'
import { judgeAlignmentHeuristically } from './judge-alignment-heuristically.ts'

const texts = (options: Parameters<typeof findUnsupportedClaims>[0]) =>
  findUnsupportedClaims(options).unsupported.map((claim) => claim.text)

/** Recall over drafts with unsupported claims (every labelled claim named), false alarms over the rest. */
function measure(fixtures: readonly ClaimFixture[]) {
  const misses: string[] = []
  const falseAlarms: string[] = []
  for (const fixture of fixtures) {
    const result = judgeAlignmentHeuristically(
      buildJudgePayload({
        goal: fixture.goal,
        intentId: fixture.intentId ?? 'GENERAL',
        draft: fixture.draft,
        toolTrace: fixture.toolTrace ?? '',
        ...(fixture.evidence === undefined ? {} : { evidence: fixture.evidence }),
      }),
    )
    const flagged = result.reasonCodes.includes('UNSUPPORTED_SPECIFICS')
    const named = (result.observations?.unsupportedClaims ?? []).map((claim) => claim.text.toLowerCase())
    if (fixture.unsupported.length === 0) {
      if (flagged) falseAlarms.push(`${fixture.name}: ${result.evidenceIssues.join('; ')}`)
    } else {
      const missed = fixture.unsupported.filter(
        (claim) => !named.some((text) => text.includes(claim.toLowerCase())),
      )
      if (!flagged || missed.length > 0) misses.push(`${fixture.name}: missed ${missed.join(', ')}`)
    }
  }
  const positives = fixtures.filter((fixture) => fixture.unsupported.length > 0).length
  const negatives = fixtures.length - positives
  return {
    recall: (positives - misses.length) / positives,
    falseAlarmRate: falseAlarms.length / negatives,
    positives,
    negatives,
    misses,
    falseAlarms,
  }
}

describe('findUnsupportedClaims', () => {
  it('flags times, percentages and statuses when no tool ran, in the order written', () => {
    expect(
      texts({
        goal: 'is the deploy healthy?',
        draft: 'All health checks passed at 10:02 and the error rate is 0.3%.',
      }),
    ).toEqual(['passed', '10:02', '0.3%'])
  })

  it('accepts the same claims when the evidence states them, compared by value', () => {
    expect(
      texts({
        goal: 'is the deploy healthy?',
        toolTrace: 'check_health: ok',
        evidence: 'checks passed at 10:02; error_rate 0.3',
        draft: 'All health checks passed at 10:02 and the error rate is 0.3%.',
      }),
    ).toEqual([])
    expect(
      texts({
        goal: 'Refund?',
        evidence: 'amount=50.00 at 15:00 on 2024-03-12',
        draft: 'You got $50 at 3pm on March 12.',
      }),
    ).toEqual([])
  })

  it('flags ids, money and names the evidence does not contain', () => {
    expect(
      texts({
        goal: 'Refund order NW-1001',
        evidence: '{"order":"NW-1001","refund":"RF-55012","amount":"20.00"}',
        draft: 'I refunded $25 for NW-1001 (reference RF-55013); Maria Lopez approved it.',
      }),
    ).toEqual(['$25', 'RF-55013', 'Maria Lopez'])
  })

  it('finds names in any script, and a capital only at a sentence start is not a name', () => {
    expect(
      texts({ goal: 'Who signed?', draft: 'Émile Zola signed it — the courier was Łukasz Nowak.' }),
    ).toEqual(['Zola', 'Łukasz Nowak'])
    expect(texts({ goal: 'Who signed?', draft: 'Someone signed it.\nNobody complained.' })).toEqual([])
  })

  it('ignores questions, hedges, conditions, quoted text, list markers, small counts and code', () => {
    expect(
      texts({
        goal: 'Did it pass?',
        draft: [
          'I can check whether the build passed at 10:02.',
          'Did the refund of $20 go through?',
          'If it failed, retry it.',
          'The banner said "Error 503 at 10:45".',
          '1. Open the page.',
          'Only 3 tables changed.',
          'Run `sleep(5000)` first.',
        ].join('\n'),
      }),
    ).toEqual([])
  })

  it('does not count a status the user stated, but does count one the user asked about', () => {
    expect(texts({ goal: 'My order was cancelled by mistake.', draft: 'I see it was cancelled.' })).toEqual(
      [],
    )
    expect(texts({ goal: 'Has my order shipped?', draft: 'Your order shipped.' })).toEqual(['shipped'])
  })

  it('runs only patterns that cannot backtrack catastrophically', () => {
    for (const pattern of [...clausePatterns, ...claimPatterns, ...knownFactPatterns])
      expect(() => assertSafePattern(pattern.source, { flags: pattern.flags })).not.toThrow()
  })

  it('stays linear on a 100 KB draft of numbers, ids and capitals', () => {
    const hostile = 'Acme Corp NW-1001 $1,000 10:02 3pm 0.3% 12/12 March 3 passed 1.2.3 '
      .repeat(1_500)
      .slice(0, 100_000)
    const started = performance.now()
    findUnsupportedClaims({ goal: 'x', draft: hostile, evidence: hostile.slice(0, 4_000) })
    findUnsupportedClaims({ goal: 'x', draft: '9'.repeat(100_000) })
    findUnsupportedClaims({ goal: 'x', draft: 'A'.repeat(100_000) })
    expect(performance.now() - started).toBeLessThan(1_000)
  })
})

describe('UNSUPPORTED_SPECIFICS on the labelled claim fixtures', () => {
  it('catches at least 95% of drafts with unsupported claims, with at most 5% false alarms', () => {
    const result = measure(claimFixtures)
    console.info(
      `claim fixtures: recall ${result.recall.toFixed(3)} (${result.positives} drafts), false alarms ${result.falseAlarmRate.toFixed(3)} (${result.negatives} drafts)`,
      result.misses,
      result.falseAlarms,
    )
    expect(result.positives).toBeGreaterThanOrEqual(30)
    expect(result.negatives).toBeGreaterThanOrEqual(30)
    expect(result.recall).toBeGreaterThanOrEqual(0.95)
    expect(result.falseAlarmRate).toBeLessThanOrEqual(0.05)
  })

  it('reports the held-out fixtures against a loose floor (never used for tuning)', () => {
    const result = measure(heldOutClaimFixtures)
    console.info(
      `held-out claim fixtures: recall ${result.recall.toFixed(3)} (${result.positives}), false alarms ${result.falseAlarmRate.toFixed(3)} (${result.negatives})`,
      result.misses,
      result.falseAlarms,
    )
    expect(result.recall).toBeGreaterThanOrEqual(0.7)
    expect(result.falseAlarmRate).toBeLessThanOrEqual(0.2)
  })
})
