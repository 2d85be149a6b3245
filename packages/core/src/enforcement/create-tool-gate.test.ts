import { describe, expect, it } from 'vitest'
import { FocalError } from '../errors/focal-error.ts'
import { createToolGate } from './create-tool-gate.ts'
import { parseApprovalRequest, resolveApproval } from './resolve-approval.ts'

const clock = { now: () => Date.parse('2026-01-01T00:00:00.000Z') }
let counter = 0
const ids = { next: (prefix = 'id') => `${prefix}-${++counter}` }

const gate = createToolGate({
  tools: [
    { id: 'verify_identity', allowed: 'always' },
    { id: 'get_account', allowed: 'always' },
    { id: 'delete_account', allowed: 'never', ruleId: 'no-deletes' },
    {
      id: 'issue_refund',
      allowed: 'always',
      requiresApproval: 'args.amount > 500',
      approval: { approver: 'supervisor', timeoutMs: 60_000, defaultAction: 'reject' },
    },
    {
      id: 'apply_discount',
      allowed: 'conditional',
      condition: 'session.tier == "gold" && args.percent <= 20',
    },
  ],
  ordering: [{ tool: 'get_account', requires: 'verify_identity', ruleId: 'verify-first' }],
  clock,
  ids,
})

describe('createToolGate', () => {
  it('runs a call only when every check holds, and says the refusal of the first that does not', () => {
    const checked = createToolGate({
      tools: [
        {
          id: 'refund',
          allowed: 'conditional',
          checks: [
            { condition: 'args.amount > 0', refusal: 'more than $0' },
            { condition: "args.currency == 'USD'", refusal: 'in dollars only' },
            { condition: 'args.amount <= 50' },
          ],
        },
      ],
    })
    const call = (args: Record<string, unknown>) =>
      checked.check({ toolId: 'refund', args }, { toolsRun: [] })
    expect(call({ amount: 20, currency: 'USD' })).toEqual({ type: 'allowed' })
    expect(call({ amount: 0, currency: 'EUR' })).toMatchObject({ type: 'blocked', refusal: 'more than $0' })
    expect(call({ amount: 20, currency: 'EUR' })).toMatchObject({
      type: 'blocked',
      refusal: 'in dollars only',
    })
    const over = call({ amount: 80, currency: 'USD' })
    expect(over).toMatchObject({ type: 'blocked', reason: 'check 3 of tool "refund" is not met' })
    expect(over).not.toHaveProperty('refusal')
    // The reason names the check, never its expression (it reaches the customer's provenance).
    expect(JSON.stringify(over)).not.toContain('50')
    // A check that cannot be decided (no currency at all) blocks.
    expect(call({ amount: 20 })).toMatchObject({ type: 'blocked' })
    expect(() =>
      createToolGate({
        tools: [{ id: 'x', allowed: 'conditional', checks: [{ condition: 'args.amount >' }] }],
      }),
    ).toThrow(/tools\[0\]\.checks\[0\]\.condition/)
  })

  it('says a refusal ahead only when the arguments known so far already decide a check (rv58 26)', () => {
    const refunds = createToolGate({
      tools: [
        {
          id: 'refund',
          allowed: 'conditional',
          checks: [
            { condition: 'args.amount > 0', refusal: 'more than $0' },
            {
              condition: '!session.cancelled.exists(id, id == args.order_id)',
              refusal: 'order {{args.order_id}} was cancelled',
            },
            { condition: 'args.amount <= 50' },
          ],
        },
      ],
    })
    const history = (cancelled: string[]) => ({ toolsRun: [], session: { cancelled } })
    // The amount is not known: its checks cannot decide and are passed over; the order's can.
    expect(refunds.refusesAhead({ toolId: 'refund', args: { order_id: 'NW-2' } }, history(['NW-2']))).toEqual(
      {
        reason: 'check 2 of tool "refund" is not met',
        refusal: 'order {{args.order_id}} was cancelled',
      },
    )
    expect(
      refunds.refusesAhead({ toolId: 'refund', args: { order_id: 'NW-1' } }, history(['NW-2'])),
    ).toBeUndefined()
    // A check with no refusal to say is never said ahead; an unknown tool has none.
    expect(refunds.refusesAhead({ toolId: 'refund', args: { amount: 80 } }, history([]))).toBeUndefined()
    expect(refunds.refusesAhead({ toolId: 'other', args: {} }, history([]))).toBeUndefined()
  })

  it('blocks a never-allowed tool and names the rule', () => {
    expect(gate.check({ toolId: 'delete_account', args: {} }, { toolsRun: [] })).toMatchObject({
      type: 'blocked',
      ruleId: 'no-deletes',
    })
  })

  it('enforces "verify identity before account access" as an ordering constraint', () => {
    expect(gate.check({ toolId: 'get_account', args: {} }, { toolsRun: [] })).toMatchObject({
      type: 'blocked',
      ruleId: 'verify-first',
    })
    expect(gate.check({ toolId: 'get_account', args: {} }, { toolsRun: ['verify_identity'] })).toEqual({
      type: 'allowed',
    })
  })

  it('asks for approval above the threshold with a serialisable request', () => {
    const decision = gate.check(
      { toolId: 'issue_refund', args: { amount: 600 } },
      { toolsRun: [], sessionId: 's1' },
    )
    expect(decision.type).toBe('approval-required')
    if (decision.type !== 'approval-required') return
    expect(decision.request).toMatchObject({
      sessionId: 's1',
      toolId: 'issue_refund',
      args: { amount: 600 },
      approver: 'supervisor',
      expiresAt: '2026-01-01T00:01:00.000Z',
      defaultAction: 'reject',
    })
    expect(parseApprovalRequest(JSON.stringify(decision.request))).toEqual(decision.request)
    expect(gate.check({ toolId: 'issue_refund', args: { amount: 500 } }, { toolsRun: [] })).toEqual({
      type: 'allowed',
    })
  })

  it('asks a human when the approval check cannot be evaluated', () => {
    expect(gate.check({ toolId: 'issue_refund', args: {} }, { toolsRun: [] }).type).toBe('approval-required')
  })

  it('runs a conditional tool only when its condition holds, and blocks when it cannot be decided', () => {
    const history = { toolsRun: [], session: { tier: 'gold' } }
    expect(gate.check({ toolId: 'apply_discount', args: { percent: 10 } }, history)).toEqual({
      type: 'allowed',
    })
    expect(gate.check({ toolId: 'apply_discount', args: { percent: 30 } }, history).type).toBe('blocked')
    expect(gate.check({ toolId: 'apply_discount', args: {} }, history).type).toBe('blocked')
  })

  it('blocks tools without a policy unless told to allow them', () => {
    expect(gate.check({ toolId: 'mystery', args: {} }, { toolsRun: [] }).type).toBe('blocked')
    const open = createToolGate({ tools: [], unknownTools: 'allow' })
    expect(open.check({ toolId: 'mystery', args: {} }, { toolsRun: [] }).type).toBe('allowed')
  })

  it('rejects invalid policies at load with located errors', () => {
    expect(() => createToolGate({ tools: [{ id: 'x', allowed: 'conditional' }] })).toThrowError(
      /tools\[0\]\.condition/,
    )
    try {
      createToolGate({ tools: [{ id: 'x', allowed: 'always', requiresApproval: 'args.amount >' }] })
      expect.unreachable()
    } catch (error) {
      expect(FocalError.isInstance(error) && error.code).toBe('invalid-expression')
      expect((error as FocalError).message).toContain('tools[0].requiresApproval')
    }
  })
})

describe('resolveApproval', () => {
  const request = {
    id: 'approval-1',
    sessionId: 's',
    toolId: 'issue_refund',
    args: { amount: 600 },
    reason: 'args.amount > 500',
    expiresAt: '2026-01-01T00:01:00.000Z',
    defaultAction: 'reject' as const,
  }
  const before = Date.parse('2026-01-01T00:00:30.000Z')
  const after = Date.parse('2026-01-01T00:02:00.000Z')

  it('resumes on approve or reject while the request is live', () => {
    expect(resolveApproval({ request, decision: { type: 'approve' }, now: before })).toMatchObject({
      type: 'approved',
      by: 'human',
    })
    expect(
      resolveApproval({ request, decision: { type: 'reject', reason: 'too much' }, now: before }),
    ).toMatchObject({
      type: 'rejected',
      by: 'human',
      reason: 'too much',
    })
    expect(resolveApproval({ request, now: before }).type).toBe('pending')
  })

  it('applies the default action after the timeout, even to a late decision', () => {
    expect(resolveApproval({ request, now: after })).toMatchObject({ type: 'rejected', by: 'timeout' })
    expect(resolveApproval({ request, decision: { type: 'approve' }, now: after })).toMatchObject({
      type: 'rejected',
      by: 'timeout',
    })
    expect(resolveApproval({ request: { ...request, defaultAction: 'approve' }, now: after })).toMatchObject({
      type: 'approved',
      by: 'timeout',
    })
  })
})

describe('parseApprovalRequest', () => {
  it('rejects a malformed request with a located error', () => {
    expect(() =>
      parseApprovalRequest({
        id: 'a',
        sessionId: 's',
        toolId: 't',
        args: {},
        reason: 'r',
        defaultAction: 'maybe',
      }),
    ).toThrowError(/approval\.defaultAction/)
    expect(() => parseApprovalRequest('{not json')).toThrowError(/not valid JSON/)
  })
})
