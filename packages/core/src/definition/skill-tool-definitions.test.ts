import { describe, expect, it } from 'vitest'
import { importSkill } from './import-skill.ts'

describe('skillToolDefinitions', () => {
  it('reads requires_approval as a condition, always, or conditional on the tool condition', () => {
    const { definition, report } = importSkill(`
tools:
  - { id: refund, policy: { allowed: conditional, requires_approval: conditional, condition: "amount > 500" } }
  - { id: wipe, policy: { requires_approval: true } }
  - { id: close, policy: { requires_approval: always } }
  - { id: lookup, policy: { requires_approval: conditional } }
  - { id: transfer, policy: { allowed: conditional, condition: "amount <= 100", requires_approval: "amount > 50" } }
`)
    expect(
      definition.tools.map((tool) => [
        tool.id,
        tool.policy.allowed,
        tool.policy.condition,
        tool.policy.requiresApproval,
      ]),
    ).toEqual([
      ['refund', 'always', undefined, 'args.amount > 500'],
      ['wipe', 'always', undefined, 'true'],
      ['close', 'always', undefined, 'true'],
      ['lookup', 'always', undefined, 'true'],
      ['transfer', 'conditional', 'args.amount <= 100', 'args.amount > 50'],
    ])
    expect(report.unmapped).toEqual([
      {
        path: 'tools[0].policy.allowed',
        message:
          'the condition "amount > 500" is the approval condition (requires_approval: conditional); the tool is allowed always',
      },
      {
        path: 'tools[3].policy.requires_approval',
        message: 'conditional approval without a condition: every call needs approval',
      },
    ])
  })

  it('turns Skill Builder inputs into a JSON Schema and reports a type JSON Schema does not have', () => {
    const { definition, report } = importSkill(`
tools:
  - name: Book Slot
    inputs:
      - { name: day, type: date, required: true, description: Day of the visit }
      - { name: seats, type: int, enum: [1, 2, 3] }
`)
    expect(definition.tools[0]).toMatchObject({
      id: 'book_slot',
      inputSchema: {
        type: 'object',
        properties: { day: { description: 'Day of the visit' }, seats: { type: 'integer', enum: [1, 2, 3] } },
        required: ['day'],
      },
    })
    expect(report.unmapped).toEqual([
      {
        path: 'tools[0].inputs[0].type',
        message: '"date" is not a JSON Schema type; the input accepts any value',
      },
    ])
  })

  it('finds the tool an approval names by its Skill Builder name', () => {
    const { definition, report } = importSkill(`
tools:
  - name: Process Refund
policy:
  approvals:
    - { tool_id: Process Refund, when: "amount > 500", approver: supervisor }
`)
    expect(definition.tools).toHaveLength(1)
    expect(definition.tools[0]!.policy).toMatchObject({
      requiresApproval: 'args.amount > 500',
      approval: { approver: 'supervisor' },
    })
    expect(report.unmapped).toEqual([])
  })
})
