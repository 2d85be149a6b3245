import type { z } from 'zod'
import { FocalError, type FocalIssue } from '../errors/index.ts'
import { nestingIssue } from '../errors/nesting-issue.ts'
import {
  acceptanceCriterionKinds,
  comparisonOperators,
  defaultFindingPolicy,
  defaultMetricPolicy,
  findingPolicies,
  metricPolicies,
} from './goal-contract-constants.ts'
import { type GoalContract, goalContractSchema } from './goal-contract-schema.ts'

/** Outcome of {@link validateGoalContract}: every problem as a located sentence. */
export type GoalContractValidation =
  | { isValid: true; errors: readonly string[]; issues: readonly FocalIssue[]; contract: GoalContract }
  | { isValid: false; errors: readonly string[]; issues: readonly FocalIssue[] }

const requiredFieldHints: Record<string, string> = {
  metric: 'a metric name as a [METRIC:<name>] marker reports it: no ":", "=", "]" or line break',
  op: `an operator (one of ${comparisonOperators.join(', ')})`,
  target: 'a finite number target',
  marker:
    'a marker pattern such as "METRIC:baseline_*": a type of letters, digits, "_" or "-" (with * or ? wildcards), then optional ":" parts',
  artifactPattern: 'a glob such as "*.pkl"',
  minCount: 'a whole number >= 1',
  metricPolicy: `one of ${metricPolicies.join(', ')} (default ${defaultMetricPolicy})`,
  findingPolicy: `one of ${findingPolicies.join(', ')} (default ${defaultFindingPolicy})`,
}

/**
 * Checks a goal contract (version 1, non-empty goal_text, at least one criterion, every criterion
 * complete for its kind with a finite target and a metric a marker can report, unique ids,
 * max_goal_attempts >= 1). Errors name the criterion index, its id and the field.
 */
export function validateGoalContract(contract: unknown): GoalContractValidation {
  // Unknown fields are kept, so their depth is bounded: a contract nested thousands of levels deep
  // would be stored with the session and could not be read back.
  const deep = nestingIssue(contract, maxContractDepth)
  if (deep !== undefined) return { isValid: false, errors: [formatIssue(deep)], issues: [deep] }
  const parsed = goalContractSchema.safeParse(contract)
  const issues = parsed.success ? [] : parsed.error.issues.map((issue) => describeIssue(contract, issue))
  issues.push(...duplicateIdIssues(contract))
  if (parsed.success && issues.length === 0)
    return { isValid: true, errors: [], issues: [], contract: parsed.data }
  return { isValid: false, errors: issues.map(formatIssue), issues }
}

/** Deepest nesting of objects and arrays a goal contract may have (its own fields need three). */
const maxContractDepth = 32

/** Validates and returns the contract, or throws `FocalError` (`invalid-goal-contract`) with located issues. */
export function parseGoalContract(contract: unknown): GoalContract {
  const validation = validateGoalContract(contract)
  if (validation.isValid) return validation.contract
  throw new FocalError({
    code: 'invalid-goal-contract',
    message: `Invalid goal contract: ${validation.errors.join('; ')}`,
    issues: validation.issues,
  })
}

function formatIssue(issue: FocalIssue): string {
  return issue.path === '' ? issue.message : `${issue.path}: ${issue.message}`
}

function describeIssue(contract: unknown, issue: z.core.$ZodIssue): FocalIssue {
  const [first, index, field] = issue.path
  if (issue.path.length === 0) return { path: '', message: 'goal contract must be an object' }
  if (first === 'acceptance_criteria' && typeof index === 'number') {
    return {
      path: criterionPath(contract, index, field),
      message: describeCriterionIssue(contract, index, field, issue),
    }
  }
  return { path: String(first), message: describeTopLevelIssue(String(first), contract, issue) }
}

function describeTopLevelIssue(field: string, contract: unknown, issue: z.core.$ZodIssue): string {
  const value = readField(contract, field)
  if (field === 'version') return `Unsupported goal contract version: ${String(value)}. Expected: 1`
  if (field === 'goal_text') return 'missing or empty goal_text (it needs a visible character)'
  if (field === 'max_goal_attempts')
    return `max_goal_attempts must be a whole number >= 1, got ${String(value)}`
  if (field === 'acceptance_criteria' && issue.code === 'too_small')
    return 'acceptance_criteria is empty: a goal contract needs at least one criterion'
  if (field === 'acceptance_criteria') return 'acceptance_criteria must be an array of criteria'
  return issue.message
}

function describeCriterionIssue(
  contract: unknown,
  index: number,
  field: PropertyKey | undefined,
  issue: z.core.$ZodIssue,
): string {
  const criterion = readField(readField(contract, 'acceptance_criteria'), index)
  if (field === undefined) return 'criterion must be an object'
  if (field === 'id') return 'missing or invalid id'
  if (field === 'kind') {
    return `invalid kind ${JSON.stringify(readField(criterion, 'kind')) ?? 'undefined'} (expected one of ${acceptanceCriterionKinds.join(', ')})`
  }
  const name = String(field)
  // Cross-field rules (metricPolicy "best" with ==) carry their own sentence.
  if (issue.code === 'custom' && (name === 'metricPolicy' || name === 'marker')) return issue.message
  const kind = String(readField(criterion, 'kind'))
  const value = readField(criterion, name)
  const hint = requiredFieldHints[name] ?? issue.message
  if (value === undefined) return `${kind} criterion requires "${name}" (${hint})`
  return `${kind} criterion has invalid "${name}" ${formatValue(value)} (expected ${hint})`
}

function criterionPath(contract: unknown, index: number, field: PropertyKey | undefined): string {
  const id = readField(readField(readField(contract, 'acceptance_criteria'), index), 'id')
  const label = typeof id === 'string' && id.trim() !== '' ? ` (${id.trim()})` : ''
  return `acceptance_criteria[${index}]${label}${field === undefined ? '' : `.${String(field)}`}`
}

function duplicateIdIssues(contract: unknown): FocalIssue[] {
  const criteria = readField(contract, 'acceptance_criteria')
  if (!Array.isArray(criteria)) return []
  const seen = new Set<string>()
  const issues: FocalIssue[] = []
  criteria.forEach((criterion: unknown, index) => {
    const raw = readField(criterion, 'id')
    // The schema trims ids, so ids that differ only in surrounding whitespace are the same id.
    const id = typeof raw === 'string' ? raw.trim() : ''
    if (id === '') return
    if (seen.has(id))
      issues.push({ path: criterionPath(contract, index, 'id'), message: `duplicate id "${id}"` })
    seen.add(id)
  })
  return issues
}

// JSON.stringify prints NaN and Infinity as null.
function formatValue(value: unknown): string {
  return typeof value === 'number' ? String(value) : (JSON.stringify(value) ?? String(value))
}

function readField(value: unknown, key: PropertyKey): unknown {
  if (value === null || typeof value !== 'object') return undefined
  return (value as Record<PropertyKey, unknown>)[key]
}
