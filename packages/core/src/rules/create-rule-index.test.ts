import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type DefinitionRule, ruleSchema } from '../definition/definition-schema.ts'
import { compareRules } from './compare-rules.ts'
import { createRuleIndex } from './create-rule-index.ts'
import type { RuleRetrievalContext } from './types.ts'

const rule = (input: Record<string, unknown>): DefinitionRule => ruleSchema.parse(input)

function context(overrides: Partial<RuleRetrievalContext> = {}): RuleRetrievalContext {
  return { scenario: null, step: null, text: '', intent: 'unknown', variables: {}, ...overrides }
}

describe('createRuleIndex', () => {
  const rules = [
    rule({ id: 'global-cue', match: ['competitor'], priority: 5 }),
    rule({
      id: 'refund-scenario',
      scope: { scenario: 'refunds' },
      condition: 'entities.amount > 50',
      tier: 'hard-safety',
      priority: 90,
    }),
    rule({ id: 'refund-step', scope: { scenario: 'refunds', step: 'request' }, intents: ['refund'] }),
    rule({ id: 'billing-only', scope: { scenario: 'billing' } }),
    rule({ id: 'disabled', enabled: false }),
  ]
  const index = createRuleIndex({ rules })

  it('returns global, current scenario and current step rules that match, with reasons', () => {
    const { matched } = index.retrieve(
      context({
        scenario: 'refunds',
        step: 'request',
        text: 'A competitor is cheaper',
        intent: 'refund',
        variables: { entities: { amount: 80 } },
      }),
    )
    expect(matched.map((entry) => entry.rule.id)).toEqual(['refund-scenario', 'global-cue', 'refund-step'])
    expect(matched[0]!.reason).toContain('condition `entities.amount > 50` holds')
    expect(matched[1]!.reason).toContain('text mentions "competitor"')
    expect(matched[2]).toMatchObject({ scope: 'step', reason: expect.stringContaining('intent "refund"') })
  })

  it('treats an undecidable condition as no match', () => {
    const { matched, rejected } = index.retrieve(
      context({ scenario: 'refunds', variables: { entities: {} } }),
    )
    expect(matched.map((entry) => entry.rule.id)).not.toContain('refund-scenario')
    expect(rejected.find((entry) => entry.ruleId === 'refund-scenario')?.reason).toMatch(/undecidable/)
  })

  it('fires a condition over the calls a session ran whatever fact changed, the macro variable being no fact', () => {
    // `c` names each call in turn: read as a session fact, it "never changed", and the rule
    // (a refund-status reply after a refund) never fired.
    const statusIndex = createRuleIndex({
      rules: [
        rule({
          id: 'refund-issued',
          scope: { scenario: 'refund_status' },
          condition: "session.calls.exists(c, c.tool == 'issue_refund')",
        }),
      ],
    })
    const calls = [{ tool: 'issue_refund', args: { order_id: 'NW-1001', amount: 20 } }]
    const retrieved = statusIndex.retrieve(
      context({
        scenario: 'refund_status',
        variables: { session: { calls } },
        changedFacts: new Set(['email']),
      }),
    )
    expect(retrieved.matched.map((entry) => entry.rule.id)).toEqual(['refund-issued'])
  })

  it('never returns disabled rules', () => {
    expect(index.retrieve(context()).matched.map((entry) => entry.rule.id)).not.toContain('disabled')
  })

  it('respects maxFiresPerSession and cooldownTurns', () => {
    const limited = createRuleIndex({
      rules: [rule({ id: 'once', maxFiresPerSession: 1 }), rule({ id: 'cool', cooldownTurns: 2 })],
    })
    const ids = (turn: number) =>
      limited
        .retrieve(
          context({ turn, fires: { once: { count: 1, lastTurn: 1 }, cool: { count: 1, lastTurn: 1 } } }),
        )
        .matched.map((entry) => entry.rule.id)
    expect(ids(2)).toEqual([])
    expect(ids(4)).toEqual(['cool'])
  })

  it('examines only the rules of the active scopes and cues, not the whole list', () => {
    const many = Array.from({ length: 2000 }, (_, position) =>
      rule({
        id: `r${position}`,
        scope: { scenario: `s${position % 50}` },
        match: [`topic${position % 200}`],
      }),
    )
    const { examined, matched } = createRuleIndex({ rules: many }).retrieve(
      context({ scenario: 's7', text: 'about topic7 please' }),
    )
    expect(matched.map((entry) => entry.rule.id)).toEqual([
      'r7',
      'r207',
      'r407',
      'r607',
      'r807',
      'r1007',
      'r1207',
      'r1407',
      'r1607',
      'r1807',
    ])
    expect(examined).toBe(10)
  })

  const scopeArbitrary = fc.oneof(
    fc.constant('global' as const),
    fc.record({ scenario: fc.constantFrom('a', 'b', 'c') }),
    fc.record({ scenario: fc.constantFrom('a', 'b', 'c'), step: fc.constantFrom('x', 'y') }),
  )
  const rulesArbitrary = fc
    .array(
      fc.record({
        scope: scopeArbitrary,
        priority: fc.integer({ min: -100, max: 100 }),
        tier: fc.constantFrom('hard-safety', 'process', 'style'),
        match: fc.option(
          fc.array(fc.constantFrom('price', 'refund', 'card'), { minLength: 1, maxLength: 2 }),
          { nil: undefined },
        ),
      }),
      { maxLength: 60 },
    )
    .map((drafts) =>
      drafts.map((draft, position) =>
        rule({
          id: `r${position}`,
          ...Object.fromEntries(Object.entries(draft).filter(([, value]) => value !== undefined)),
        }),
      ),
    )

  it('never returns a rule from another scenario or step scope (property)', () => {
    fc.assert(
      fc.property(
        rulesArbitrary,
        fc.constantFrom('a', 'b', 'c', null),
        fc.constantFrom('x', 'y'),
        fc.constantFrom('price refund', 'card', ''),
        (drafts, scenario, step, text) => {
          const { matched } = createRuleIndex({ rules: drafts }).retrieve(
            context({ scenario, step: scenario === null ? null : step, text }),
          )
          for (const { rule: found } of matched) {
            if (found.scope === 'global') continue
            expect(found.scope.scenario).toBe(scenario)
            if (found.scope.step !== undefined) expect(found.scope.step).toBe(step)
          }
        },
      ),
    )
  })

  it('orders matches totally and stably: same rules in any order give the same ranking (property)', () => {
    fc.assert(
      fc.property(rulesArbitrary, fc.infiniteStream(fc.nat()), (drafts, randoms) => {
        const shuffled = drafts
          .map((draft) => ({ draft, key: randoms.next().value as number }))
          .sort((left, right) => left.key - right.key)
        const ordered = drafts.map((draft, position) => ({ rule: draft, index: position }))
        const sortedOnce = [...ordered].sort(compareRules)
        const sortedFromShuffle = shuffled
          .map(({ draft }) => ordered.find((entry) => entry.rule === draft)!)
          .sort(compareRules)
        expect(sortedFromShuffle.map((entry) => entry.rule.id)).toEqual(
          sortedOnce.map((entry) => entry.rule.id),
        )
        for (let position = 1; position < sortedOnce.length; position++) {
          expect(compareRules(sortedOnce[position - 1]!, sortedOnce[position]!)).toBeLessThan(0)
          expect(sortedOnce[position - 1]!.rule.priority).toBeGreaterThanOrEqual(
            sortedOnce[position]!.rule.priority,
          )
        }
      }),
    )
  })
})
