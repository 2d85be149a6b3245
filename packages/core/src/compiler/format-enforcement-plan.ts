import type { EnforcementPlan, PlannedRule } from './plan-types.ts'

/**
 * The plan as text, one block per rule: id, tier (and who decided it), lanes, the compiled form
 * and how it was obtained; unenforced rules are flagged. What `focal explain` prints.
 *
 * @example
 * console.log(formatEnforcementPlan(await engine.enforcementPlan()))
 */
export function formatEnforcementPlan(plan: EnforcementPlan): string {
  const lines = [`Enforcement plan of "${plan.definition}"`, '']
  for (const rule of plan.rules) {
    const scope =
      rule.scope === 'global'
        ? 'global'
        : `scenario ${rule.scope.scenario}${rule.scope.step === undefined ? '' : ` / step ${rule.scope.step}`}`
    const flag = rule.unenforced === true ? '  !! NOT ENFORCED' : ''
    lines.push(`${rule.id}  [${rule.tier}, tier by ${rule.tierFrom}]  ${scope}  (${rule.source})${flag}`)
    lines.push(`  rule:   ${rule.text}`)
    lines.push(`  lane 1: ${describeLane1(rule)}`)
    lines.push(
      `  lane 2: ${rule.lane2 === undefined ? '-' : `${rule.lane2.runs === 'every-reply' ? 'every reply' : 'when the rule matches'}: ${JSON.stringify(rule.lane2.rubric)}`}`,
    )
    const how =
      rule.from === 'model'
        ? `model ${rule.modelId ?? ''}${rule.cached ? ' (cached)' : ''}`.trim()
        : rule.from
    lines.push(`  from:   ${how} — ${rule.note}`, '')
  }
  const { summary } = plan
  lines.push(
    `${summary.rules} rules: ${summary.lane1} with a Lane 1 check, ${summary.lane2EveryReply} judged on every reply, ${summary.lane2WhenMatched} judged when matched, ${summary.unenforced} not enforced; ${summary.modelCalls} model calls, ${summary.cached} from cache`,
  )
  return lines.join('\n')
}

function describeLane1(rule: PlannedRule): string {
  const check = rule.lane1
  if (check === undefined) return '-'
  if (check.target === 'tool-call')
    return `tool ${check.tool}: ${check.effect === 'block' ? 'blocked' : 'needs approval'} when ${check.expression}`
  const parts = [
    ...(check.detectors === undefined ? [] : [`detectors ${check.detectors.join(', ')}`]),
    ...(check.blocklist === undefined
      ? []
      : [`blocklist ${check.blocklist.map((term) => JSON.stringify(term)).join(', ')}`]),
    ...(check.patterns === undefined
      ? []
      : [`patterns ${check.patterns.map((pattern) => `/${pattern.pattern}/`).join(', ')}`]),
    ...(check.expression === undefined ? [] : [`reply ${check.expression}`]),
  ]
  return `${parts.join('; ')} → ${check.onViolation}`
}
