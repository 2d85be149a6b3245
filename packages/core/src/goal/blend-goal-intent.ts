import { goalIntents } from './goal-values.ts'
import type { ResolvedGoal } from './resolve-goal.ts'
import type { GoalIntent } from './types.ts'

/** The readings a blend chooses from: every intent, unknown (no request to act on) included. */
export const blendableIntents: readonly GoalIntent[] = goalIntents

/** Share the rules keep for an unknown reading (no cue matched): half, so the model may overrule it. */
const unknownKept = 0.5

/** Share of a runner-up's probability spread by its cue votes; the rest is spread evenly. */
const votedShare = 0.7

/** What `blendGoalIntent` decided. */
export interface GoalIntentBlend {
  intent: GoalIntent
  /** Blended probability of `intent`, 0..1. */
  probability: number
  /** Blended probability of the cues' own pick (equal to `probability` when the cues win). */
  cuedProbability: number
}

/**
 * The rules' reading as a distribution over intents: the picked intent gets the rules' calibrated
 * confidence (an unknown pick 0.5), the others share the rest, mostly by their cue votes.
 */
export function ruleIntentDistribution(
  resolved: ResolvedGoal,
  ruleConfidence: number,
): Map<GoalIntent, number> {
  const picked = resolved.goal.intent
  const kept = picked === 'unknown' ? unknownKept : ruleConfidence
  const others = blendableIntents.length - 1
  const votes = new Map(resolved.fields.intent.ranked)
  let otherVotes = 0
  for (const [value, score] of votes) if (value !== picked) otherVotes += score
  const distribution = new Map<GoalIntent, number>()
  for (const intent of blendableIntents) {
    if (intent === picked) {
      distribution.set(intent, kept)
      continue
    }
    const share =
      otherVotes > 0
        ? (votedShare * (votes.get(intent) ?? 0)) / otherVotes + (1 - votedShare) / others
        : 1 / others
    distribution.set(intent, (1 - kept) * share)
  }
  return distribution
}

/**
 * Blends the rules' reading with a learned model's probabilities (`learned`, by intent):
 * `(1 - weight) * rules + weight * learned`, best intent first. Ties keep the rules' pick.
 */
export function blendGoalIntent(
  rules: ReadonlyMap<GoalIntent, number>,
  learned: ReadonlyMap<string, number>,
  weight: number,
  rulePick: GoalIntent,
): GoalIntentBlend {
  const blended = (intent: GoalIntent) =>
    (1 - weight) * (rules.get(intent) ?? 0) + weight * (learned.get(intent) ?? 0)
  const cuedProbability = blended(rulePick)
  let best: GoalIntentBlend = { intent: rulePick, probability: cuedProbability, cuedProbability }
  for (const intent of blendableIntents) {
    const probability = blended(intent)
    if (probability > best.probability) best = { intent, probability, cuedProbability }
  }
  return best
}
