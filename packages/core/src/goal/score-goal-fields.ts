import type { GoalTarget } from './extract-goal-target.ts'
import type { GoalCueHit } from './match-goal-cues.ts'
import type { GoalField } from './types.ts'

/** Votes per value, for each field. */
export type GoalFieldScores = Record<GoalField, Map<string, number>>

/** Votes a named target casts for an entity: a path is a file, an identifier a symbol. */
const targetVotes: Readonly<Record<GoalTarget['kind'], readonly [string, number] | undefined>> = {
  identifier: ['symbol', 1],
  path: ['file', 1.5],
  phrase: undefined,
  // A commit or a range named: the history, not the working tree ("what changed in commit 855110d").
  revision: ['git-history', 3],
  none: undefined,
}

/** Adds up the votes of every cue hit and of the target. */
export function scoreGoalFields(hits: readonly GoalCueHit[], target: GoalTarget): GoalFieldScores {
  const scores: GoalFieldScores = {
    intent: new Map(),
    entity: new Map(),
    artifact: new Map(),
    scope: new Map(),
  }
  // A courtesy ("thanks", "great!") is the request only when nothing else is asked.
  const asksMore = hits.some(
    (hit) => !hit.cue.courtesy && hit.cue.votes.some(([field]) => field === 'intent'),
  )
  // A name's words (`@design/refactor-plan.md`) say what the request is about: their intent votes,
  // down-weighted, read it only when the request's own words read no intent.
  const ownIntent = hits.some(
    (hit) => hit.named !== true && !hit.cue.courtesy && hit.cue.votes.some(([field]) => field === 'intent'),
  )
  for (const hit of hits) {
    for (const [field, value] of hit.cue.votes) {
      if (asksMore && hit.cue.courtesy && field === 'intent') continue
      if (ownIntent && hit.named === true && field === 'intent') continue
      scores[field].set(value, (scores[field].get(value) ?? 0) + hit.weight)
    }
    // A change asked about in a wh-question asks how to go about it.
    if (hit.asked !== undefined) scores.intent.set('explain', (scores.intent.get('explain') ?? 0) + hit.asked)
  }
  const vote = targetVotes[target.kind]
  if (vote) scores.entity.set(vote[0], (scores.entity.get(vote[0]) ?? 0) + vote[1])
  return scores
}

/** Values sorted by score, best first; ties keep vocabulary order. */
export function rankGoalField(scores: ReadonlyMap<string, number>): Array<readonly [string, number]> {
  const ranked: Array<readonly [string, number]> = []
  for (const entry of scores) if (entry[1] > 0) ranked.push(entry)
  return ranked.length > 1 ? ranked.sort((left, right) => right[1] - left[1]) : ranked
}
