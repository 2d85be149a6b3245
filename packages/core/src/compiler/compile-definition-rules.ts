import type { CompiledRuleTemplate } from '../enforcement/index.ts'
import { type CompileRuleOptions, compileRule } from './compile-rule.ts'
import type { CompilerRule, RuleCompilation } from './types.ts'

/** Options of {@link compileDefinitionRules}. */
export interface CompileDefinitionRulesOptions extends Omit<CompileRuleOptions, 'rule'> {
  rules: readonly CompilerRule[]
  /** Rules compiled at once. @default 4 */
  concurrency?: number
}

/** Every rule's compilation plus counts, in input order. */
export interface CompileDefinitionRulesReport {
  results: RuleCompilation[]
  summary: { template: number; compiled: number; fallback: number; cached: number }
}

/**
 * Compiles every free-text rule of a definition at bootstrap (templates, then the model with test
 * validation, else Lane 2), with bounded concurrency and the shared cache.
 *
 * @example
 * const report = await compileDefinitionRules({ rules, tools, model, cache })
 * console.log(formatCompileReport(report))
 */
export async function compileDefinitionRules(
  options: CompileDefinitionRulesOptions,
): Promise<CompileDefinitionRulesReport> {
  const { rules, concurrency = 4, ...shared } = options
  const results: RuleCompilation[] = new Array(rules.length)
  let next = 0
  const worker = async () => {
    while (next < rules.length) {
      const index = next++
      results[index] = await compileRule({ ...shared, rule: rules[index]! })
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, rules.length)) }, worker))
  const summary = { template: 0, compiled: 0, fallback: 0, cached: 0 }
  for (const result of results) {
    summary[result.type]++
    if (result.type !== 'template' && result.cached) summary.cached++
  }
  return { results, summary }
}

/** A plain-text report: what compiled (and to what), what used a template, what fell back and why. */
export function formatCompileReport({ results, summary }: CompileDefinitionRulesReport): string {
  const lines = results.map((result) => {
    const head = `${result.rule.id}: ${JSON.stringify(result.rule.text)}`
    if (result.type === 'template') {
      return `template  ${head}\n          -> ${describeTemplate(result.template)}`
    }
    if (result.type === 'compiled') {
      return `compiled  ${head}${result.cached ? ' (cached)' : ''}\n          -> ${result.expression}  [${result.testCases.length} cases passed]`
    }
    return `fallback  ${head}${result.cached ? ' (cached)' : ''}\n          -> Lane 2 text judgment: ${result.reason}`
  })
  lines.push(
    `${summary.compiled} compiled, ${summary.template} by template, ${summary.fallback} fell back to Lane 2 (${summary.cached} from cache)`,
  )
  return lines.join('\n')
}

function describeTemplate(template: CompiledRuleTemplate): string {
  if (template.expression !== undefined) return `${template.kind}: ${template.expression}`
  if (template.tool !== undefined)
    return `${template.kind}: tool ${template.tool.id} ${template.tool.allowed}`
  const scan = [
    ...(template.scan?.detectors ?? []),
    ...(template.scan?.blocklist ?? []).map((word) => JSON.stringify(word)),
  ]
  return `${template.kind}: scan ${scan.join(', ')}`
}
