import { parse as parseYaml } from 'yaml'
import type { FocalDefinition, FocalDefinitionInput } from './definition-schema.ts'
import { createIdentifierAllocator, deriveIdentifier } from './derive-identifier.ts'
import { findUnknownSkillFields } from './find-unknown-skill-fields.ts'
import { indexSkillTools } from './index-skill-tools.ts'
import { invalidSkillError } from './invalid-skill-error.ts'
import { loadDefinition } from './load-definition.ts'
import { skillGuardrailRules } from './skill-guardrail-rules.ts'
import type { SkillImportReport } from './skill-import-report.ts'
import { skillSafetyPatterns } from './skill-safety-patterns.ts'
import { type SkillDocument, skillSchema } from './skill-schema.ts'
import { skillSettings } from './skill-settings.ts'
import { skillToolDefinitions } from './skill-tool-definitions.ts'
import { skillWorkflowScenarios } from './skill-workflow-scenarios.ts'

export type { SkillDerivedId, SkillImportReport } from './skill-import-report.ts'

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

type IntentInput = NonNullable<FocalDefinitionInput['intents']>[number]

/**
 * Reads a skill YAML (seed 004 and the Skill Builder's export: guardrails as `{ never, always }`
 * or option A's tiered lists, workflows, approvals, tools, the finalization gate with its custom
 * reason codes) into a Focal definition. Every field is mapped or reported in `report.unmapped`
 * with its path; ids derived from names and sentences are listed in `report.derivedIds`.
 *
 * @example
 * const { definition, report } = importSkill(skillYaml)
 * for (const issue of report.unmapped) console.warn(`${issue.path}: ${issue.message}`)
 */
export function importSkill(source: string | object, options: ImportSkillOptions = {}): SkillImport {
  const { maxWorkflowSteps = 5, maxWorkflows = 3 } = options
  const skill = parseSkill(source)
  const report: SkillImportReport = { unmapped: findUnknownSkillFields(skill), warnings: [], derivedIds: [] }
  const index = indexSkillTools(skill, report)
  const guardrails = skillGuardrailRules(skill, new Set(index.ids))
  report.unmapped.push(...guardrails.unmapped)
  const workflows = skillWorkflowScenarios(skill, report, {
    toolIdFor: index.toolIdFor,
    intents: supportedIntents(skill, report),
    maxWorkflowSteps,
    maxWorkflows,
  })
  const settings = skillSettings(skill, report)
  const safetyPatterns = skillSafetyPatterns(skill, report)
  const input: FocalDefinitionInput = {
    ...describedBy(skill, report),
    guardrails: guardrails.guardrails,
    rules: guardrails.rules,
    tools: skillToolDefinitions(skill, report, {
      index,
      orderings: workflows.orderings,
      guardrailPolicies: guardrails.policies,
    }),
    scenarios: workflows.scenarios,
    intents: workflows.intents,
    ...(settings === undefined ? {} : { settings }),
    ...(safetyPatterns.length === 0 ? {} : { safetyPatterns }),
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
      throw invalidSkillError([{ path: '', message }], error)
    }
  }
  const parsed = skillSchema.safeParse(raw)
  if (parsed.success) return parsed.data
  throw invalidSkillError(
    parsed.error.issues.map((issue) => ({
      path: issue.path
        .map((segment) => (typeof segment === 'number' ? `[${segment}]` : `.${String(segment)}`))
        .join('')
        .replace(/^\./u, ''),
      message: issue.message,
    })),
  )
}

/** Name, description and persona, from the top level or (Skill Builder) `role` and `problem.statement`. */
function describedBy(
  skill: SkillDocument,
  report: SkillImportReport,
): Pick<FocalDefinitionInput, 'name' | 'description' | 'persona'> {
  const names = [
    ['name', skill.name],
    ['id', skill.id],
    ['role.name', skill.role?.name],
  ] as const
  const [, name = 'imported-skill'] = names.find(([, value]) => value !== undefined) ?? []
  for (const [path, value] of names)
    if (value !== undefined && value !== name)
      report.unmapped.push({ path, message: `a definition has one name; it is named "${name}"` })
  const description = skill.description ?? skill.problem?.statement
  if (skill.description !== undefined && skill.problem?.statement !== undefined)
    report.unmapped.push({
      path: 'problem.statement',
      message: 'description is given too and wins; the statement is not kept',
    })
  const persona = skill.persona ?? skill.role?.persona
  if (
    skill.persona !== undefined &&
    skill.role?.persona !== undefined &&
    skill.role.persona !== skill.persona
  )
    report.unmapped.push({ path: 'role.persona', message: 'persona is given too and wins; not kept' })
  return {
    name,
    ...(description === undefined ? {} : { description }),
    ...(persona === undefined ? {} : { persona }),
  }
}

/** Skill Builder `intents.supported` as definition intents (entities are reported as unmapped). */
function supportedIntents(skill: SkillDocument, report: SkillImportReport): IntentInput[] {
  const supported = skill.intents?.supported ?? []
  const ids = createIdentifierAllocator(supported.flatMap((intent) => intent.id ?? []))
  return supported.map((intent, index) => {
    let id = intent.id
    if (id === undefined) {
      id = ids.take(deriveIdentifier(intent.name ?? intent.description ?? '', 'intent'))
      report.derivedIds.push({ path: `intents.supported[${index}]`, id })
    }
    return {
      id,
      ...(intent.name === undefined ? {} : { label: intent.name }),
      ...(intent.description === undefined ? {} : { description: intent.description }),
      examples: intent.examples ?? [],
      keywords: intent.keywords ?? [],
    }
  })
}
