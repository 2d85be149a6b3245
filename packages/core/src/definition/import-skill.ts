import { parse as parseYaml } from 'yaml'
import { FocalError, type FocalIssue } from '../errors/focal-error.ts'
import type { FocalDefinition, FocalDefinitionInput } from './definition-schema.ts'
import { guardrailToRule } from './guardrail-to-rule.ts'
import { loadDefinition } from './load-definition.ts'
import { type SkillDocument, skillSchema } from './skill-schema.ts'

/** What `importSkill` could not carry over, and the seed 004 §11 complexity warnings. */
export interface SkillImportReport {
  /** Parts of the skill with no Focal equivalent (or only a weaker one), located. */
  unmapped: FocalIssue[]
  /** Workflow complexity limits (§11) and other advice; the definition still loads. */
  warnings: FocalIssue[]
}

/** Result of {@link importSkill}. */
export interface SkillImport {
  definition: FocalDefinition
  report: SkillImportReport
}

/** Options of {@link importSkill}. */
export interface ImportSkillOptions {
  /** Seed 004 §11: most steps per workflow. @default 5 */
  maxWorkflowSteps?: number
  /** Seed 004 §11: most workflows per skill. @default 3 */
  maxWorkflows?: number
}

const knownTopLevel = new Set(['id', 'name', 'description', 'persona', 'policy', 'tools', 'engine'])
const knownPolicy = new Set(['guardrails', 'safety_rules', 'workflows', 'approvals'])

/**
 * Reads a seed 004 skill YAML (guardrails, workflows, approvals, tool policies, finalization gate)
 * into a Focal definition, reporting what could not be mapped and the §11 complexity warnings.
 *
 * @example
 * const { definition, report } = importSkill(skillYaml)
 * for (const issue of report.unmapped) console.warn(`${issue.path}: ${issue.message}`)
 */
export function importSkill(source: string | object, options: ImportSkillOptions = {}): SkillImport {
  const { maxWorkflowSteps = 5, maxWorkflows = 3 } = options
  const skill = parseSkill(source)
  const report: SkillImportReport = { unmapped: [], warnings: [] }
  reportUnknownKeys(skill, report)
  const toolIds = new Set((skill.tools ?? []).map((tool) => tool.id))
  const guardrails = guardrailRules(skill, report, toolIds)
  const input: FocalDefinitionInput = {
    name: skill.name ?? skill.id ?? 'imported-skill',
    ...(skill.description === undefined ? {} : { description: skill.description }),
    ...(skill.persona === undefined ? {} : { persona: skill.persona }),
    guardrails: {
      never: skill.policy?.guardrails?.never ?? [],
      always: skill.policy?.guardrails?.always ?? [],
    },
    rules: guardrails.rules,
    tools: toolDefinitions(skill, report, workflowOrderings(skill, toolIds), guardrails.policies),
    ...workflowScenarios(skill, toolIds, report, maxWorkflowSteps, maxWorkflows),
  }
  const gate = skill.engine?.finalization_gate
  if (gate !== undefined) {
    input.settings = {
      finalizationGate: {
        ...(gate.enabled === undefined ? {} : { enabled: gate.enabled }),
        ...(gate.max_retries === undefined ? {} : { maxRetries: gate.max_retries }),
        ...(gate.strictness === undefined ? {} : { strictness: gate.strictness }),
      },
      ...(gate.max_retries === undefined ? {} : { maxRegenerations: gate.max_retries }),
      ...(gate.model === undefined ? {} : { models: { judge: gate.model } }),
    }
  }
  return { definition: loadDefinition(input), report }
}

function parseSkill(source: string | object): SkillDocument {
  let raw: unknown = source
  if (typeof source === 'string') {
    try {
      raw = parseYaml(source, { maxAliasCount: 100, logLevel: 'error' })
    } catch (error) {
      const message = `not valid YAML: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`
      throw new FocalError({
        code: 'invalid-definition',
        message,
        issues: [{ path: '', message }],
        cause: error,
      })
    }
  }
  const parsed = skillSchema.safeParse(raw)
  if (parsed.success) return parsed.data
  const issues = parsed.error.issues.map((issue) => ({
    path: issue.path
      .map((segment) => (typeof segment === 'number' ? `[${segment}]` : `.${String(segment)}`))
      .join('')
      .replace(/^\./u, ''),
    message: issue.message,
  }))
  throw new FocalError({
    code: 'invalid-definition',
    message: `invalid skill: ${issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ')}`,
    issues,
  })
}

function reportUnknownKeys(skill: SkillDocument, report: SkillImportReport): void {
  for (const key of Object.keys(skill))
    if (!knownTopLevel.has(key)) report.unmapped.push({ path: key, message: 'no Focal equivalent; ignored' })
  for (const key of Object.keys(skill.policy ?? {}))
    if (!knownPolicy.has(key))
      report.unmapped.push({ path: `policy.${key}`, message: 'no Focal equivalent; ignored' })
}

function guardrailRules(
  skill: SkillDocument,
  report: SkillImportReport,
  toolIds: ReadonlySet<string>,
): { rules: NonNullable<FocalDefinitionInput['rules']>; policies: Map<string, object> } {
  const rules: NonNullable<FocalDefinitionInput['rules']> = []
  const policies = new Map<string, object>()
  const groups = [
    ['never', skill.policy?.guardrails?.never ?? [], 'policy.guardrails.never'],
    ['always', skill.policy?.guardrails?.always ?? [], 'policy.guardrails.always'],
    ['safety', skill.policy?.safety_rules ?? [], 'policy.safety_rules'],
  ] as const
  for (const [kind, texts, path] of groups) {
    for (const [index, text] of texts.entries()) {
      const mapping = guardrailToRule(kind, text, index, `${path}[${index}]`, toolIds)
      rules.push(mapping.rule)
      if (mapping.unmapped !== undefined) report.unmapped.push(mapping.unmapped)
      if (mapping.toolPolicy !== undefined)
        policies.set(mapping.toolPolicy.toolId, {
          ...policies.get(mapping.toolPolicy.toolId),
          ...mapping.toolPolicy.policy,
        })
    }
  }
  return { rules, policies }
}

/** `amount > 500` → `args.amount > 500` (skill conditions name the tool's inputs directly). */
function toArgsExpression(expression: string): string {
  return expression.replace(/(?<![.\w"'])([A-Za-z_]\w*)(?![\w(])/gu, (word) =>
    ['true', 'false', 'null', 'in', 'args', 'session', 'has', 'size'].includes(word) ? word : `args.${word}`,
  )
}

function toolDefinitions(
  skill: SkillDocument,
  report: SkillImportReport,
  orderings: ReadonlyMap<string, string[]>,
  guardrailPolicies: ReadonlyMap<string, object>,
): NonNullable<FocalDefinitionInput['tools']> {
  const approvals = new Map(
    (skill.policy?.approvals ?? []).map((approval, index) => [approval.tool_id, { approval, index }]),
  )
  const tools: NonNullable<FocalDefinitionInput['tools']> = (skill.tools ?? []).map((tool, index) => {
    const policy = tool.policy ?? {}
    const condition = policy.condition ?? policy.when
    const required = approvals.get(tool.id)?.approval
    const approvalWhen =
      typeof policy.requires_approval === 'string'
        ? policy.requires_approval
        : policy.requires_approval === true
          ? 'true'
          : (required?.when ?? (required === undefined ? undefined : 'true'))
    if (policy.allowed === 'conditional' && condition === undefined) {
      report.unmapped.push({
        path: `tools[${index}].policy`,
        message: 'conditional tool without a condition: it will never run',
      })
    }
    return {
      id: tool.id,
      ...(tool.description === undefined ? {} : { description: tool.description }),
      ...(orderings.has(tool.id) ? { requires: orderings.get(tool.id)! } : {}),
      policy: {
        allowed:
          policy.allowed === 'conditional' && condition === undefined
            ? 'never'
            : (policy.allowed ?? 'always'),
        ...(condition === undefined ? {} : { condition: toArgsExpression(condition) }),
        ...(approvalWhen === undefined ? {} : { requiresApproval: toArgsExpression(approvalWhen) }),
        ...(required?.approver === undefined
          ? {}
          : { approval: { approver: required.approver, defaultAction: 'reject' as const } }),
        // Policies compiled from the guardrail text ("never use X", "X needs approval") tighten the tool's own.
        ...guardrailPolicies.get(tool.id),
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

function workflowScenarios(
  skill: SkillDocument,
  toolIds: ReadonlySet<string>,
  report: SkillImportReport,
  maxWorkflowSteps: number,
  maxWorkflows: number,
): Pick<FocalDefinitionInput, 'scenarios' | 'intents'> {
  const workflows = skill.policy?.workflows ?? []
  if (workflows.length > maxWorkflows) {
    report.warnings.push({
      path: 'policy.workflows',
      message: `${workflows.length} workflows exceed the limit of ${maxWorkflows} (seed 004 §11)`,
    })
  }
  const intents: NonNullable<FocalDefinitionInput['intents']> = []
  const scenarios: NonNullable<FocalDefinitionInput['scenarios']> = workflows.map((workflow, index) => {
    const path = `policy.workflows[${index}]`
    const id = workflow.id ?? `workflow-${index + 1}`
    if (workflow.steps.length > maxWorkflowSteps) {
      report.warnings.push({
        path: `${path}.steps`,
        message: `${workflow.steps.length} steps exceed the limit of ${maxWorkflowSteps} (seed 004 §11)`,
      })
    }
    workflow.steps.forEach((step, stepIndex) => {
      if (!toolIds.has(step))
        report.warnings.push({
          path: `${path}.steps[${stepIndex}]`,
          message: `step "${step}" does not map to a known tool (seed 004 §11)`,
        })
    })
    const triggers =
      workflow.trigger === undefined
        ? []
        : Array.isArray(workflow.trigger)
          ? workflow.trigger
          : [workflow.trigger]
    if (triggers.length > 0)
      intents.push({ id, label: workflow.name ?? id, keywords: triggers, examples: triggers })
    else report.unmapped.push({ path, message: 'workflow without a trigger: no intent enters it' })
    const steps = workflow.steps.map((step, stepIndex) => {
      const next = workflow.steps[stepIndex + 1]
      return {
        id: step,
        ...(next === undefined
          ? { terminal: true }
          : toolIds.has(step)
            ? { transitions: [{ to: next, condition: `"${step}" in session.toolsRun` }] }
            : {}),
      }
    })
    return {
      id,
      ...(workflow.name === undefined ? {} : { name: workflow.name }),
      intents: triggers.length > 0 ? [id] : [],
      steps,
    }
  })
  return { scenarios, intents }
}

/** Seed 004 §8: a required workflow orders its tools ("verify identity before account access"). */
function workflowOrderings(skill: SkillDocument, toolIds: ReadonlySet<string>): Map<string, string[]> {
  const orderings = new Map<string, string[]>()
  for (const workflow of skill.policy?.workflows ?? []) {
    if (workflow.required !== true) continue
    workflow.steps.forEach((step, index) => {
      const previous = workflow.steps[index - 1]
      if (previous === undefined || !toolIds.has(step) || !toolIds.has(previous)) return
      const list = orderings.get(step) ?? []
      if (!list.includes(previous)) orderings.set(step, [...list, previous])
    })
  }
  return orderings
}
