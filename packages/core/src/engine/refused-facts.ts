import type { DefinitionRule } from '../definition/definition-schema.ts'
import { conditionFacts } from '../rules/condition-facts.ts'
import type { MatchedRule } from '../rules/types.ts'
import type { CompletedToolCall } from './session-state.ts'

/**
 * The facts a hard-safety rule refused this turn, with their values (the $80 the $50 cap refused):
 * the facts read by a matched rule with an action and no tool whose condition reads session
 * facts alone, never the customer's own (`profile`, an email). Undefined when none was refused.
 * The session keeps them apart (`refusedFacts`): a later request that does not state them again
 * is asked for them, rather than filled with the refused value, which no rule speaks of again
 * ("I want a refund for NW-1005" after the cap got the fallback).
 */
export function refusedFacts(
  matched: readonly MatchedRule[],
  fields: Readonly<Record<string, unknown>>,
  profile: readonly string[],
  /**
   * The tool calls its policy refused this turn (a refund in euros), with the rules that planned
   * them, and the record ids (`order_id`): the facts a refused call's arguments were filled from
   * are refused too, but the record it was about (asked for again, "ok, a refund for NW-1001
   * then" still names it) and the customer's own.
   */
  blocked: {
    calls: readonly CompletedToolCall[]
    rules: ReadonlyMap<string, DefinitionRule>
    identifiers: readonly string[]
  } = { calls: [], rules: new Map(), identifiers: [] },
): Record<string, unknown> | undefined {
  const refused: Record<string, unknown> = {}
  for (const call of blocked.calls) {
    if (call.status !== 'blocked') continue
    const planned = blocked.rules.get(call.ruleId)?.tools?.find((tool) => tool.id === call.toolId)
    for (const template of Object.values(planned?.args ?? {})) {
      const fact = typeof template === 'string' ? /^\{\{\s*(\w+)\s*\}\}$/u.exec(template)?.[1] : undefined
      if (fact === undefined || profile.includes(fact) || blocked.identifiers.includes(fact)) continue
      if (fields[fact] !== undefined) refused[fact] = fields[fact]
    }
  }
  for (const { rule } of matched) {
    if (rule.tier !== 'hard-safety' || rule.action === undefined || rule.condition === undefined) continue
    if ((rule.tools?.length ?? 0) > 0) continue
    const read = conditionFacts(rule.condition)
    if (read.perTurn) continue
    for (const fact of read.facts)
      if (!profile.includes(fact) && fields[fact] !== undefined) refused[fact] = fields[fact]
  }
  return Object.keys(refused).length === 0 ? undefined : refused
}
