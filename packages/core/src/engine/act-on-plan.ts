import { FocalError } from '../errors/focal-error.ts'
import type { ToolRunner } from '../ports/ports.ts'
import type { MatchedRule } from '../rules/types.ts'
import type { CompiledEngine } from './compile-engine.ts'
import { presentApproval } from './present-approval.ts'
import { renderArguments } from './render-template.ts'
import type { CompletedToolCall, PlannedToolCall } from './session-state.ts'
import type { ApprovalRequest, TurnEvent } from './types.ts'

/** The tool calls the matched rules ask for, arguments filled from entities and fields. */
export function planToolCalls(
  matched: readonly MatchedRule[],
  values: Record<string, unknown>,
): PlannedToolCall[] {
  const calls: PlannedToolCall[] = []
  for (const { rule } of matched) {
    for (const call of rule.tools ?? [])
      calls.push({ ruleId: rule.id, toolId: call.id, args: renderArguments(call.args, values) })
  }
  return calls
}

/** Outcome of running a plan: every call done, or paused at a call that needs approval. */
export type ActOutcome =
  | { type: 'done'; completed: CompletedToolCall[] }
  | {
      type: 'paused'
      completed: CompletedToolCall[]
      remaining: PlannedToolCall[]
      /** The serialisable request the tool gate built (id, approver, expiry, default action). */
      request: ApprovalRequest
    }

/** Everything {@link actOnPlan} needs. */
export interface ActContext {
  compiled: CompiledEngine
  tools: ToolRunner
  sessionId: string
  turnId: string
  toolsRun: string[]
  session: Record<string, unknown>
  emit: (event: TurnEvent) => void
  signal?: AbortSignal
  /** The first call was approved by a human: skip its gate. @default false */
  firstApproved?: boolean
}

/** Gates each planned call (never / conditional / approval / ordering) and runs the allowed ones. */
export async function actOnPlan(plan: readonly PlannedToolCall[], context: ActContext): Promise<ActOutcome> {
  const completed: CompletedToolCall[] = []
  for (let position = 0; position < plan.length; position++) {
    const call = plan[position]!
    const approved = position === 0 && context.firstApproved === true
    const history = { toolsRun: context.toolsRun, session: context.session, sessionId: context.sessionId }
    // An approved call is gated again, its approval not asked for: a check that what happened
    // while it waited has made fail still refuses it.
    const decision = context.compiled.gate.check({ toolId: call.toolId, args: call.args }, history, {
      approved,
    })
    if (decision.type === 'blocked') {
      completed.push({
        ...call,
        status: 'blocked',
        reason: decision.reason,
        ...(decision.refusal === undefined ? {} : { refusal: decision.refusal }),
      })
      context.emit({ type: 'tool-called', toolId: call.toolId, status: 'blocked' })
      continue
    }
    if (decision.type === 'approval-required') {
      context.emit({ type: 'tool-called', toolId: call.toolId, status: 'awaiting-approval' })
      const tool = context.compiled.definition.tools.find((entry) => entry.id === call.toolId)
      const request = presentApproval(decision.request, tool)
      return { type: 'paused', completed, remaining: plan.slice(position), request }
    }
    completed.push(await runTool(call, context, approved))
  }
  return { type: 'done', completed }
}

async function runTool(
  call: PlannedToolCall,
  context: ActContext,
  approved: boolean,
): Promise<CompletedToolCall> {
  const handler = context.tools[call.toolId]
  const fixture = context.compiled.definition.tools.find((tool) => tool.id === call.toolId)?.fixture
  const status = approved ? 'approved' : 'ran'
  try {
    const result =
      handler !== undefined
        ? await handler(call.args, {
            sessionId: context.sessionId,
            turnId: context.turnId,
            ruleId: call.ruleId,
            ...(context.signal === undefined ? {} : { signal: context.signal }),
          })
        : fixture
    if (handler === undefined && fixture === undefined)
      throw new FocalError({
        code: 'tool-not-found',
        message: `no runner or fixture for tool "${call.toolId}"`,
      })
    context.toolsRun.push(call.toolId)
    context.emit({ type: 'tool-called', toolId: call.toolId, status })
    return { ...call, status, result }
  } catch (error) {
    context.emit({ type: 'tool-called', toolId: call.toolId, status: 'failed' })
    return { ...call, status: 'failed', reason: error instanceof Error ? error.message : String(error) }
  }
}
