import { describe, expect, it } from 'vitest'
import { FocalError } from '../errors/focal-error.ts'
import { importSkill } from './import-skill.ts'

function issuesOf(yaml: string) {
  try {
    importSkill(yaml)
  } catch (error) {
    if (FocalError.isInstance(error)) return error.issues
    throw error
  }
  return []
}

describe('skillGuardrailRules', () => {
  it('splits a list of guardrails (seed 004 §1 option A) by wording into soft never and always rules', () => {
    const { definition } = importSkill(`
policy:
  guardrails:
    - Never gossip about other customers
    - Don't promise delivery dates
    - do not guess order numbers
    - Must not mention competitors
    - Be empathetic
    - Keep answers short
`)
    expect(definition.rules.map((rule) => [rule.id, rule.tier, rule.description])).toEqual([
      ['never-1', 'style', 'Never gossip about other customers'],
      ['never-2', 'style', "Don't promise delivery dates"],
      ['never-3', 'style', 'do not guess order numbers'],
      ['never-4', 'style', 'Must not mention competitors'],
      ['always-1', 'style', 'Be empathetic'],
      ['always-2', 'style', 'Keep answers short'],
    ])
    expect(definition.guardrails).toEqual({
      never: [
        'Never gossip about other customers',
        "Don't promise delivery dates",
        'do not guess order numbers',
        'Must not mention competitors',
      ],
      always: ['Be empathetic', 'Keep answers short'],
    })
  })

  it('still compiles a list guardrail that names a detector to a hard-safety Lane 1 check', () => {
    const { definition, report } = importSkill('policy:\n  guardrails: ["Never share card numbers"]\n')
    expect(definition.rules[0]).toMatchObject({
      id: 'never-1',
      tier: 'hard-safety',
      enforce: { detectors: expect.arrayContaining(['credit-card']), onViolation: 'refuse' },
    })
    expect(report.unmapped).toEqual([])
  })

  it('keeps the { never, always } shape, classifying each text (option B)', () => {
    const { definition } = importSkill(`
policy:
  guardrails:
    never: [Never be dismissive]
    always: [Always verify identity before account access]
`)
    expect(definition.rules.map((rule) => [rule.id, rule.tier])).toEqual([
      ['never-1', 'style'],
      ['always-1', 'process'],
    ])
  })

  it("keeps an author's tier tag (option C) in either shape and in safety rules", () => {
    const { definition } = importSkill(`
policy:
  guardrails:
    never:
      - { text: Never be rude, tier: 1 }
    always:
      - { text: Always greet by name, tier: style }
  safety_rules:
    - { text: Never skip the refund checklist, tier: process }
    - Never expose card numbers
`)
    expect(definition.rules.map((rule) => [rule.id, rule.tier])).toEqual([
      ['never-1', 'hard-safety'],
      ['always-1', 'style'],
      ['safety-1', 'process'],
      ['safety-2', 'hard-safety'],
    ])
    const tagged = importSkill('policy:\n  guardrails:\n    - { text: Always confirm the amount, tier: 2 }\n')
    expect(tagged.definition.rules[0]).toMatchObject({ id: 'always-1', tier: 'process' })
  })

  it('rejects an unknown tier tag, naming its path', () => {
    expect(issuesOf('policy:\n  guardrails:\n    - { text: Be kind, tier: 7 }\n')).toEqual([
      {
        path: 'policy.guardrails[0].tier',
        message: 'unknown tier 7 (expected 1, 2, 3, hard-safety, process or style)',
      },
    ])
    expect(
      issuesOf('policy:\n  guardrails:\n    never:\n      - { text: Be kind, tier: urgent }\n')[0]?.path,
    ).toBe('policy.guardrails.never[0].tier')
  })
})
