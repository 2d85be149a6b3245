import { describe, expect, it } from 'vitest'
import { FocalError } from '../errors/focal-error.ts'
import { createEnforcer } from './create-enforcer.ts'
import type { EnforcementRule } from './types.ts'

const refundLimit: EnforcementRule = {
  id: 'refund-limit',
  tier: 'process',
  description: 'Refunds are at most $50',
  enforce: {
    expression: 'refund_amount <= 50',
    bindings: [{ name: 'refund_amount', kind: 'money', label: 'refund', default: 0 }],
    onViolation: 'regenerate',
    maxRegenerations: 1,
  },
}
const noCards: EnforcementRule = {
  id: 'no-cards',
  tier: 'hard-safety',
  global: true,
  enforce: { detectors: ['credit-card'], onViolation: 'redact' },
}
const noCompetitors: EnforcementRule = {
  id: 'no-competitors',
  tier: 'hard-safety',
  global: true,
  enforce: {
    blocklist: ['Acme Corp'],
    onViolation: 'refuse',
    refusal: 'I can only talk about our own products.',
  },
}
const vipEscalation: EnforcementRule = {
  id: 'vip',
  tier: 'process',
  enforce: {
    expression: 'customer_tier != "vip" || refund_amount <= 500',
    bindings: [{ name: 'refund_amount', kind: 'money', default: 0 }],
    onViolation: 'escalate',
  },
}

describe('createEnforcer', () => {
  const enforcer = createEnforcer({ rules: [refundLimit, noCards, noCompetitors, vipEscalation] })

  it('asks for a regeneration when the reply promises a refund above the limit', () => {
    const result = enforcer.check("I've refunded $75 to your card.", {
      ruleIds: ['refund-limit'],
      variables: { customer_tier: 'basic' },
    })
    expect(result).toMatchObject({ type: 'regenerate', attempt: 1 })
    if (result.type === 'regenerate') expect(result.instruction).toContain('Refunds are at most $50')
  })

  it('allows a reply within the limit and one that mentions no refund', () => {
    expect(enforcer.check("I've refunded $40.", { ruleIds: ['refund-limit'] }).type).toBe('allowed')
    expect(enforcer.check('Your order ships tomorrow.', { ruleIds: ['refund-limit'] }).type).toBe('allowed')
  })

  it("reads no bound value from a passage quoting the user's own request, and still scans it", () => {
    // Session 42's review: "You also asked: "$70 for NW-1002"" after a $20 refund ran refused the
    // reply by the $50 cap, and the customer heard the refund that ran had been refused.
    const text =
      'I\'ve refunded $20. You also asked: "refund $70 for NW-1002, card 4111 1111 1111 1111". Shall I?'
    const quoted = ['refund $70 for NW-1002, card 4111 1111 1111 1111']
    expect(enforcer.check(text, { ruleIds: ['refund-limit'] }).type).toBe('regenerate')
    const result = enforcer.check(text, { ruleIds: ['refund-limit'], quoted })
    expect(result.type).toBe('redacted')
    if (result.type === 'redacted') expect(result.text).not.toContain('4111 1111')
    // The reply's own commitments outside the quote are still bound.
    expect(enforcer.check(`I've refunded $75. ${text}`, { ruleIds: ['refund-limit'], quoted }).type).toBe(
      'regenerate',
    )
    // A short passage, or one glued to more digits, is never blanked (the review's `$5` of `$500`).
    expect(enforcer.check("I've refunded $500.", { ruleIds: ['refund-limit'], quoted: ['$5'] }).type).toBe(
      'regenerate',
    )
    const long = 'refund of seventy dollars $70'
    expect(
      enforcer.check(`I've issued a ${long}0 today.`, { ruleIds: ['refund-limit'], quoted: [long] }).type,
    ).toBe('regenerate')
  })

  // An outside review: with two bindings, a reply naming one of them skipped the whole check,
  // so a $50 cap let "$500" through; and any `has(` anywhere made a reply naming no amount fail.
  it('judges the parts of a check over the values a reply states, and leaves out the rest', () => {
    const capAndDiscount = createEnforcer({
      rules: [
        {
          id: 'cap',
          tier: 'hard-safety',
          global: true,
          enforce: {
            expression: 'refund_amount <= 50 && discount <= 20',
            bindings: [
              { name: 'refund_amount', kind: 'money' },
              { name: 'discount', kind: 'percentage' },
            ],
            onViolation: 'refuse',
          },
        },
      ],
    })
    expect(capAndDiscount.check("I've refunded $500 to your card.").type).toBe('blocked')
    expect(capAndDiscount.check('I applied a 60% discount.').type).toBe('blocked')
    expect(capAndDiscount.check("I've refunded $20 and applied a 10% discount.").type).toBe('allowed')
    expect(capAndDiscount.check('Which order is it?').type).toBe('allowed')
    const vip = createEnforcer({
      rules: [
        {
          id: 'vip-or-cap',
          tier: 'hard-safety',
          global: true,
          enforce: {
            expression: 'has(fields.vip) || refund_amount <= 50',
            bindings: [{ name: 'refund_amount', kind: 'money' }],
            onViolation: 'refuse',
          },
        },
      ],
    })
    expect(vip.check('Sure, which order is it?', { variables: { fields: {} } }).type).toBe('allowed')
    expect(vip.check("I've refunded $500.", { variables: { fields: {} } }).type).toBe('blocked')
    expect(vip.check("I've refunded $500.", { variables: { fields: { vip: true } } }).type).toBe('allowed')
    // A part that tests for the value itself is judged with the value absent.
    const stated = createEnforcer({
      rules: [
        {
          id: 'must-state',
          tier: 'hard-safety',
          global: true,
          enforce: {
            expression: 'has(reply.refund_amount) && reply.refund_amount <= 50',
            bindings: [{ name: 'refund_amount', kind: 'money' }],
            onViolation: 'refuse',
          },
        },
      ],
    })
    expect(stated.check('Which order is it?').type).toBe('blocked')
    expect(stated.check("I've refunded $20.").type).toBe('allowed')
  })

  it('refuses once the regeneration budget is spent', () => {
    const result = enforcer.check("I've refunded $75.", { ruleIds: ['refund-limit'], attempt: 1 })
    expect(result.type).toBe('blocked')
  })

  it('runs global hard constraints even when the turn did not retrieve them', () => {
    const result = enforcer.check('Your card 4111 1111 1111 1111 is on file.', { ruleIds: [] })
    expect(result).toMatchObject({ type: 'redacted', text: 'Your card [CREDIT_CARD] is on file.' })
    const refused = enforcer.check('Have you tried ACME corp?', { ruleIds: [] })
    expect(refused).toMatchObject({ type: 'blocked', refusal: 'I can only talk about our own products.' })
  })

  it('does not run scoped rules that were not retrieved', () => {
    expect(enforcer.check("I've refunded $75.", { ruleIds: [] }).type).toBe('allowed')
  })

  it('escalates per the rule and uses context variables', () => {
    const context = { ruleIds: ['vip'], variables: { customer_tier: 'vip' } }
    expect(enforcer.check('We refunded $900.', context).type).toBe('escalated')
    expect(
      enforcer.check('We refunded $900.', { ...context, variables: { customer_tier: 'basic' } }).type,
    ).toBe('allowed')
  })

  it('fails closed: a hard-safety expression that cannot be evaluated blocks', () => {
    const strict = createEnforcer({
      rules: [
        {
          id: 'limit',
          tier: 'hard-safety',
          enforce: { expression: 'refund_amount <= 50', onViolation: 'regenerate' },
        },
      ],
    })
    expect(strict.check('Hello there.')).toMatchObject({
      type: 'blocked',
      violations: [{ ruleId: 'limit', internalError: true }],
    })
  })

  it('blocks when an expression rule asks to redact, since an expression has nothing to redact', () => {
    const rule: EnforcementRule = {
      id: 'r',
      tier: 'process',
      enforce: { expression: 'false', onViolation: 'redact' },
    }
    expect(createEnforcer({ rules: [rule] }).check('x').type).toBe('blocked')
  })

  it('rejects invalid rules at load with located errors', () => {
    const bad = [
      { id: 'a', tier: 'hard-safety', enforce: { onViolation: 'redact' } },
      { id: 'a', tier: 'sometimes', enforce: { expression: 'x +', onViolation: 'nope' } },
    ] as unknown as EnforcementRule[]
    try {
      createEnforcer({ rules: bad })
      expect.unreachable()
    } catch (error) {
      expect(FocalError.isInstance(error) && error.code).toBe('invalid-definition')
      expect((error as FocalError).issues.map((issue) => issue.path)).toEqual([
        'rules[0].enforce',
        'rules[1].id',
        'rules[1].tier',
        'rules[1].enforce.onViolation',
      ])
    }
    expect(() =>
      createEnforcer({
        rules: [{ id: 'x', tier: 'style', enforce: { expression: 'a +* 1', onViolation: 'refuse' } }],
      }),
    ).toThrowError(/rules\[0\]\.enforce\.expression/)
  })

  it('streams with the union of scanning rules and blocks when a refusing rule matches', () => {
    const stream = enforcer.createStream({ ruleIds: [] })
    const output = stream.push('We beat Acme ') + stream.push('Corp every time.') + stream.flush()
    expect(output).not.toContain('Acme')
    expect(stream.blocked()?.findings[0]?.type).toBe('blocklist')
  })

  it('redacts cards in a stream when only redacting rules apply', () => {
    const redactOnly = createEnforcer({ rules: [noCards] })
    const stream = redactOnly.createStream()
    const output = stream.push('card 4111 1111 ') + stream.push('1111 1111 ok') + stream.flush()
    expect(output).toBe('card [CREDIT_CARD] ok')
  })
})
