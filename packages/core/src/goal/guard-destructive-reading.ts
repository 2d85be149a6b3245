import { mutatingIntents } from './goal-values.ts'
import type { GoalCueHit } from './match-goal-cues.ts'
import type { ResolvedGoal } from './resolve-goal.ts'
import type { GoalAmbiguity } from './types.ts'

/** Confidence a read-only reading of a destructive request may not reach. */
export const destructiveConfidenceCap = 0.45

/**
 * True when the cue rules read a destructive request (a cue marked `destructive`) as one that
 * changes or runs something: a learned model may not turn that reading into a read-only one.
 */
export function keepsDestructiveReading(resolved: ResolvedGoal, hits: readonly GoalCueHit[]): boolean {
  return mutatingIntents.has(resolved.goal.intent) && hits.some((hit) => hit.cue.destructive)
}

/** Why a read-only reading of the request is not to be trusted. */
export interface DestructiveReading {
  /** The destructive cue that matched, as written: `reset hard`. */
  words: string
  ambiguity: GoalAmbiguity
}

/**
 * A request that names a destructive action (a cue marked `destructive`) but resolved to a
 * read-only intent: the mutating reading to report as an ambiguity. Undefined when no destructive
 * cue matched or the goal already modifies or executes.
 */
export function guardDestructiveReading(
  resolved: ResolvedGoal,
  hits: readonly GoalCueHit[],
): DestructiveReading | undefined {
  if (mutatingIntents.has(resolved.goal.intent)) return undefined
  const hit = hits.find((candidate) => candidate.cue.destructive)
  if (!hit) return undefined
  const ranked = resolved.fields.intent.ranked
  const best = ranked[0]?.[1] ?? 0
  const rival = ranked.find(([value]) => mutatingIntents.has(value))
  const voted = hit.cue.votes.find(([field, value]) => field === 'intent' && mutatingIntents.has(value))
  const value = rival?.[0] ?? voted?.[1] ?? 'modify'
  const score = rival && best > 0 ? Math.round((rival[1] / best) * 1000) / 1000 : 0.5
  const words = hit.words.join(' ')
  return {
    words,
    ambiguity: {
      field: 'intent',
      value,
      score,
      description: `intent could be ${value} (the request names a destructive action: '${words}')`,
      destructive: words,
    },
  }
}
