import { describe, expect, it } from 'vitest'
import { FocalError } from '../errors/focal-error.ts'
import { buildProvenance } from './build-provenance.ts'
import { computeQueryHash } from './compute-query-hash.ts'
import { sha256Hex } from './sha256-hex.ts'

const clock = { now: () => Date.UTC(2026, 10, 21, 12, 0, 0) }

describe('computeQueryHash', () => {
  it('is the first 12 hex characters of the SHA-256 of the query', async () => {
    const hash = await computeQueryHash('What happened in crypto markets today?')
    expect(hash).toMatch(/^[0-9a-f]{12}$/)
    expect(hash).toBe((await sha256Hex('What happened in crypto markets today?')).slice(0, 12))
    expect(await computeQueryHash('abc')).toBe('ba7816bf8f01')
  })
})

describe('buildProvenance', () => {
  it('builds a normal-mode footer with a hashed query, the goal, evidence sources and a timestamp', async () => {
    const provenance = await buildProvenance({
      query: 'What happened in crypto markets today?',
      goal: {
        original: 'a',
        active: 'b',
        reformulation: { type: 'scope-narrowing', confidence: 0.92, evidenceIds: ['feeds'] },
      },
      evidence: [{ source: 'market-feed' }, { source: 'market-feed' }, { source: 'news-api' }],
      rules: [
        {
          id: 'no-advice',
          tier: 'hard-safety',
          scope: 'global',
          priority: 100,
          reason: 'global hard constraint',
        },
      ],
      gates: [{ name: 'final-alignment', status: 'PASS' }],
      clock,
    })
    expect(provenance).toEqual({
      mode: 'normal',
      queryHash: await computeQueryHash('What happened in crypto markets today?'),
      timestamp: '2026-11-21T12:00:00.000Z',
      goal: {
        original: 'a',
        active: 'b',
        reformulation: { type: 'scope-narrowing', confidence: 0.92, evidenceIds: ['feeds'] },
      },
      rules: [
        {
          id: 'no-advice',
          tier: 'hard-safety',
          scope: 'global',
          priority: 100,
          reason: 'global hard constraint',
        },
      ],
      tools: [],
      gates: [{ name: 'final-alignment', status: 'PASS' }],
      evidence: { count: 3, sources: ['market-feed', 'news-api'] },
    })
    expect(JSON.parse(JSON.stringify(provenance))).toEqual(provenance)
  })

  it('defaults the mode to clarification-required when a clarification is given, and honours an explicit mode', async () => {
    const clarification = { question: 'Which account?', options: ['Checking', 'Savings'] }
    expect((await buildProvenance({ query: 'q', clarification, clock })).mode).toBe('clarification-required')
    expect((await buildProvenance({ query: 'q', mode: 'fallback', clock })).mode).toBe('fallback')
  })

  it('rejects a malformed part with a located invalid-argument error', async () => {
    const error = await buildProvenance({
      query: 'q',
      rules: [{ id: 'r', tier: 'urgent' as never, scope: 'global', priority: 1, reason: 'x' }],
      clock,
    }).catch((caught: unknown) => caught)
    expect(FocalError.isInstance(error) && error.code).toBe('invalid-argument')
    expect((error as FocalError).issues[0]?.path).toBe('rules.0.tier')
  })
})
