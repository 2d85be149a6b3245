import type { FocalIssue } from '../errors/focal-error.ts'
import type { DefinitionRuleTier, FocalDefinitionInput } from './definition-schema.ts'
import { guardrailToRule } from './guardrail-to-rule.ts'
import { type SkillDocument, type SkillGuardrail, skillTierTags } from './skill-schema.ts'

type RuleInput = NonNullable<FocalDefinitionInput['rules']>[number]

/** The rules, tool policies and guardrail texts a skill's guardrails and safety rules become. */
export interface SkillGuardrailRules {
  rules: RuleInput[]
  /** Tool policies compiled from guardrail text ("never use X", "X needs approval"), by tool id. */
  policies: Map<string, object>
  /** The definition's `guardrails` texts (safety rules are rules only). */
  guardrails: { never: string[]; always: string[] }
  unmapped: FocalIssue[]
}

/** A guardrail in a list (seed 004 §1 option A) that forbids something: "Never ...", "Don't ...". */
const neverCue = /^\s*(never|don['’]?t|do\s+not|must\s+not|mustn['’]t)\b/iu

interface Entry {
  kind: 'never' | 'always' | 'safety'
  text: string
  tier: DefinitionRuleTier | undefined
  path: string
}

/**
 * Maps `policy.guardrails` (`{ never, always }`, or option A's list of tier 3 guardrails split by
 * their wording) and `policy.safety_rules` (tier 1) to rules; a `{ text, tier }` entry (option C)
 * keeps the author's tier.
 */
export function skillGuardrailRules(skill: SkillDocument, toolIds: ReadonlySet<string>): SkillGuardrailRules {
  const result: SkillGuardrailRules = {
    rules: [],
    policies: new Map(),
    guardrails: { never: [], always: [] },
    unmapped: [],
  }
  const counts = { never: 0, always: 0, safety: 0 }
  for (const entry of entriesOf(skill)) {
    if (entry.kind !== 'safety') result.guardrails[entry.kind].push(entry.text)
    const index = counts[entry.kind]++
    const mapping = guardrailToRule(entry.kind, entry.text, index, entry.path, toolIds, entry.tier)
    result.rules.push(mapping.rule)
    if (mapping.unmapped !== undefined) result.unmapped.push(mapping.unmapped)
    if (mapping.toolPolicy !== undefined) {
      const { toolId, policy } = mapping.toolPolicy
      result.policies.set(toolId, { ...result.policies.get(toolId), ...policy })
    }
  }
  return result
}

function entriesOf(skill: SkillDocument): Entry[] {
  const guardrails = skill.policy?.guardrails
  const entries: Entry[] = []
  if (Array.isArray(guardrails)) {
    guardrails.forEach((guardrail, index) => {
      const text = textOf(guardrail)
      // Option A: the list is the soft tier 3, unless an entry carries its own tier.
      entries.push({
        kind: neverCue.test(text) ? 'never' : 'always',
        text,
        tier: tierOf(guardrail) ?? 'style',
        path: `policy.guardrails[${index}]`,
      })
    })
  } else if (guardrails !== undefined) {
    for (const kind of ['never', 'always'] as const)
      guardrails[kind].forEach((guardrail, index) => {
        entries.push({
          kind,
          text: textOf(guardrail),
          tier: tierOf(guardrail),
          path: `policy.guardrails.${kind}[${index}]`,
        })
      })
  }
  ;(skill.policy?.safety_rules ?? []).forEach((guardrail, index) => {
    entries.push({
      kind: 'safety',
      text: textOf(guardrail),
      tier: tierOf(guardrail),
      path: `policy.safety_rules[${index}]`,
    })
  })
  return entries
}

function textOf(guardrail: SkillGuardrail): string {
  return typeof guardrail === 'string' ? guardrail : guardrail.text
}

function tierOf(guardrail: SkillGuardrail): DefinitionRuleTier | undefined {
  if (typeof guardrail === 'string' || guardrail.tier === undefined) return undefined
  return skillTierTags[String(guardrail.tier).toLowerCase()]
}
