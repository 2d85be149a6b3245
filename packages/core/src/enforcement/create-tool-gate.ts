import { FocalError } from '../errors/focal-error.ts'
import type { Clock, IdGenerator } from '../ports/ports.ts'
import type { ApprovalRequest } from '../ports/turn-types.ts'
import { checkExpression, compileExpression } from './compile-expression.ts'
import type {
  CompiledExpression,
  ToolCall,
  ToolGateDecision,
  ToolHistory,
  ToolOrdering,
  ToolPolicy,
} from './types.ts'

/** Options of `createToolGate`. */
export interface ToolGateOptions {
  tools: readonly ToolPolicy[]
  /** "verify identity before account access": ordering constraints on tool calls. @default [] */
  ordering?: readonly ToolOrdering[]
  /** What happens to a tool without a policy. @default 'block' */
  unknownTools?: 'allow' | 'block'
  /** Time source for approval expiry. @default Date.now */
  clock?: Clock
  /** Approval id source. @default crypto.randomUUID */
  ids?: IdGenerator
  /** Path named in load errors. @default 'tools' */
  path?: string
}

/** The pre-tool gate: decides every proposed call before it runs. */
export interface ToolGate {
  /**
   * Whether `call` may run now. With `approved` (a person approved it already), its approval is
   * not asked for again, but its rules still block it: a check that what happened while it waited
   * has made fail (a refund on the order while its cancellation waited) refuses it.
   */
  check(call: ToolCall, history: ToolHistory, options?: { approved?: boolean }): ToolGateDecision
  /**
   * A refusal the call meets whatever its missing arguments turn out to be: the first check that
   * `call.args` (only the arguments known so far) already decides as not met and that has a
   * refusal to say. A check that reads a missing argument cannot decide yet and is passed over.
   * Lets a conversation say "that order was cancelled, so there's nothing to refund" before it
   * asks for the amount a refund would need.
   */
  refusesAhead(call: ToolCall, history: ToolHistory): { reason: string; refusal: string } | undefined
}

interface CompiledPolicy {
  policy: ToolPolicy
  condition: CompiledExpression | undefined
  checks: Array<{ condition: CompiledExpression; refusal: string | undefined }>
  approval: CompiledExpression | undefined
}

const allowedValues = new Set(['always', 'conditional', 'never'])

/**
 * Compiles tool policies once and gates each call: `never` blocks, ordering constraints block
 * until the required tool ran, a `conditional` tool runs only when its CEL condition over `args`
 * and `session` is true and so is each of its `checks` (the first not met gives its refusal), and `requiresApproval` (`args.amount > 500`) pauses the call with a
 * serialisable approval request. Undecidable conditions block; undecidable approval checks ask.
 *
 * @example
 * const gate = createToolGate({ tools: [{ id: 'refund', allowed: 'always', requiresApproval: 'args.amount > 500',
 *   approval: { defaultAction: 'reject', timeoutMs: 3_600_000 } }], ordering: [{ tool: 'refund', requires: 'verify_identity' }] })
 * gate.check({ toolId: 'refund', args: { amount: 600 } }, { toolsRun: ['verify_identity'] }).type // 'approval-required'
 */
export function createToolGate(options: ToolGateOptions): ToolGate {
  const { tools, ordering = [], unknownTools = 'block', path = 'tools' } = options
  const clock = options.clock ?? { now: () => Date.now() }
  const ids = options.ids ?? { next: (prefix = 'approval') => `${prefix}_${crypto.randomUUID()}` }
  const policies = new Map<string, CompiledPolicy>()
  tools.forEach((policy, index) => {
    const at = `${path}[${index}]`
    if (typeof policy.id !== 'string' || policy.id === '')
      throw invalid(`${at}.id`, 'expected a non-empty string')
    if (policies.has(policy.id)) throw invalid(`${at}.id`, `duplicate tool policy "${policy.id}"`)
    if (!allowedValues.has(policy.allowed))
      throw invalid(`${at}.allowed`, `expected always, conditional or never, got "${String(policy.allowed)}"`)
    if (policy.allowed === 'conditional' && policy.condition === undefined && !policy.checks?.length)
      throw invalid(`${at}.condition`, 'a conditional tool needs a condition or checks')
    policies.set(policy.id, {
      policy,
      condition:
        policy.condition === undefined
          ? undefined
          : compileExpression(policy.condition, { path: `${at}.condition` }),
      checks: (policy.checks ?? []).map((entry, checkIndex) => ({
        condition: compileExpression(entry.condition, { path: `${at}.checks[${checkIndex}].condition` }),
        refusal: entry.refusal,
      })),
      approval:
        policy.requiresApproval === undefined
          ? undefined
          : compileExpression(policy.requiresApproval, { path: `${at}.requiresApproval` }),
    })
  })

  const check = (
    call: ToolCall,
    history: ToolHistory,
    options?: { approved?: boolean },
  ): ToolGateDecision => {
    const compiled = policies.get(call.toolId)
    if (compiled === undefined) {
      return unknownTools === 'allow'
        ? { type: 'allowed' }
        : { type: 'blocked', reason: `no policy allows tool "${call.toolId}"` }
    }
    const { policy } = compiled
    const ruleId = policy.ruleId === undefined ? {} : { ruleId: policy.ruleId }
    if (policy.allowed === 'never')
      return { type: 'blocked', reason: `tool "${call.toolId}" is never allowed`, ...ruleId }
    for (const constraint of ordering) {
      if (constraint.tool === call.toolId && !history.toolsRun.includes(constraint.requires)) {
        return {
          type: 'blocked',
          reason: `tool "${call.toolId}" requires "${constraint.requires}" to run first`,
          ...(constraint.ruleId === undefined ? {} : { ruleId: constraint.ruleId }),
        }
      }
    }
    const variables = { tool: call.toolId, args: call.args, session: history.session ?? {} }
    // A reason names which condition or check, never its expression: it reaches the customer's
    // provenance and ledger (`args.amount + sum(…) <= 50` is the policy, not an explanation).
    if (compiled.condition !== undefined) {
      const result = checkExpression(compiled.condition, variables)
      if (result.type === 'failed')
        return { type: 'blocked', reason: `the condition of tool "${call.toolId}" is not met`, ...ruleId }
    }
    // Each check in order; the first not met says why (its refusal), and undecidable ones block.
    for (const [index, entry] of compiled.checks.entries()) {
      const result = checkExpression(entry.condition, variables)
      if (result.type === 'failed')
        return {
          type: 'blocked',
          reason: `check ${index + 1} of tool "${call.toolId}" is not met`,
          ...ruleId,
          ...(entry.refusal === undefined ? {} : { refusal: entry.refusal }),
        }
    }
    if (compiled.approval === undefined || options?.approved === true) return { type: 'allowed' }
    const needsApproval = compiled.approval.evaluate(variables)
    // Only a clear `false` skips approval; an error or a non-boolean asks a human.
    if (needsApproval.type === 'value' && needsApproval.value === false) return { type: 'allowed' }
    return { type: 'approval-required', request: approvalRequestFor(call, history, policy, clock, ids) }
  }

  const refusesAhead = (call: ToolCall, history: ToolHistory) => {
    const compiled = policies.get(call.toolId)
    if (compiled === undefined) return undefined
    const variables = { tool: call.toolId, args: call.args, session: history.session ?? {} }
    for (const [index, entry] of compiled.checks.entries()) {
      if (entry.refusal === undefined) continue
      const result = entry.condition.evaluate(variables)
      if (result.type === 'value' && result.value === false)
        return { reason: `check ${index + 1} of tool "${call.toolId}" is not met`, refusal: entry.refusal }
    }
    return undefined
  }

  return { check, refusesAhead }
}

function approvalRequestFor(
  call: ToolCall,
  history: ToolHistory,
  policy: ToolPolicy,
  clock: Clock,
  ids: IdGenerator,
): ApprovalRequest {
  const approval = policy.approval
  const request: ApprovalRequest = {
    id: ids.next('approval'),
    sessionId: history.sessionId ?? '',
    toolId: call.toolId,
    args: structuredClone(call.args),
    // Says which policy asks, never its condition: the request reaches the customer's widget, the
    // turn's provenance and their own ledger, and `args.amount > 500` tells them what to stay under.
    reason: `tool "${call.toolId}" needs approval by its policy${policy.ruleId === undefined ? '' : ` (rule ${policy.ruleId})`}`,
    defaultAction: approval?.defaultAction ?? 'reject',
  }
  if (approval?.approver !== undefined) request.approver = approval.approver
  if (approval?.timeoutMs !== undefined)
    request.expiresAt = new Date(clock.now() + approval.timeoutMs).toISOString()
  return request
}

function invalid(path: string, message: string): FocalError {
  return new FocalError({
    code: 'invalid-definition',
    message: `${path}: ${message}`,
    issues: [{ path, message }],
  })
}
