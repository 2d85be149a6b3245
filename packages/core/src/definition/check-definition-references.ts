import { assertSafePattern } from '../enforcement/assert-safe-pattern.ts'
import { compileExpression } from '../enforcement/compile-expression.ts'
import { compileRuleTemplate } from '../enforcement/compile-rule-template.ts'
import { unknownTemplateFilters } from '../engine/render-template.ts'
import type { FocalIssue } from '../errors/focal-error.ts'
import { FocalError } from '../errors/focal-error.ts'
import { checkCustomReasonCodes } from './check-custom-reason-codes.ts'
import type { DefinitionTransition, FocalDefinition } from './definition-schema.ts'

/**
 * Cross-reference checks a schema cannot express: duplicate ids, dangling scenario/step/tool/intent
 * references, CEL that does not compile. Returns every problem, located; one problem per cause.
 */
export function checkDefinitionReferences(definition: FocalDefinition): FocalIssue[] {
  const issues: FocalIssue[] = []
  const intentIds = collectIds(definition.intents, 'intents', issues)
  const toolIds = collectIds(definition.tools, 'tools', issues)
  collectIds(definition.rules, 'rules', issues)
  // The enforcement plan names guardrails `never-N` / `always-N` and its built-ins `focal:…`: an
  // author's rule of such an id loaded, then every turn threw "duplicate rule id".
  // A rule of the guardrail's id and text is that guardrail written out (`importSkill` maps each to
  // its rule): the plan takes the rule for it.
  const planned = new Map<string, string>([
    ...definition.guardrails.never.map((text, index) => [`never-${index + 1}`, text] as const),
    ...definition.guardrails.always.map((text, index) => [`always-${index + 1}`, text] as const),
  ])
  definition.rules.forEach((rule, index) => {
    const guardrail = planned.get(rule.id)
    if ((guardrail !== undefined && guardrail !== rule.description) || rule.id.startsWith('focal:'))
      issues.push({
        path: `rules[${index}].id`,
        message: `"${rule.id}" is the id the enforcement plan gives ${rule.id.startsWith('focal:') ? 'a built-in rule (focal:…)' : `guardrails.${rule.id.replace(/-(\d+)$/u, (_, n: string) => `[${Number(n) - 1}]`)}`}: choose another`,
      })
  })
  collectIds(definition.scenarios, 'scenarios', issues)
  const stepsByScenario = new Map<string, Set<string>>()
  definition.scenarios.forEach((scenario, index) => {
    const path = `scenarios[${index}]`
    const stepIds = collectIds(scenario.steps, `${path}.steps`, issues)
    stepsByScenario.set(scenario.id, stepIds)
    checkIntents(scenario.intents, intentIds, `${path}.intents`, issues)
    checkCel(scenario.entryCondition, `${path}.entryCondition`, issues)
    if (scenario.initialStep !== undefined && !stepIds.has(scenario.initialStep)) {
      issues.push({ path: `${path}.initialStep`, message: unknownStep(scenario.initialStep, scenario.id) })
    }
    checkTransitions(scenario.transitions, `${path}.transitions`, scenario.id, stepIds, intentIds, issues)
    scenario.steps.forEach((step, stepIndex) => {
      checkTemplate(step.ask, `${path}.steps[${stepIndex}].ask`, issues, toolIds)
      step.required.forEach((entry, entryIndex) => {
        if (typeof entry !== 'string')
          checkTemplate(
            entry.question,
            `${path}.steps[${stepIndex}].required[${entryIndex}].question`,
            issues,
            toolIds,
          )
      })
      const transitionsPath = `${path}.steps[${stepIndex}].transitions`
      checkTransitions(step.transitions, transitionsPath, scenario.id, stepIds, intentIds, issues)
    })
  })
  definition.rules.forEach((rule, index) => {
    const path = `rules[${index}]`
    if (rule.scope !== 'global') {
      const steps = stepsByScenario.get(rule.scope.scenario)
      if (steps === undefined) {
        issues.push({ path: `${path}.scope.scenario`, message: `unknown scenario "${rule.scope.scenario}"` })
      } else if (rule.scope.step !== undefined && !steps.has(rule.scope.step)) {
        issues.push({
          path: `${path}.scope.step`,
          message: unknownStep(rule.scope.step, rule.scope.scenario),
        })
      }
    }
    checkIntents(rule.intents ?? [], intentIds, `${path}.intents`, issues)
    checkTemplate(rule.action, `${path}.action`, issues, toolIds)
    checkCel(rule.condition, `${path}.condition`, issues)
    checkCel(rule.enforce?.expression, `${path}.enforce.expression`, issues)
    // A refusal is sent as written: a placeholder in it reached the customer as "{{name}}".
    if (rule.enforce?.refusal?.includes('{{'))
      issues.push({
        path: `${path}.enforce.refusal`,
        message: 'a refusal is sent as written: it cannot hold {{placeholders}}',
      })
    rule.tools?.forEach((call, callIndex) => {
      if (!toolIds.has(call.id))
        issues.push({ path: `${path}.tools[${callIndex}].id`, message: `unknown tool "${call.id}"` })
    })
  })
  // Every text of the settings, nested ones too (status replies, the handoff reply, reasons).
  const settingTexts = (value: unknown, path: string): void => {
    if (typeof value === 'string') checkTemplate(value, path, issues, toolIds)
    else if (Array.isArray(value))
      for (const [index, item] of value.entries()) settingTexts(item, `${path}[${index}]`)
    else if (typeof value === 'object' && value !== null)
      for (const [key, item] of Object.entries(value)) settingTexts(item, `${path}.${key}`)
  }
  settingTexts(definition.settings, 'settings')
  definition.tools.forEach((tool, index) => {
    checkTemplate(tool.summary, `tools[${index}].summary`, issues, toolIds)
    checkTemplate(tool.policy.approval?.summary, `tools[${index}].policy.approval.summary`, issues, toolIds)
    checkTemplate(tool.policy.refusal, `tools[${index}].policy.refusal`, issues, toolIds)
    if (
      tool.policy.allowed === 'conditional' &&
      tool.policy.condition === undefined &&
      !tool.policy.checks?.length
    ) {
      issues.push({
        path: `tools[${index}].policy.condition`,
        message: 'a conditional tool needs a condition or checks',
      })
    }
    checkCel(tool.policy.condition, `tools[${index}].policy.condition`, issues)
    tool.policy.checks?.forEach((check, checkIndex) => {
      const at = `tools[${index}].policy.checks[${checkIndex}]`
      checkCel(check.condition, `${at}.condition`, issues)
      checkTemplate(check.refusal, `${at}.refusal`, issues, toolIds)
    })
    checkCel(tool.policy.requiresApproval, `tools[${index}].policy.requiresApproval`, issues)
    checkCel(tool.confirmWhen, `tools[${index}].confirmWhen`, issues)
    tool.requires?.forEach((required, requiredIndex) => {
      if (!toolIds.has(required))
        issues.push({
          path: `tools[${index}].requires[${requiredIndex}]`,
          message: `unknown tool "${required}"`,
        })
    })
  })
  for (const [index, entity] of definition.entities.entries()) {
    checkPattern(entity.pattern, 'iu', `entities[${index}].pattern`, issues)
  }
  for (const [index, pattern] of definition.safetyPatterns.entries()) {
    checkPattern(pattern.pattern, pattern.flags ?? 'u', `safetyPatterns[${index}].pattern`, issues)
  }
  issues.push(...checkCustomReasonCodes(definition.settings.finalizationGate.customReasonCodes))
  issues.push(...checkRestorableTypes(definition))
  for (const [index, rule] of definition.rules.entries()) {
    for (const [patternIndex, pattern] of (rule.enforce?.patterns ?? []).entries()) {
      const path = `rules[${index}].enforce.patterns[${patternIndex}].pattern`
      checkPattern(pattern.pattern, pattern.flags ?? 'u', path, issues)
    }
  }
  return issues
}

/**
 * A value restored into a reply must be one no reply check would redact or block: a type that
 * Lane 1 checks in replies (the built-in detectors, a rule's detectors, an offline "never mention"
 * guardrail) is never restorable, and one the rail does not scan would never be replaced.
 */
function checkRestorableTypes(definition: FocalDefinition): FocalIssue[] {
  const { detectors, inputRails } = definition.settings
  const checkedBy = new Map<string, string>()
  for (const detector of detectors) checkedBy.set(detector, 'settings.detectors')
  definition.rules.forEach((rule, index) => {
    for (const detector of rule.enforce?.detectors ?? [])
      if (!checkedBy.has(detector)) checkedBy.set(detector, `rules[${index}].enforce.detectors`)
  })
  definition.guardrails.never.forEach((text, index) => {
    const template = compileRuleTemplate(text)
    if (template?.kind !== 'never-mention') return
    for (const detector of template.scan?.detectors ?? [])
      if (!checkedBy.has(detector)) checkedBy.set(detector, `guardrails.never[${index}]`)
  })
  return inputRails.restore.flatMap((detector, index): FocalIssue[] => {
    const path = `settings.inputRails.restore[${index}]`
    const checker = checkedBy.get(detector)
    if (checker !== undefined)
      return [
        {
          path,
          message: `"${detector}" is redacted or blocked in replies by ${checker}, so it can never be restored`,
        },
      ]
    if (!inputRails.detectors.includes(detector))
      return [
        {
          path,
          message: `"${detector}" is not scanned on input: add it to settings.inputRails.detectors`,
        },
      ]
    return []
  })
}

function checkPattern(pattern: string, flags: string, path: string, issues: FocalIssue[]): void {
  try {
    assertSafePattern(pattern, { path, flags })
  } catch (error) {
    if (!FocalError.isInstance(error)) throw error
    issues.push(error.issues[0] ?? { path, message: error.message })
  }
}

function collectIds(items: readonly { id: string }[], path: string, issues: FocalIssue[]): Set<string> {
  const seen = new Set<string>()
  items.forEach((item, index) => {
    if (seen.has(item.id)) issues.push({ path: `${path}[${index}].id`, message: `duplicate id "${item.id}"` })
    seen.add(item.id)
  })
  return seen
}

function checkTransitions(
  transitions: readonly DefinitionTransition[],
  path: string,
  scenarioId: string,
  stepIds: ReadonlySet<string>,
  intentIds: ReadonlySet<string>,
  issues: FocalIssue[],
): void {
  transitions.forEach((transition, index) => {
    if (!stepIds.has(transition.to))
      issues.push({ path: `${path}[${index}].to`, message: unknownStep(transition.to, scenarioId) })
    checkCel(transition.condition, `${path}[${index}].condition`, issues)
    checkIntents(transition.intents ?? [], intentIds, `${path}[${index}].intents`, issues)
  })
}

function checkIntents(
  intents: readonly string[],
  known: ReadonlySet<string>,
  path: string,
  issues: FocalIssue[],
): void {
  intents.forEach((intent, index) => {
    if (!known.has(intent)) issues.push({ path: `${path}[${index}]`, message: `unknown intent "${intent}"` })
  })
}

function checkCel(source: string | undefined, path: string, issues: FocalIssue[]): void {
  if (source === undefined) return
  try {
    const { resultType } = compileExpression(source, { path })
    // Every expression of a definition decides yes or no: one that gives a string or a number
    // (`'abc'`, `1 + 2`) refused every reply as "not a boolean".
    if (resultType !== undefined && resultType !== 'bool' && resultType !== 'dyn')
      issues.push({ path, message: `must give true or false, but gives a ${resultType}` })
  } catch (error) {
    if (!FocalError.isInstance(error)) throw error
    issues.push(...error.issues)
  }
}

function unknownStep(step: string, scenario: string): string {
  return `unknown step "${step}" in scenario "${scenario}"`
}

/** A reply template's filters (`{{amount | money}}`) must be ones the renderer knows. */
/**
 * A template's placeholders: each filter known, each `{{tool.<id>…}}` a tool of the definition
 * (an unknown one rendered as nothing: "Your order is , carrier ."), and no `{{…}}` that is no
 * placeholder at all (`{{ order id }}` reached the customer as written).
 */
function checkTemplate(
  template: string | undefined,
  path: string,
  issues: FocalIssue[],
  toolIds: ReadonlySet<string>,
): void {
  if (template === undefined) return
  for (const message of unknownTemplateFilters(template)) issues.push({ path, message })
  for (const match of template.matchAll(/\{\{([^{}]*)\}\}/gu)) {
    const body = match[1] ?? ''
    const placeholder = /^\s*([A-Za-z0-9_.-]+)\s*(?:\|\s*[A-Za-z]+\s*)?$/u.exec(body)
    if (placeholder === null) {
      issues.push({ path, message: `"${match[0]}" is no placeholder ({{name}} or {{name | filter}})` })
      continue
    }
    const [root, tool] = (placeholder[1] ?? '').split('.')
    if (root === 'tool' && tool !== undefined && !toolIds.has(tool))
      issues.push({ path, message: `"${match[0]}" names no tool of the definition ("${tool}")` })
  }
}
