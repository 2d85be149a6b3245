import { describe, expect, it } from 'vitest'
import { compileExpression } from './compile-expression.ts'
import { compileRuleTemplate } from './compile-rule-template.ts'
import { createEnforcer } from './create-enforcer.ts'
import { createToolGate } from './create-tool-gate.ts'
import { scanText } from './scan-text.ts'

describe('compileRuleTemplate', () => {
  it('compiles "Never use [tool]" to a never policy and keeps the source', () => {
    expect(compileRuleTemplate('Do not call the wire transfer tool.')).toEqual({
      kind: 'tool-never',
      tool: { id: 'wire_transfer', allowed: 'never' },
      source: 'Do not call the wire transfer tool.',
    })
  })

  it('compiles "[field] > [number]" phrasings to a CEL comparison that evaluates', () => {
    const compiled = compileRuleTemplate('Refund amount must not exceed $50')
    expect(compiled).toMatchObject({ kind: 'threshold', expression: 'refund_amount <= 50' })
    const expression = compileExpression(compiled?.expression ?? '')
    expect(expression.evaluate({ refund_amount: 75 })).toEqual({ type: 'value', value: false })
    expect(compileRuleTemplate('amount > 500')).toMatchObject({ expression: 'amount > 500' })
    expect(compileRuleTemplate('discount must be at least 5')).toMatchObject({ expression: 'discount >= 5' })
  })

  it('compiles "[tool] requires approval" with an optional threshold and approver into a working gate', () => {
    const compiled = compileRuleTemplate('Refunds over $500 need supervisor approval')
    expect(compiled).toMatchObject({
      kind: 'tool-approval',
      expression: 'args.amount > 500',
      tool: { id: 'refund', approval: { approver: 'supervisor' } },
    })
    const gate = createToolGate({ tools: [compiled?.tool ?? { id: 'none', allowed: 'never' }] })
    expect(gate.check({ toolId: 'refund', args: { amount: 600 } }, { toolsRun: [] }).type).toBe(
      'approval-required',
    )
    expect(gate.check({ toolId: 'refund', args: { amount: 100 } }, { toolsRun: [] }).type).toBe('allowed')
    expect(compileRuleTemplate('issue_refund requires approval')).toMatchObject({
      tool: { requiresApproval: 'true' },
    })
  })

  it('compiles "Never share [X]" to detectors when X names one, else to a blocklist of names', () => {
    expect(compileRuleTemplate('Never share payment info')?.scan).toEqual({
      detectors: ['credit-card', 'iban'],
    })
    expect(compileRuleTemplate("Never share the customer's SSN")?.scan).toEqual({ detectors: ['us-ssn'] })
    const competitors = compileRuleTemplate('Never mention Acme Corp or Globex')
    expect(competitors?.scan).toEqual({ blocklist: ['Acme Corp', 'Globex'] })
    expect(
      scanText('Try Globex instead', { detectors: [], blocklist: competitors?.scan?.blocklist ?? [] }),
    ).toHaveLength(1)
  })

  it('blocklists quoted terms and short lists of names, not the words around them', () => {
    expect(compileRuleTemplate('Never mention Amazon, Walmart, or eBay.')?.scan).toEqual({
      blocklist: ['Amazon', 'Walmart', 'eBay'],
    })
    const guaranteed = compileRuleTemplate('Never say "guaranteed"')
    expect(guaranteed).toMatchObject({ kind: 'never-mention', scan: { blocklist: ['guaranteed'] } })
    expect(scanText('Results are guaranteed.', { detectors: [], blocklist: ['guaranteed'] })).toHaveLength(1)
    expect(compileRuleTemplate('Never use the words “cheap” or “free”')?.scan).toEqual({
      blocklist: ['cheap', 'free'],
    })
    expect(compileRuleTemplate("Never mention Macy's or Bank of America by name")?.scan).toEqual({
      blocklist: ["Macy's", 'Bank of America'],
    })
  })

  it('gives a category or a clause no template rather than a blocklist that matches nothing real', () => {
    // These used to become blocklists like ["that we are being acquired"]: the literal phrase never
    // appears in a reply that leaks the news, so the rule looked enforced and was not.
    for (const rule of [
      'Never mention that we are being acquired',
      'Never mention competitors',
      'Never mention our roadmap',
      'Do not mention internal tools',
      'Never disclose how we price enterprise deals',
      'Never reveal whether a refund is likely',
      'Never say "guaranteed" to customers',
      'Never mention or compare with competitors',
    ])
      expect(compileRuleTemplate(rule), rule).toBeUndefined()
  })

  it('compiles "Never promise a [thing] above $N" to a check of that labelled amount in the reply', () => {
    const template = compileRuleTemplate('Never promise a refund above $50 in chat.')
    expect(template).toMatchObject({
      kind: 'threshold',
      expression: 'refund_amount <= 50',
      bindings: [{ name: 'refund_amount', kind: 'money', pick: 'max', label: 'refund' }],
    })
    const enforcer = createEnforcer({
      rules: [
        {
          id: 'promise',
          tier: 'hard-safety',
          global: true,
          enforce: {
            expression: template!.expression!,
            bindings: template!.bindings!,
            onViolation: 'refuse',
          },
        },
      ],
    })
    expect(enforcer.check("Good news: I've refunded $80 to your card.").type).toBe('blocked')
    expect(enforcer.check('Refunds are capped at $50 per order.').type).toBe('allowed')
    // Another amount in the reply is not a refund: the $620 order total passes.
    expect(enforcer.check('Order NW-2002 is cancelled. The $620 charge will be voided.').type).toBe('allowed')
  })

  it('returns undefined for rules no template covers', () => {
    expect(compileRuleTemplate('Be polite and empathetic')).toBeUndefined()
    expect(compileRuleTemplate('Always greet the customer by name')).toBeUndefined()
  })
})
