import type { GoalTarget } from './extract-goal-target.ts'
import type { GoalCueHit } from './match-goal-cues.ts'
import type { ResolvedGoal } from './resolve-goal.ts'
import type { GoalAmbiguity, GoalField, GoalVocabulary } from './types.ts'

const fields: readonly GoalField[] = ['intent', 'entity', 'artifact', 'scope']
/** Runner-ups below this share of the winner's score are not worth mentioning. */
const minimumShare = 0.1
const maxPerField = 3
const maxExplainedCues = 6

/** The alternatives considered for each field, with their relative score and a sentence. */
export function describeGoalAmbiguities(resolved: ResolvedGoal, vocabulary: GoalVocabulary): GoalAmbiguity[] {
  const ambiguities: GoalAmbiguity[] = []
  for (const field of fields) {
    const { ranked, fromDefault } = resolved.fields[field]
    const best = ranked[0]?.[1] ?? 0
    if (fromDefault || best <= 0) continue
    for (const [value, score] of ranked.slice(1, 1 + maxPerField)) {
      // A learned model may lead with an intent fewer cues voted for: its runners-up tie at most.
      const share = Math.min(1, score / best)
      if (share < minimumShare) break
      const detail = vocabulary.descriptions[`${field}:${value}`] ?? vocabulary.descriptions[value]
      ambiguities.push({
        field,
        value,
        score: Math.round(share * 1000) / 1000,
        description: `${field} could be ${value}${detail ? ` (${detail})` : ''}`,
      })
    }
  }
  return ambiguities
}

/** One sentence saying which cues, target and defaults produced the goal. */
export function explainGoalParse(
  resolved: ResolvedGoal,
  hits: readonly GoalCueHit[],
  target: GoalTarget,
): string {
  const { goal, fields: decided } = resolved
  const parts = [...hits]
    .sort((left, right) => right.weight - left.weight)
    .slice(0, maxExplainedCues)
    .map(
      (hit) =>
        `'${hit.words.join(' ')}' -> ${hit.cue.votes.map(([field, value]) => `${value} ${field}`).join(', ')}`,
    )
  if (target.text !== undefined) parts.push(`target '${target.text}' (${target.kind})`)
  const defaults = fields
    .filter((field) => decided[field].fromDefault)
    .map((field) => `${goal[field]} ${field}`)
  if (defaults.length > 0) parts.push(`by default: ${defaults.join(', ')}`)
  if (parts.length === 0) return 'no cue matched: intent unknown'
  return `${parts.join('; ')} => ${goal.intent} ${goal.entity}`
}
