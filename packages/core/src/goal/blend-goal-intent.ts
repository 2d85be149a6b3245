import { goalIntents, mutatingIntents } from './goal-values.ts'
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
 * Whether a learned model may overrule the cues' pick `rulePick` with `intent`. Never with
 * `unknown` when the cues read a request ("why did the build fail" after a pasted log is a
 * question, whatever the log's words say to the model); and never with a change (modify,
 * execute) when the request is a question the cues read as asking, not acting ("can the CLI take
 * globs?"): a question that asks for a change leads with its verb ("can you add…") and the cues
 * read it so.
 */
export function mayOverrule(rulePick: GoalIntent, intent: GoalIntent, question: boolean): boolean {
  if (intent === 'unknown') return rulePick === 'unknown'
  return !(
    question &&
    mutatingIntents.has(intent) &&
    !mutatingIntents.has(rulePick) &&
    rulePick !== 'unknown'
  )
}

/**
 * Blends the rules' reading with a learned model's probabilities (`learned`, by intent):
 * `(1 - weight) * rules + weight * learned`, best intent first, among the intents the model
 * {@link mayOverrule} the cues with (`question`: the request is a question). Ties keep the rules' pick.
 */
export function blendGoalIntent(
  rules: ReadonlyMap<GoalIntent, number>,
  learned: ReadonlyMap<string, number>,
  weight: number,
  rulePick: GoalIntent,
  question = false,
): GoalIntentBlend {
  const blended = (intent: GoalIntent) => blendedProbability(rules, learned, weight, intent)
  const cuedProbability = blended(rulePick)
  let best: GoalIntentBlend = { intent: rulePick, probability: cuedProbability, cuedProbability }
  for (const intent of blendableIntents) {
    if (intent !== rulePick && !mayOverrule(rulePick, intent, question)) continue
    const probability = blended(intent)
    if (probability > best.probability) best = { intent, probability, cuedProbability }
  }
  return best
}

/** `intent`'s blended probability: `(1 - weight) * rules + weight * learned`. */
export function blendedProbability(
  rules: ReadonlyMap<GoalIntent, number>,
  learned: ReadonlyMap<string, number>,
  weight: number,
  intent: GoalIntent,
): number {
  return (1 - weight) * (rules.get(intent) ?? 0) + weight * (learned.get(intent) ?? 0)
}
