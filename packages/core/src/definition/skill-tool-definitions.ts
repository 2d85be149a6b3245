import type { FocalDefinitionInput } from './definition-schema.ts'
import type { SkillToolIndex } from './index-skill-tools.ts'
import type { SkillImportReport } from './skill-import-report.ts'
import type { SkillDocument, SkillTool } from './skill-schema.ts'

type ToolInput = NonNullable<FocalDefinitionInput['tools']>[number]
type SkillApproval = NonNullable<NonNullable<SkillDocument['policy']>['approvals']>[number]

/** What {@link skillToolDefinitions} combines with the tools' own policies. */
export interface SkillToolSources {
  index: SkillToolIndex
  /** Seed 004 §8 orderings from required workflows, by tool id. */
  orderings: ReadonlyMap<string, string[]>
  /** Policies compiled from guardrail text, by tool id; they tighten the tool's own. */
  guardrailPolicies: ReadonlyMap<string, object>
}

const jsonTypes: Readonly<Record<string, string>> = {
  string: 'string',
  str: 'string',
  text: 'string',
  number: 'number',
  float: 'number',
  double: 'number',
  integer: 'integer',
  int: 'integer',
  boolean: 'boolean',
  bool: 'boolean',
  object: 'object',
  array: 'array',
}

/** `amount > 500` → `args.amount > 500` (skill conditions name the tool's inputs directly). */
function toArgsExpression(expression: string): string {
  return expression.replace(/(?<![.\w"'])([A-Za-z_]\w*)(?![\w(])/gu, (word) =>
    ['true', 'false', 'null', 'in', 'args', 'session', 'has', 'size'].includes(word) ? word : `args.${word}`,
  )
}

/**
 * Maps skill tools (and `policy.approvals`) to definition tools: policies, approval conditions
 * (`requires_approval: conditional` uses the tool's `condition`), Skill Builder `inputs`/`output`
 * as JSON Schemas, required-workflow orderings and guardrail policies.
 */
export function skillToolDefinitions(
  skill: SkillDocument,
  report: SkillImportReport,
  sources: SkillToolSources,
): ToolInput[] {
  const approvals = new Map<string, { approval: SkillApproval; index: number }>()
  ;(skill.policy?.approvals ?? []).forEach((approval, index) => {
    approvals.set(sources.index.toolIdFor(approval.tool_id) ?? approval.tool_id, { approval, index })
  })
  const tools = (skill.tools ?? []).map((tool, index): ToolInput => {
    const id = sources.index.ids[index] as string
    return {
      id,
      ...(tool.description === undefined ? {} : { description: tool.description }),
      ...(sources.orderings.has(id) ? { requires: sources.orderings.get(id) as string[] } : {}),
      ...(tool.inputs === undefined
        ? {}
        : { inputSchema: inputSchemaOf(tool.inputs, `tools[${index}].inputs`, report) }),
      ...(tool.output === undefined ? {} : { outputSchema: tool.output }),
      policy: {
        ...toolPolicy(tool, `tools[${index}].policy`, approvals.get(id)?.approval, report),
        ...sources.guardrailPolicies.get(id),
      },
    }
  })
  for (const [toolId, { approval, index }] of approvals) {
    if (!tools.some((tool) => tool.id === toolId)) {
      tools.push({
        id: toolId,
        policy: {
          allowed: 'always',
          requiresApproval: toArgsExpression(approval.when ?? 'true'),
          ...(approval.approver === undefined ? {} : { approval: { approver: approval.approver } }),
        },
      })
      report.unmapped.push({
        path: `policy.approvals[${index}].tool_id`,
        message: `tool "${toolId}" is not declared under tools; declared it with the approval policy only`,
      })
    }
    if (approval.action !== undefined && !/approv/iu.test(approval.action)) {
      report.unmapped.push({
        path: `policy.approvals[${index}].action`,
        message: `action "${approval.action}" is treated as require-approval`,
      })
    }
  }
  return tools
}

function toolPolicy(
  tool: SkillTool,
  path: string,
  required: SkillApproval | undefined,
  report: SkillImportReport,
): NonNullable<ToolInput['policy']> {
  const policy = tool.policy ?? {}
  const written = policy.requires_approval
  let condition = policy.condition ?? policy.when
  let approvalWhen: string | undefined
  if (written === 'conditional') {
    // Skill Builder: `requires_approval: conditional` + `condition` = approval when the condition holds.
    approvalWhen = condition ?? 'true'
    if (condition === undefined)
      report.unmapped.push({
        path: `${path}.requires_approval`,
        message: 'conditional approval without a condition: every call needs approval',
      })
    else if (policy.allowed === 'conditional')
      report.unmapped.push({
        path: `${path}.allowed`,
        message: `the condition "${condition}" is the approval condition (requires_approval: conditional); the tool is allowed always`,
      })
    condition = undefined
  } else if (written === true || written === 'always') approvalWhen = 'true'
  else if (typeof written === 'string' && written !== 'never') approvalWhen = written
  else approvalWhen = required === undefined ? undefined : (required.when ?? 'true')
  let allowed = policy.allowed ?? 'always'
  if (allowed === 'conditional' && condition === undefined) {
    allowed = written === 'conditional' ? 'always' : 'never'
    if (written !== 'conditional')
      report.unmapped.push({ path, message: 'conditional tool without a condition: it will never run' })
  }
  return {
    allowed,
    ...(condition === undefined ? {} : { condition: toArgsExpression(condition) }),
    ...(approvalWhen === undefined ? {} : { requiresApproval: toArgsExpression(approvalWhen) }),
    ...(required?.approver === undefined
      ? {}
      : { approval: { approver: required.approver, defaultAction: 'reject' as const } }),
  }
}

function inputSchemaOf(
  inputs: NonNullable<SkillTool['inputs']>,
  path: string,
  report: SkillImportReport,
): Record<string, unknown> {
  const properties: Record<string, Record<string, unknown>> = {}
  const required: string[] = []
  inputs.forEach((input, index) => {
    const type = input.type === undefined ? undefined : jsonTypes[input.type.toLowerCase()]
    if (input.type !== undefined && type === undefined)
      report.unmapped.push({
        path: `${path}[${index}].type`,
        message: `"${input.type}" is not a JSON Schema type; the input accepts any value`,
      })
    properties[input.name] = {
      ...(type === undefined ? {} : { type }),
      ...(input.description === undefined ? {} : { description: input.description }),
      ...(input.enum === undefined ? {} : { enum: input.enum }),
    }
    if (input.required === true) required.push(input.name)
  })
  return { type: 'object', properties, ...(required.length === 0 ? {} : { required }) }
}
