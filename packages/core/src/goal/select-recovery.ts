import { defaultGoalStrategy } from './default-goal-strategy.ts'
import { defaultGoalVocabulary } from './default-goal-vocabulary.ts'
import { evidenceFor } from './evidence-for.ts'
import { goalMatchesCondition } from './goal-matches-condition.ts'
import { fillGoalTemplate, planTools } from './plan-tools.ts'
import type { GoalEvidenceStore, GoalRecovery, SelectRecoveryOptions } from './strategy-types.ts'
import type { Goal, GoalAmbiguity } from './types.ts'

const intentChoices = [
  'explain something',
  'find something',
  'check what changed',
  'fix or change code',
  'run something',
]

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
