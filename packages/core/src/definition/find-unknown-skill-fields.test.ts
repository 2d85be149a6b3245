import { describe, expect, it } from 'vitest'
import { findUnknownSkillFields } from './find-unknown-skill-fields.ts'
import { importSkill } from './import-skill.ts'
import { skillSchema } from './skill-schema.ts'

describe('findUnknownSkillFields', () => {
  it('reports unknown fields at any depth with their path, through lists and either guardrail shape', () => {
    const skill = skillSchema.parse({
      owner: 'support-team',
      policy: {
        guardrails: [{ text: 'Be kind', tier: 3, source: 'brand book' }],
        workflows: [{ trigger: 'refund', steps: ['lookup', { name: 'Refund', retries: 2 }], sla: '1h' }],
        approvals: [{ tool_id: 'refund', conditions: [] }],
      },
      tools: [{ id: 'refund', policy: { rate_limit: 3 }, inputs: [{ name: 'amount', format: 'cents' }] }],
      engine: { finalization_gate: { timeout_ms: 3, custom_reason_codes: [{ code: 'X_Y', owner: 'ops' }] } },
    })
    expect(findUnknownSkillFields(skill).map((issue) => issue.path)).toEqual([
      'policy.guardrails[0].source',
      'policy.workflows[0].steps[1].retries',
      'policy.workflows[0].sla',
      'policy.approvals[0].conditions',
      'tools[0].inputs[0].format',
      'tools[0].policy.rate_limit',
      'engine.finalization_gate.custom_reason_codes[0].owner',
      'engine.finalization_gate.timeout_ms',
      'owner',
    ])
  })

  it('explains the Skill Builder fields Focal knowingly leaves out', () => {
    const skill = skillSchema.parse({
      output_contract: { required_fields: ['status'] },
      engine: { temperature: 0.7 },
    })
    expect(findUnknownSkillFields(skill)).toEqual([
      {
        path: 'engine.temperature',
        message: "sampling settings belong to the host's model; not carried over",
      },
      {
        path: 'output_contract',
        message:
          'no Focal equivalent yet: declare each required field as a custom reason code with a missing_pattern',
      },
    ])
  })

  it('lands in importSkill report.unmapped, beside the definition that still loads', () => {
    const { definition, report } = importSkill(
      'name: x\nmood: cheerful\ntools:\n  - { id: t, icon: wrench }\n',
    )
    expect(definition.tools.map((tool) => tool.id)).toEqual(['t'])
    expect(report.unmapped).toEqual([
      { path: 'tools[0].icon', message: 'unknown field: no Focal equivalent; ignored' },
      { path: 'mood', message: 'unknown field: no Focal equivalent; ignored' },
    ])
  })
})
