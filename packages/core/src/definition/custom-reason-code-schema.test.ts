import { describe, expect, it } from 'vitest'
import { FocalError } from '../errors/focal-error.ts'
import type { CustomReasonCode } from '../judge/types.ts'
import { loadDefinition } from './load-definition.ts'

function load(customReasonCodes: unknown) {
  return loadDefinition({ settings: { finalizationGate: { enabled: true, customReasonCodes } } })
}

function issuesOf(customReasonCodes: unknown) {
  try {
    load(customReasonCodes)
  } catch (error) {
    if (FocalError.isInstance(error) && error.code === 'invalid-definition') return error.issues
    throw error
  }
  return []
}

describe('customReasonCodeSchema', () => {
  it('loads plain strings and objects into the shape the alignment judge takes', () => {
    const definition = load([
      'MISSING_ORDER_ID',
      {
        code: 'REFUND_POLICY_VIOLATION',
        severity: 'hard',
        description: 'Promises a refund the policy does not allow',
        missingPattern: 'refund (policy|terms)',
      },
    ])
    const codes: readonly CustomReasonCode[] = definition.settings.finalizationGate.customReasonCodes
    expect(codes).toEqual([
      { code: 'MISSING_ORDER_ID', severity: 'soft' },
      {
        code: 'REFUND_POLICY_VIOLATION',
        severity: 'hard',
        description: 'Promises a refund the policy does not allow',
        missingPattern: 'refund (policy|terms)',
      },
    ])
  })

  it('defaults to no custom codes, with or without a finalizationGate section', () => {
    expect(loadDefinition({}).settings.finalizationGate.customReasonCodes).toEqual([])
    expect(
      loadDefinition({ settings: { finalizationGate: { enabled: true } } }).settings.finalizationGate
        .customReasonCodes,
    ).toEqual([])
  })

  it('rejects a code that is not UPPER_SNAKE_CASE, in either shape, naming the path', () => {
    expect(issuesOf(['missing_order_id'])).toEqual([
      {
        path: 'settings.finalizationGate.customReasonCodes[0]',
        message:
          '"missing_order_id" is not UPPER_SNAKE_CASE (letters, digits and "_"), e.g. MISSING_ORDER_ID',
      },
    ])
    expect(issuesOf([{ code: 'Missing-Id' }])[0]?.path).toBe(
      'settings.finalizationGate.customReasonCodes[0].code',
    )
    expect(issuesOf([{ code: 'OK', severity: 'fatal' }])).toEqual([
      {
        path: 'settings.finalizationGate.customReasonCodes[0]',
        message: 'severity: Invalid option: expected one of "hard"|"soft"',
      },
    ])
  })

  it('rejects duplicates and built-in judge codes', () => {
    expect(issuesOf(['MISSING_ORDER_ID', { code: 'MISSING_ORDER_ID' }, 'OVERLY_GENERIC'])).toEqual([
      {
        path: 'settings.finalizationGate.customReasonCodes[1].code',
        message: 'duplicate reason code "MISSING_ORDER_ID"',
      },
      {
        path: 'settings.finalizationGate.customReasonCodes[2].code',
        message: '"OVERLY_GENERIC" is a built-in reason code',
      },
    ])
  })

  it('rejects a missingPattern that can backtrack catastrophically, naming the path', () => {
    const [issue] = issuesOf([{ code: 'MISSING_ORDER_ID', missingPattern: '(a+)+$' }])
    expect(issue?.path).toBe('settings.finalizationGate.customReasonCodes[0].missingPattern')
    expect(issue?.message).toContain('nested unbounded quantifiers')
  })
})
