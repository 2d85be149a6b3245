import { defaultGoalStrategy } from './default-goal-strategy.ts'
import { defaultGoalVocabulary } from './default-goal-vocabulary.ts'
import { evidenceFor } from './evidence-for.ts'
import { goalMatchesCondition } from './goal-matches-condition.ts'
import { fillGoalTemplate, planTools } from './plan-tools.ts'
import type { GoalEvidenceStore, GoalRecovery, SelectRecoveryOptions } from './strategy-types.ts'
import type { Goal, GoalAmbiguity } from './types.ts'

/** The options of "What would you like me to do?", each with the words it puts before the request. */
const intentChoiceLeads: ReadonlyMap<string, string> = new Map([
  ['explain something', 'explain'],
  ['find something', 'find'],
  ['check what changed', 'check what changed in'],
  ['fix or change code', 'fix'],
  ['run something', 'run'],
])
const intentChoices = [...intentChoiceLeads.keys()]

/**
 * The request a chosen "What would you like me to do?" option makes of a vague one: `explain
 * something` + "the auth stuff" is "explain the auth stuff". Undefined for any other answer.
 */
export function applyIntentChoice(option: string, request: string): string | undefined {
  const lead = intentChoiceLeads.get(option.trim().toLowerCase())
  return lead === undefined ? undefined : `${lead} ${request.trim().replace(/[.?!]+$/u, '')}`
}

function clarify(
  goal: Goal,
  ambiguities: readonly GoalAmbiguity[],
  descriptions: Readonly<Partial<Record<string, string>>>,
): GoalRecovery {
  const alternative = ambiguities.find(
    (ambiguity) => ambiguity.field === 'entity' || ambiguity.field === 'intent',
  )
  if (alternative && goal.intent !== 'unknown') {
    const field = alternative.field
    const chosen = field === 'entity' ? goal.entity : goal.intent
    const describe = (value: string) => descriptions[`${field}:${value}`] ?? value
    return {
      type: 'clarify',
      question: `Do you mean ${describe(chosen)} or ${describe(alternative.value)}?`,
      options: [chosen, alternative.value],
      labels: [describe(chosen), describe(alternative.value)],
      field: field === 'entity' ? 'entity' : 'intent',
    }
  }
  return { type: 'clarify', question: 'What would you like me to do?', options: [...intentChoices] }
}

/**
 * What to do when the investigation stalls: below `clarifyBelow` parse confidence, ask (more
 * tools cannot fix a misunderstood request); otherwise the first recovery row for a missing
 * evidence class, else the fallback of the first missing evidence's tool, else nothing.
 *
 * @example
 * selectRecovery(goal, new Set(), 0.2, { ambiguities })
 * // { type: 'clarify', question: 'Do you mean uncommitted changes in the working tree or files changed across commits?', ... }
 */
export function selectRecovery(
  goal: Goal,
  evidenceStore: GoalEvidenceStore,
  parseConfidence: number,
  {
    strategy = defaultGoalStrategy,
    clarifyBelow = 0.3,
    ambiguities = [],
    descriptions = defaultGoalVocabulary.descriptions,
  }: SelectRecoveryOptions = {},
): GoalRecovery {
  if (!(parseConfidence >= clarifyBelow)) return clarify(goal, ambiguities, descriptions)
  const row = strategy.recovery.find(
    (candidate) => goalMatchesCondition(goal, candidate.when) && !evidenceStore.has(candidate.missing),
  )
  if (row) return { type: 'tool', call: { ...fillGoalTemplate(row.call, goal), evidence: row.missing } }
  const missing = evidenceFor(goal, { strategy }).filter((needed) => !evidenceStore.has(needed))
  const [first] = planTools(goal, missing, { strategy })
  if (first?.fallback) return { type: 'tool', call: { ...first.fallback, evidence: first.evidence } }
  return first ? { type: 'tool', call: first } : { type: 'none' }
}
