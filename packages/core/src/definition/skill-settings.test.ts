import { describe, expect, it } from 'vitest'
import { FocalError } from '../errors/focal-error.ts'
import { importSkill } from './import-skill.ts'
import { loadDefinition } from './load-definition.ts'

function errorOf(yaml: string): FocalError {
  try {
    importSkill(yaml)
  } catch (error) {
    if (FocalError.isInstance(error)) return error
    throw error
  }
  throw new Error('expected importSkill to throw')
}

describe('skillSettings', () => {
  it('carries custom reason codes in both shapes into the loaded definition', () => {
    const { definition } = importSkill(`
engine:
  finalization_gate:
    enabled: true
    custom_reason_codes:
      - MISSING_ORDER_ID
      - code: REFUND_POLICY_VIOLATION
        severity: hard
        description: Promises a refund the policy does not allow
        missing_pattern: "refund (policy|terms)"
`)
    expect(loadDefinition(definition).settings.finalizationGate.customReasonCodes).toEqual([
      { code: 'MISSING_ORDER_ID', severity: 'soft' },
      {
        code: 'REFUND_POLICY_VIOLATION',
        severity: 'hard',
        description: 'Promises a refund the policy does not allow',
        missingPattern: 'refund (policy|terms)',
      },
    ])
  })

  it('reads the gate where seed 004 §5 writes it, at the top level, and turns it on', () => {
    const { definition, report } = importSkill(`
finalization_gate:
  custom_reason_codes:
    - MISSING_ORDER_ID
    - REFUND_POLICY_VIOLATION
`)
    expect(loadDefinition(definition).settings.finalizationGate).toEqual({
      enabled: true,
      maxRetries: 2,
      strictness: 'medium',
      onFail: 'fallback',
      customReasonCodes: [
        { code: 'MISSING_ORDER_ID', severity: 'soft' },
        { code: 'REFUND_POLICY_VIOLATION', severity: 'soft' },
      ],
    })
    expect(report.unmapped).toEqual([])
  })

  it('leaves the gate off when the skill says enabled: false or has no gate', () => {
    const off = importSkill(
      'engine:\n  finalization_gate: { enabled: false, custom_reason_codes: [MISSING_ID] }\n',
    )
    expect(off.definition.settings.finalizationGate.enabled).toBe(false)
    expect(importSkill('name: plain\n').definition.settings.finalizationGate.enabled).toBe(false)
  })

  it('prefers engine.finalization_gate and reports a second, top-level gate', () => {
    const { definition, report } = importSkill(`
engine:
  finalization_gate: { custom_reason_codes: [FROM_ENGINE] }
finalization_gate:
  custom_reason_codes: [FROM_TOP]
`)
    expect(definition.settings.finalizationGate.customReasonCodes.map((code) => code.code)).toEqual([
      'FROM_ENGINE',
    ])
    expect(report.unmapped).toEqual([
      {
        path: 'finalization_gate',
        message: 'engine.finalization_gate is given too and wins; this section is ignored',
      },
    ])
  })

  it('rejects a catastrophic missing_pattern with an error naming the skill path', () => {
    const error = errorOf(`
engine:
  finalization_gate:
    custom_reason_codes:
      - MISSING_ORDER_ID
      - { code: MISSING_TRACKING, missing_pattern: "(a+)+$" }
`)
    expect(error.code).toBe('invalid-definition')
    expect(error.issues).toEqual([
      {
        path: 'engine.finalization_gate.custom_reason_codes[1].missing_pattern',
        message: '/(a+)+$/ can backtrack catastrophically: nested unbounded quantifiers',
      },
    ])
    expect(error.message).toContain('engine.finalization_gate.custom_reason_codes[1].missing_pattern')
  })

  it('rejects codes the judge would reject, naming the skill path', () => {
    expect(errorOf('finalization_gate:\n  custom_reason_codes: [missing_order_id]\n').issues).toEqual([
      {
        path: 'finalization_gate.custom_reason_codes[0]',
        message: 'use UPPER_SNAKE_CASE (letters, digits and "_"), e.g. MISSING_ORDER_ID',
      },
    ])
    expect(
      errorOf('finalization_gate:\n  custom_reason_codes: [MISSING_ID, MISSING_ID, OVERLY_GENERIC]\n').issues,
    ).toEqual([
      {
        path: 'finalization_gate.custom_reason_codes[1].code',
        message: 'duplicate reason code "MISSING_ID"',
      },
      {
        path: 'finalization_gate.custom_reason_codes[2].code',
        message: '"OVERLY_GENERIC" is a built-in reason code',
      },
    ])
  })

  it('maps the skill model, the gate model and the out-of-domain message', () => {
    const { definition } = importSkill(`
intents:
  out_of_domain: { message: I can only help with orders and refunds }
engine:
  model: claude-3-sonnet
  finalization_gate: { model: claude-3-haiku, strictness: high }
`)
    expect(definition.settings.models).toEqual({ default: 'claude-3-sonnet', judge: 'claude-3-haiku' })
    expect(definition.settings.fallbackReply).toBe('I can only help with orders and refunds')
    expect(importSkill('engine:\n  model: default\n').definition.settings.models).toEqual({})
  })
})
