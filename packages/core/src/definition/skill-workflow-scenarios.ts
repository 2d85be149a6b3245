import type { FocalDefinitionInput } from './definition-schema.ts'
import { createIdentifierAllocator, deriveIdentifier } from './derive-identifier.ts'
import type { SkillImportReport } from './skill-import-report.ts'
import type { SkillDocument, SkillWorkflowStep } from './skill-schema.ts'

type ScenarioInput = NonNullable<FocalDefinitionInput['scenarios']>[number]
type IntentInput = NonNullable<FocalDefinitionInput['intents']>[number]

/** Options of {@link skillWorkflowScenarios}. */
export interface SkillWorkflowOptions {
  /** The tool a step's text names, if any. */
  toolIdFor: (text: string) => string | undefined
  /** Intents already mapped (`intents.supported`); a workflow trigger adds to the one with its id. */
  intents: IntentInput[]
  maxWorkflowSteps: number
  maxWorkflows: number
}

/** Workflows as scenarios and trigger intents, plus the tool orderings of required workflows. */
export interface SkillWorkflowScenarios {
  scenarios: ScenarioInput[]
  intents: IntentInput[]
  /** Seed 004 §8: in a required workflow each tool step requires the tool step before it. */
  orderings: Map<string, string[]>
}

interface Step {
  id: string
  name?: string
  toolId: string | undefined
  /** What the author wrote, for messages. */
  label: string
}

/**
 * Maps `policy.workflows` to scenarios: steps written as tool ids, sentences ("Run the tests") or
 * objects without ids get derived ids, unique within the workflow (`run_tests`, `run_tests_2`); a
 * step that names a tool advances once that tool ran. Reports §11 limits and untriggered workflows.
 */
export function skillWorkflowScenarios(
  skill: SkillDocument,
  report: SkillImportReport,
  options: SkillWorkflowOptions,
): SkillWorkflowScenarios {
  const { maxWorkflowSteps, maxWorkflows } = options
  const workflows = skill.policy?.workflows ?? []
  if (workflows.length > maxWorkflows) {
    report.warnings.push({
      path: 'policy.workflows',
      message: `${workflows.length} workflows exceed the limit of ${maxWorkflows} (seed 004 §11)`,
    })
  }
  const intents = options.intents.map((intent) => ({ ...intent }))
  const orderings = new Map<string, string[]>()
  const scenarioIds = createIdentifierAllocator(workflows.flatMap((workflow) => workflow.id ?? []))
  const scenarios = workflows.map((workflow, index): ScenarioInput => {
    const path = `policy.workflows[${index}]`
    let id = workflow.id
    if (id === undefined) {
      id = scenarioIds.take(
        workflow.name === undefined ? `workflow-${index + 1}` : deriveIdentifier(workflow.name, 'workflow'),
      )
      report.derivedIds.push({ path, id })
    }
    if (workflow.steps.length > maxWorkflowSteps) {
      report.warnings.push({
        path: `${path}.steps`,
        message: `${workflow.steps.length} steps exceed the limit of ${maxWorkflowSteps} (seed 004 §11)`,
      })
    }
    const steps = workflowSteps(workflow.steps, `${path}.steps`, report, options.toolIdFor)
    if (workflow.required === true) addOrderings(steps, orderings)
    const triggers =
      workflow.trigger === undefined
        ? []
        : Array.isArray(workflow.trigger)
          ? workflow.trigger
          : [workflow.trigger]
    const entered = enterWith(intents, id, workflow.name, triggers)
    if (!entered) report.unmapped.push({ path, message: 'workflow without a trigger: no intent enters it' })
    return {
      id,
      ...(workflow.name === undefined ? {} : { name: workflow.name }),
      intents: entered ? [id] : [],
      steps: steps.map((step, stepIndex) => {
        const next = steps[stepIndex + 1]
        return {
          id: step.id,
          ...(step.name === undefined ? {} : { name: step.name }),
          ...(next === undefined
            ? { terminal: true }
            : step.toolId === undefined
              ? {}
              : { transitions: [{ to: next.id, condition: `"${step.toolId}" in session.toolsRun` }] }),
        }
      }),
    }
  })
  return { scenarios, intents, orderings }
}

function workflowSteps(
  written: readonly SkillWorkflowStep[],
  path: string,
  report: SkillImportReport,
  toolIdFor: (text: string) => string | undefined,
): Step[] {
  // Ids the author wrote are kept; derived ones take what is left (`run_tests_2`).
  const ids = createIdentifierAllocator(
    written.flatMap((step) => (typeof step === 'string' ? [] : (step.id ?? []))),
  )
  return written.map((step, index) => {
    const stepPath = `${path}[${index}]`
    const label =
      typeof step === 'string' ? step : (step.id ?? step.tool ?? step.name ?? step.description ?? '')
    const toolId = toolIdFor(typeof step === 'string' ? step : (step.tool ?? label))
    if (toolId === undefined)
      report.warnings.push({
        path: stepPath,
        message: `step "${label}" does not map to a known tool (seed 004 §11)`,
      })
    if (typeof step !== 'string' && step.id !== undefined)
      return { id: step.id, ...nameOf(step, stepPath, report), toolId, label }
    const id = ids.take(deriveIdentifier(typeof step === 'string' ? step : label))
    if (id !== label) report.derivedIds.push({ path: stepPath, id })
    const name =
      typeof step === 'string' ? (id === step ? {} : { name: step }) : nameOf(step, stepPath, report)
    return { id, ...name, toolId, label }
  })
}

/** A step object's name (else its description); a description beside a name has nowhere to go. */
function nameOf(
  step: Exclude<SkillWorkflowStep, string>,
  path: string,
  report: SkillImportReport,
): { name?: string } {
  if (step.name !== undefined && step.description !== undefined)
    report.unmapped.push({
      path: `${path}.description`,
      message: 'a definition step has a name only; kept the name',
    })
  const name = step.name ?? step.description
  return name === undefined ? {} : { name }
}

function addOrderings(steps: readonly Step[], orderings: Map<string, string[]>): void {
  steps.forEach((step, index) => {
    const previous = steps[index - 1]?.toolId
    if (step.toolId === undefined || previous === undefined || previous === step.toolId) return
    const list = orderings.get(step.toolId) ?? []
    if (!list.includes(previous)) orderings.set(step.toolId, [...list, previous])
  })
}

/** Adds the triggers to the intent with the workflow's id (creating it); false when nothing enters the workflow. */
function enterWith(
  intents: IntentInput[],
  id: string,
  name: string | undefined,
  triggers: string[],
): boolean {
  const existing = intents.find((intent) => intent.id === id)
  if (existing === undefined) {
    if (triggers.length === 0) return false
    intents.push({ id, label: name ?? id, keywords: triggers, examples: triggers })
    return true
  }
  existing.keywords = [...new Set([...(existing.keywords ?? []), ...triggers])]
  existing.examples = [...new Set([...(existing.examples ?? []), ...triggers])]
  return true
}
