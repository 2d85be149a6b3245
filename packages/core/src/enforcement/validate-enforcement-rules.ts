import type { FocalIssue } from '../errors/focal-error.ts'
import { FocalError } from '../errors/focal-error.ts'
import type { EnforcementRule } from './types.ts'

const tiers = new Set(['hard-safety', 'process', 'style'])
const actions = new Set(['regenerate', 'redact', 'refuse', 'escalate'])

/** Checks rule shapes at load time and throws one `invalid-definition` error listing every located issue. */
export function validateEnforcementRules(rules: readonly EnforcementRule[], path = 'rules'): void {
  const issues: FocalIssue[] = []
  const seen = new Set<string>()
  if (!Array.isArray(rules))
    throw new FocalError({ code: 'invalid-definition', message: `${path}: expected an array of rules` })
  rules.forEach((rule, index) => {
    const at = `${path}[${index}]`
    if (rule === null || typeof rule !== 'object') {
      issues.push({ path: at, message: 'expected a rule object' })
      return
    }
    if (typeof rule.id !== 'string' || rule.id === '')
      issues.push({ path: `${at}.id`, message: 'expected a non-empty string' })
    else if (seen.has(rule.id)) issues.push({ path: `${at}.id`, message: `duplicate rule id "${rule.id}"` })
    else seen.add(rule.id)
    if (!tiers.has(rule.tier))
      issues.push({
        path: `${at}.tier`,
        message: `expected hard-safety, process or style, got "${String(rule.tier)}"`,
      })
    const enforce = rule.enforce
    if (enforce === null || typeof enforce !== 'object') {
      issues.push({ path: `${at}.enforce`, message: 'expected an enforcement object' })
      return
    }
    if (!actions.has(enforce.onViolation)) {
      issues.push({
        path: `${at}.enforce.onViolation`,
        message: `expected regenerate, redact, refuse or escalate, got "${String(enforce.onViolation)}"`,
      })
    }
    const hasCheck =
      enforce.expression !== undefined ||
      (enforce.detectors?.length ?? 0) > 0 ||
      (enforce.blocklist?.length ?? 0) > 0 ||
      (enforce.patterns?.length ?? 0) > 0
    if (!hasCheck)
      issues.push({
        path: `${at}.enforce`,
        message: 'needs an expression, detectors, a blocklist or patterns',
      })
    if (
      enforce.maxRegenerations !== undefined &&
      !(Number.isInteger(enforce.maxRegenerations) && enforce.maxRegenerations >= 0)
    ) {
      issues.push({ path: `${at}.enforce.maxRegenerations`, message: 'expected a non-negative integer' })
    }
    enforce.bindings?.forEach((binding: { name?: unknown } | undefined, bindingIndex: number) => {
      if (typeof binding?.name !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(binding.name)) {
        issues.push({
          path: `${at}.enforce.bindings[${bindingIndex}].name`,
          message: 'expected an identifier',
        })
      }
    })
  })
  if (issues.length > 0) {
    const first = issues[0] as FocalIssue
    throw new FocalError({ code: 'invalid-definition', message: `${first.path}: ${first.message}`, issues })
  }
}
