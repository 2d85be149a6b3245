import type { DefinitionTool } from '../definition/definition-schema.ts'
import { checkExpression, compileExpression } from '../enforcement/compile-expression.ts'
import type { CompiledExpression } from '../enforcement/types.ts'

/** Decision of the pre-tool policy gate for one call. */
export type ToolCallGateDecision =
  | { type: 'allowed' }
  | { type: 'blocked'; reason: string }
  | {
      type: 'approval-required'
      reason: string
      approver?: string
      defaultAction: 'approve' | 'reject'
      timeoutMs?: number
    }

/** A compiled tool policy gate over a definition's tools. */
export interface ToolCallGate {
  check(
    toolId: string,
    args: Record<string, unknown>,
    toolsRun: readonly string[],
    session: Record<string, unknown>,
  ): ToolCallGateDecision
}

/**
 * Compiles the definition's tool policies (never / conditional / approval / ordering) into a gate.
 * Conditions fail closed: an undecidable condition blocks, an undecidable approval check asks.
 */
export function createToolCallGate(tools: readonly DefinitionTool[]): ToolCallGate {
  const compiled = new Map<
    string,
    { tool: DefinitionTool; condition?: CompiledExpression; approval?: CompiledExpression }
  >()
  tools.forEach((tool, index) => {
    const entry: { tool: DefinitionTool; condition?: CompiledExpression; approval?: CompiledExpression } = {
      tool,
    }
    if (tool.policy.condition !== undefined)
      entry.condition = compileExpression(tool.policy.condition, { path: `tools[${index}].policy.condition` })
    if (tool.policy.requiresApproval !== undefined)
      entry.approval = compileExpression(tool.policy.requiresApproval, {
        path: `tools[${index}].policy.requiresApproval`,
      })
    compiled.set(tool.id, entry)
  })
  return {
    check(toolId, args, toolsRun, session) {
      const entry = compiled.get(toolId)
      if (entry === undefined) return { type: 'blocked', reason: `tool "${toolId}" is not declared` }
      const { tool } = entry
      if (tool.policy.allowed === 'never')
        return { type: 'blocked', reason: `tool "${toolId}" is never allowed` }
      const missing = (tool.requires ?? []).find((required) => !toolsRun.includes(required))
      if (missing !== undefined)
        return { type: 'blocked', reason: `tool "${toolId}" needs "${missing}" to run first` }
      const variables = { args, session }
      if (entry.condition !== undefined) {
        const check = checkExpression(entry.condition, variables)
        if (check.type === 'failed')
          return { type: 'blocked', reason: `policy condition failed: ${check.message}` }
      }
      if (entry.approval !== undefined) {
        const outcome = entry.approval.evaluate(variables)
        if (!(outcome.type === 'value' && outcome.value === false)) {
          const approval = tool.policy.approval
          return {
            type: 'approval-required',
            reason: `${entry.approval.source} for ${toolId}`,
            ...(approval?.approver === undefined ? {} : { approver: approval.approver }),
            ...(approval?.timeoutMs === undefined ? {} : { timeoutMs: approval.timeoutMs }),
            defaultAction: approval?.defaultAction ?? 'reject',
          }
        }
      }
      return { type: 'allowed' }
    },
  }
}
