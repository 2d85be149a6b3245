import { describe, expect, it } from 'vitest'
import type { Provenance } from './provenance-types.ts'
import { renderProvenance } from './render-provenance.ts'

const provenance: Provenance = {
  mode: 'normal',
  queryHash: '3f2a9c0d1e2b',
  timestamp: '2026-11-21T12:00:00.000Z',
  goal: {
    original: 'What happened in crypto markets today?',
    active: 'What happened in top 5 cryptocurrency markets in the past 24 hours?',
    reformulation: {
      type: 'scope-narrowing',
      confidence: 0.92,
      evidenceIds: ['feeds'],
      ledgerRecordId: 'led-1',
    },
  },
  route: {
    scenario: 'markets',
    step: 'summary',
    decision: 'stayed',
    previousScenario: 'markets',
    scores: [],
    reason: 'sticky',
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
  tools: [{ id: 'market-feed', status: 'ran' }],
  enforcement: {
    outcome: 'redacted',
    violations: [{ ruleId: 'pii', tier: 'hard-safety', lane: 1, message: 'email address' }],
    redactions: [{ type: 'email', count: 2 }],
  },
  gates: [{ name: 'final-alignment', status: 'PASS', detail: 'score 0.91' }],
  evidence: { count: 2, sources: ['market-feed', 'news-api'] },
}

describe('renderProvenance', () => {
  it('renders plain text with mode, query hash, goal and reformulation, rules, tools, enforcement, gates and evidence', () => {
    expect(renderProvenance(provenance, { format: 'text' })).toBe(
      [
        'Provenance (mode normal, query 3f2a9c0d1e2b, 2026-11-21T12:00:00.000Z)',
        'Goal: What happened in crypto markets today?',
        'Reformulated to: What happened in top 5 cryptocurrency markets in the past 24 hours? (scope-narrowing, confidence 0.92, evidence feeds, ledger led-1)',
        'Route: markets / summary (stayed): sticky',
        'Rules fired: no-advice (hard-safety, global, priority 100): global hard constraint',
        'Tools: market-feed ran',
        'Enforcement: redacted: pii (lane 1): email address; redacted email x2',
        'Gates: final-alignment PASS (score 0.91)',
        'Evidence: 2 items from market-feed, news-api',
      ].join('\n'),
    )
  })

  it('renders Markdown with ids in code spans', () => {
    const markdown = renderProvenance(provenance, { format: 'markdown' })
    expect(markdown.split('\n')[0]).toBe(
      '**Provenance** · mode `normal` · query `3f2a9c0d1e2b` · 2026\\-11\\-21T12:00:00\\.000Z',
    )
    expect(markdown).toContain('- **Reformulated to:** ')
    expect(markdown).toContain('evidence `feeds`, ledger `led-1`')
    expect(markdown).toContain('- **Evidence:** 2 items from market\\-feed, news\\-api')
  })

  it('escapes user text in Markdown so a goal cannot inject links or formatting', () => {
    const hostile: Provenance = {
      ...provenance,
      goal: {
        original: '[click](http://evil.example) **now**',
        active: '[click](http://evil.example) **now**',
      },
    }
    const markdown = renderProvenance(hostile, { format: 'markdown' })
    expect(markdown).toContain('- **Goal:** \\[click\\]\\(http://evil\\.example\\) \\*\\*now\\*\\*')
    expect(markdown).not.toContain('[click](')
    expect(markdown).not.toContain('Reformulated to')
  })

  it('shows a clarification and says when no rule fired, defaulting to text', () => {
    const text = renderProvenance({
      mode: 'clarification-required',
      queryHash: 'aaaaaaaaaaaa',
      timestamp: '2026-11-21T12:00:00.000Z',
      rules: [],
      tools: [],
      gates: [],
      clarification: { question: 'Which account?', options: ['Checking', 'Savings'] },
      evidence: { count: 1, sources: [] },
    })
    expect(text).toContain('mode clarification-required')
    expect(text).toContain('Clarification: Which account? Options: Checking | Savings')
    expect(text).toContain('Rules fired: none')
    expect(text).toContain('Evidence: 1 item')
  })
})
