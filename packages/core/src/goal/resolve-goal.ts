import type { GoalTarget } from './extract-goal-target.ts'
import { pickGoalDefault } from './pick-goal-default.ts'
import { type GoalFieldScores, rankGoalField } from './score-goal-fields.ts'
import type {
  Goal,
  GoalArtifact,
  GoalEntity,
  GoalField,
  GoalIntent,
  GoalScope,
  GoalVocabulary,
} from './types.ts'

/** How one field was decided. */
export interface ResolvedGoalField {
  value: string
  /** Values by score, best first (cue votes only for intent and entity). */
  ranked: ReadonlyArray<readonly [string, number]>
  /** True when no cue voted and a default row chose the value. */
  fromDefault: boolean
}

/** A goal with the evidence behind each field. */
export interface ResolvedGoal {
  goal: Goal
  fields: Record<GoalField, ResolvedGoalField>
}

/** The default row's value joins the vote with this weight (artifact and scope only). */
const defaultVote = 1.5

function withDefault(scores: Map<string, number>, value: string): ResolvedGoalField {
  const merged = new Map(scores)
  merged.set(value, (merged.get(value) ?? 0) + defaultVote)
  const ranked = rankGoalField(merged)
  return { value: ranked[0]?.[0] ?? value, ranked, fromDefault: scores.size === 0 }
}

/** The ranking with `intent` moved to the front (with its own votes, possibly none). */
function leadWith(ranked: ReadonlyArray<readonly [string, number]>, intent: GoalIntent) {
  const own = ranked.find(([value]) => value === intent)
  return [own ?? ([intent, 0] as const), ...ranked.filter(([value]) => value !== intent)]
}

/**
 * Picks each field from cue votes, falling back to the vocabulary's default rows; `question` says
 * whether the request asks a question (default rows may depend on it). `intent`, when given,
 * replaces the voted intent (a learned model overruled the cues) and the other fields follow it.
 */
export function resolveGoal(
  scores: GoalFieldScores,
  target: GoalTarget,
  vocabulary: GoalVocabulary,
  question = false,
  intentOverride?: GoalIntent,
): ResolvedGoal {
  const { defaults } = vocabulary
  const votedRanked = rankGoalField(scores.intent)
  const intentRanked = intentOverride === undefined ? votedRanked : leadWith(votedRanked, intentOverride)
  const entityRanked = rankGoalField(scores.entity)
  const cuedIntent = (intentOverride ?? intentRanked[0]?.[0]) as GoalIntent | undefined
  const cuedEntity = entityRanked[0]?.[0] as GoalEntity | undefined
  const context = { target: target.kind, question }
  const entity =
    cuedEntity ?? pickGoalDefault(defaults.entity, { ...context, intent: cuedIntent ?? 'unknown' }, 'unknown')
  const intent = cuedIntent ?? pickGoalDefault(defaults.intent, { ...context, entity }, 'unknown')
  const full = { ...context, intent, entity }
  const artifact = withDefault(scores.artifact, pickGoalDefault(defaults.artifact, full, 'explanation'))
  const scope = withDefault(scores.scope, pickGoalDefault(defaults.scope, full, 'global'))
  const goal: Goal = {
    intent,
    entity,
    artifact: artifact.value as GoalArtifact,
    scope: scope.value as GoalScope,
  }
  if (target.text !== undefined) goal.target = target.text
  return {
    goal,
    fields: {
      intent: { value: intent, ranked: intentRanked, fromDefault: cuedIntent === undefined },
      entity: { value: entity, ranked: entityRanked, fromDefault: cuedEntity === undefined },
      artifact,
      scope,
    },
  }
}
