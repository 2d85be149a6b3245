import type { FocalDefinition } from '../definition/definition-schema.ts'
import { renderTemplate } from './render-template.ts'
import type { ApprovalRequest } from './types.ts'

/** `cancel_order` → `Cancel order`: a tool id in words, for tools without a `label`. */
export function toolIdInWords(toolId: string): string {
  const words = toolId.replaceAll(/[_-]+/gu, ' ').trim()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/**
 * One customer-facing line for a call: its tool's `summary` filled from the call's `args` (and
 * `values`), else the tool's label ("Cancel order NW-2002 ($620)"). The approval card and the
 * "Shall I … now?" confirmation say the same.
 */
export function describeCall(
  tool: FocalDefinition['tools'][number] | undefined,
  call: { toolId: string; args: Record<string, unknown> },
  values: Record<string, unknown> = {},
): string {
  const label = tool?.label ?? toolIdInWords(call.toolId)
  return tool?.summary === undefined
    ? label
    : renderTemplate(tool.summary, { ...values, args: call.args, label }).trim()
}

/**
 * Adds the customer-facing `label` and `summary` to an approval request from the tool's
 * definition (`label`, `summary`, `policy.approval.summary`), e.g. "Cancel order NW-2002 ($620) —
 * needs a supervisor". The internal `reason` is left as it is, for the provenance and the inspector.
 */
export function presentApproval(
  request: ApprovalRequest,
  tool: FocalDefinition['tools'][number] | undefined,
): ApprovalRequest {
  const label = tool?.label ?? toolIdInWords(request.toolId)
  const values: Record<string, unknown> = { args: request.args, label, approver: request.approver }
  const action = describeCall(tool, request, { approver: request.approver })
  const fallback =
    request.approver === undefined ? '{{summary}} — needs approval' : '{{summary}} — needs a {{approver}}'
  const template = tool?.policy.approval?.summary ?? fallback
  const summary = renderTemplate(template, { ...values, summary: action }).trim()
  return { ...request, label, summary }
}
