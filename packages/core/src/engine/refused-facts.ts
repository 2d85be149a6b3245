import { conditionFacts } from '../rules/condition-facts.ts'
import type { MatchedRule } from '../rules/types.ts'

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
): Record<string, unknown> | undefined {
  const refused: Record<string, unknown> = {}
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
