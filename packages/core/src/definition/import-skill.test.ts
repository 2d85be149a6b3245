import { describe, expect, it } from 'vitest'
import { FocalError } from '../errors/focal-error.ts'
import { importSkill } from './import-skill.ts'

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
  it('maps guardrails to tiered rules, workflows to scenarios, approvals and policies to tools', () => {
    const { definition } = importSkill(skill)
    expect(definition.name).toBe('Refund assistant')
    expect(definition.rules.map((rule) => [rule.id, rule.tier])).toEqual([
      ['never-1', 'hard-safety'],
      ['never-2', 'style'],
      ['never-3', 'process'],
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
      strictness: 'high',
      customReasonCodes: [],
    })
    // Seed 004 §4: the gate's model becomes the judge role's model id.
    expect(definition.settings.models).toEqual({ judge: 'claude-3-haiku' })
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
})
