import { describe, expect, it } from 'vitest'
import { createEngine } from '../engine/create-engine.ts'
import { FocalError } from '../errors/focal-error.ts'
import { importSkill } from './import-skill.ts'
import { loadDefinition } from './load-definition.ts'

const skill = `
id: refund-skill
name: Refund assistant
policy:
  guardrails:
    never:
      - Never share payment card numbers
      - Never be dismissive
      - Refund amount must not exceed $50
      - Never use lookup_order
    always:
      - Always verify identity before account access
  workflows:
    - id: refund_flow
      name: Refund
      trigger: refund
      steps: [verify_identity, lookup_order, process_refund]
      required: true
  approvals:
    - tool_id: process_refund
      when: amount > 500
      action: require_approval
      approver: supervisor
  escalation_matrix: { tier1: email }
tools:
  - id: verify_identity
    policy: { allowed: always }
  - id: lookup_order
  - id: process_refund
    policy: { allowed: conditional, condition: amount <= 1000 }
  - id: delete_account
    policy: { allowed: never }
engine:
  finalization_gate: { enabled: true, max_retries: 2, strictness: high, model: claude-3-haiku }
`

describe('importSkill', () => {
  // The rules it wrote for the guardrails (never-1, ...) had the ids the enforcement plan gives
  // the same guardrails: every turn of an imported skill threw "duplicate rule id".
  it('makes a definition an engine runs turns of, each guardrail planned once', async () => {
    const { definition } = importSkill(skill)
    const engine = createEngine({ definition })
    expect((await engine.turn({ sessionId: 's', text: 'I want a refund' })).type).toBeDefined()
    const ids = (await engine.enforcementPlan()).rules.map((rule) => rule.id)
    expect(ids.filter((id) => id === 'never-1')).toHaveLength(1)
  })

  it('maps guardrails to tiered rules, workflows to scenarios, approvals and policies to tools', () => {
    const { definition } = importSkill(skill)
    expect(definition.name).toBe('Refund assistant')
    // A cap on money leaving ("must not exceed $50") is hard-safety: no approval path softens it.
    expect(definition.rules.map((rule) => [rule.id, rule.tier])).toEqual([
      ['never-1', 'hard-safety'],
      ['never-2', 'style'],
      ['never-3', 'hard-safety'],
      ['never-4', 'style'],
      ['always-1', 'process'],
    ])
    // "Never share payment card numbers" compiles to a Lane 1 detector check; "never be dismissive" cannot.
    expect(definition.rules[0]!.enforce).toMatchObject({
      detectors: expect.arrayContaining(['credit-card']),
      onViolation: 'refuse',
    })
    expect(definition.rules[1]!.judge).toBe('Never be dismissive')
    expect(definition.rules[2]!.enforce).toMatchObject({
      expression: 'refund_amount <= 50',
      bindings: [{ name: 'refund_amount', kind: 'money' }],
    })
    expect(definition.tools.find((tool) => tool.id === 'lookup_order')!.policy.allowed).toBe('never')
    const refund = definition.tools.find((tool) => tool.id === 'process_refund')!
    expect(refund.policy).toMatchObject({
      allowed: 'conditional',
      condition: 'args.amount <= 1000',
      requiresApproval: 'args.amount > 500',
      approval: { approver: 'supervisor' },
    })
    expect(refund.requires).toEqual(['lookup_order'])
    expect(definition.tools.find((tool) => tool.id === 'delete_account')!.policy.allowed).toBe('never')
    expect(definition.scenarios[0]).toMatchObject({ id: 'refund_flow', intents: ['refund_flow'] })
    expect(definition.scenarios[0]!.steps.map((step) => step.id)).toEqual([
      'verify_identity',
      'lookup_order',
      'process_refund',
    ])
    expect(definition.scenarios[0]!.steps[0]!.transitions[0]).toMatchObject({
      to: 'lookup_order',
      condition: '"verify_identity" in session.toolsRun',
    })
    expect(definition.settings.finalizationGate).toEqual({
      enabled: true,
      maxRetries: 2,
      onFail: 'fallback',
      strictness: 'high',
      customReasonCodes: [],
    })
    // Seed 004 §4: the gate's model becomes the judge role's model id.
    expect(definition.settings.models).toEqual({ judge: 'claude-3-haiku' })
  })

  it('keeps a never-mention clause as a judge rubric and blocklists only names', () => {
    const { definition } = importSkill(
      'policy:\n  guardrails:\n    never:\n      - Never mention that we are being acquired\n      - Never mention Globex or Initech\n',
    )
    expect(definition.rules[0]).toMatchObject({
      tier: 'hard-safety',
      judge: 'Never mention that we are being acquired',
    })
    expect(definition.rules[0]!.enforce).toBeUndefined()
    expect(definition.rules[1]!.enforce).toMatchObject({ blocklist: ['Globex', 'Initech'] })
  })

  it('reports what it could not map, located', () => {
    const { report } = importSkill(skill)
    const paths = report.unmapped.map((issue) => issue.path)
    expect(paths).toContain('policy.escalation_matrix')
    expect(paths).toContain('policy.guardrails.never[1]')
    expect(paths).not.toContain('policy.guardrails.never[0]')
  })

  it('warns about workflows over the seed 004 §11 limits and steps without a tool', () => {
    const long = `
policy:
  workflows:
${Array.from({ length: 4 }, (_, index) => `    - { id: w${index}, trigger: t${index}, steps: [a, b, c, d, e, f] }`).join('\n')}
`
    const { report } = importSkill(long)
    const messages = report.warnings.map((issue) => `${issue.path}: ${issue.message}`)
    expect(messages).toContain('policy.workflows: 4 workflows exceed the limit of 3 (seed 004 §11)')
    expect(messages).toContain('policy.workflows[0].steps: 6 steps exceed the limit of 5 (seed 004 §11)')
    expect(messages).toContain(
      'policy.workflows[0].steps[0]: step "a" does not map to a known tool (seed 004 §11)',
    )
  })

  it('rejects a malformed skill with located issues', () => {
    const error = (() => {
      try {
        importSkill('policy:\n  workflows:\n    - { id: x, steps: [] }\n')
      } catch (caught) {
        return caught
      }
    })()
    expect(FocalError.isInstance(error) && error.issues[0]?.path).toBe('policy.workflows[0].steps')
  })

  it('imports seed 004 §1 option A exactly as written: safety rules, workflows and a list of guardrails', () => {
    const { definition, report } = importSkill(`
policy:
  safety_rules:      # Tier 1 - mechanical enforcement
    - "Never expose card numbers"
  workflows:          # Tier 2 - process (already exists)
    - steps: [verify_identity, access_account]
  guardrails:         # Tier 3 - style (soft)
    - "Be empathetic"
`)
    expect(definition.rules.map((rule) => [rule.id, rule.tier])).toEqual([
      ['always-1', 'style'],
      ['safety-1', 'hard-safety'],
    ])
    expect(definition.rules[1]!.enforce?.detectors).toContain('credit-card')
    expect(definition.guardrails).toEqual({ never: [], always: ['Be empathetic'] })
    expect(definition.scenarios[0]!.steps.map((step) => step.id)).toEqual([
      'verify_identity',
      'access_account',
    ])
    expect(report.unmapped.map((issue) => issue.path)).toEqual([
      'policy.guardrails[0]',
      'policy.workflows[0]',
    ])
  })

  it('maps or reports every field of every seed 004 example', () => {
    const { definition, report } = importSkill(`
tools:
  - id: process_refund            # §10
    policy:
      requires_approval: "amount > 500"
  - id: verify_identity
  - id: access_account
policy:
  safety_rules: ["Never expose card numbers"]              # §1 option A
  guardrails: ["Be empathetic"]
  safety_patterns:                                          # §2
    - { regex: "\\\\d{4}-\\\\d{4}-\\\\d{4}-\\\\d{4}", message: Card number in reply }
  workflows:                                                # §8
    - steps: [verify_identity, access_account]
      required: true
engine:
  finalization_gate:                                        # §3, §4
    enabled: true
    max_retries: 2
    strictness: medium
    model: claude-3-haiku
finalization_gate:                                          # §5
  custom_reason_codes:
    - MISSING_ORDER_ID
    - REFUND_POLICY_VIOLATION
`)
    expect(report.unmapped.filter((issue) => issue.message.startsWith('unknown field'))).toEqual([])
    expect(report.unmapped.map((issue) => issue.path)).toEqual([
      'policy.guardrails[0]',
      'policy.workflows[0]',
      'finalization_gate',
      'policy.safety_patterns[0].message',
    ])
    expect(definition.safetyPatterns).toEqual([
      { type: 'card_number_in_reply', pattern: '\\d{4}-\\d{4}-\\d{4}-\\d{4}' },
    ])
    expect(definition.tools.find((tool) => tool.id === 'access_account')!.requires).toEqual([
      'verify_identity',
    ])
    expect(definition.tools[0]!.policy.requiresApproval).toBe('args.amount > 500')
    expect(definition.settings.finalizationGate).toMatchObject({
      enabled: true,
      maxRetries: 2,
      strictness: 'medium',
    })
    expect(definition.settings.models.judge).toBe('claude-3-haiku')
  })

  it('imports a Skill Builder export: tools by name, conditional approval, inputs, role, problem and intents', () => {
    const { definition, report } = importSkill(`
problem:
  statement: Help customers track orders and process refunds
  goals: [Reduce response time]
role:
  name: Support Agent
  persona: Friendly and empathetic customer support specialist
intents:
  supported:
    - id: intent_refund
      description: Customer wants refund
      examples: [I want my money back, Refund please]
      entities:
        - { name: order_id, type: string, required: true }
  out_of_domain: { action: redirect, message: I can only help with orders and refunds }
tools:
  - name: process_refund
    description: Process a customer refund
    inputs:
      - { name: order_id, type: string, required: true }
      - { name: amount, type: number, required: true }
    output: { type: object, description: Refund result }
    policy: { allowed: always, requires_approval: conditional, condition: "amount > 500" }
  - name: Check Eligibility
policy:
  guardrails:
    never: [Never share customer payment information]
    always: [Always verify customer identity before account access]
  workflows:
    - name: Refund Processing
      steps: [verify_identity, check_eligibility, process_refund]
      required: true
  approvals:
    - { tool_id: process_refund, when: "amount > 500", action: require_approval, approver: supervisor }
  escalation: { enabled: true, conditions: [customer is angry] }
output_contract:
  required_fields: [order_id, status, next_steps]
engine:
  model: claude-3-sonnet
  temperature: 0.7
  finalization_gate: { enabled: true, max_retries: 2 }
`)
    expect(definition).toMatchObject({
      name: 'Support Agent',
      description: 'Help customers track orders and process refunds',
      persona: 'Friendly and empathetic customer support specialist',
    })
    const refund = definition.tools.find((tool) => tool.id === 'process_refund')!
    expect(refund.policy).toMatchObject({
      allowed: 'always',
      requiresApproval: 'args.amount > 500',
      approval: { approver: 'supervisor' },
    })
    expect(refund.policy.condition).toBeUndefined()
    expect(refund.requires).toEqual(['check_eligibility'])
    expect(refund.inputSchema).toEqual({
      type: 'object',
      properties: { order_id: { type: 'string' }, amount: { type: 'number' } },
      required: ['order_id', 'amount'],
    })
    expect(refund.outputSchema).toEqual({ type: 'object', description: 'Refund result' })
    expect(definition.intents).toEqual([
      {
        id: 'intent_refund',
        description: 'Customer wants refund',
        examples: ['I want my money back', 'Refund please'],
        keywords: [],
      },
    ])
    expect(definition.scenarios[0]!.id).toBe('refund_processing')
    expect(definition.settings.fallbackReply).toBe('I can only help with orders and refunds')
    expect(definition.settings.models.default).toBe('claude-3-sonnet')
    expect(report.unmapped.map((issue) => issue.path)).toEqual([
      'problem.goals',
      'intents.supported[0].entities',
      'intents.out_of_domain.action',
      'policy.escalation',
      'engine.temperature',
      'output_contract',
      'policy.guardrails.always[0]',
      'policy.workflows[0]',
    ])
    expect(loadDefinition(definition).tools).toHaveLength(2)
  })

  it('rejects a safety pattern that can backtrack catastrophically, naming the skill path', () => {
    const error = (() => {
      try {
        importSkill('policy:\n  safety_patterns:\n    - { regex: "(\\\\d+)+$", message: digits }\n')
      } catch (caught) {
        return caught
      }
    })()
    expect(FocalError.isInstance(error) && error.issues[0]?.path).toBe('policy.safety_patterns[0].regex')
  })
})
