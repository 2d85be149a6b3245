import type { ResolvedGoal, ResolvedGoalField } from './resolve-goal.ts'

/** Votes at which evidence reaches 1 - 1/e of certainty (one strong cue is about 2.5 votes). */
const evidenceScale = 1.5

/** Raw intent confidence of a default row's pick (a question, a bare path) with no entity cue. */
const defaultIntentFloor = 0.15

/** Evidence times separation: 0 with no votes, near 1 with many votes and no runner-up. */
function cuedConfidence(field: ResolvedGoalField): number {
  const best = field.ranked[0]?.[1] ?? 0
  if (best <= 0) return 0
  const runnerUp = field.ranked[1]?.[1] ?? 0
  const evidence = 1 - Math.exp(-best / evidenceScale)
  const margin = (best - runnerUp) / best
  return evidence * (0.5 + 0.5 * margin)
}

/**
 * Uncalibrated parse confidence in 0..1: the geometric blend (intent 0.6, entity 0.4) of how much
 * evidence each field had and how far it led its runner-up. A field chosen by a default row
 * borrows a fraction of the other field's confidence (at least 0.15 for the intent); an unknown intent gives 0.05 or 0.1.
 */
export function rawGoalConfidence({ goal, fields }: ResolvedGoal): number {
  if (goal.intent === 'unknown') return fields.entity.fromDefault ? 0.05 : 0.1
  const entityCued = fields.entity.fromDefault ? 0 : cuedConfidence(fields.entity)
  const intentCued = fields.intent.fromDefault ? 0 : cuedConfidence(fields.intent)
  const intent = fields.intent.fromDefault ? Math.max(defaultIntentFloor, 0.45 * entityCued) : intentCued
  const entity = fields.entity.fromDefault ? (goal.entity === 'unknown' ? 0.45 : 0.6) : entityCued
  return intent ** 0.6 * entity ** 0.4
}

/**
 * Platt scaling of the raw confidence, with the request's length (content words) as a second
 * input: longer requests leave more room for a reading the cues missed. Fitted by logistic
 * regression of "the intent is right" on the tuning split of the real coding requests and the third
 * set (shared/data/coding-requests; weight 2) and the phrasing lists 1-3 (weight 1), never the
 * held-out split or the blind set; refit with
 * `node --conditions=@focal/source --import tsx packages/core/scripts/fit-goal-confidence.ts`
 * after changing the vocabulary.
 */
export const goalConfidenceCalibration = { intercept: 2.472, rawLogit: 2.054, contentWordsLog: -0.725 }

const logit = (probability: number) => {
  const clamped = Math.min(0.999, Math.max(0.001, probability))
  return Math.log(clamped / (1 - clamped))
}

/** A raw confidence and the request's content-word count mapped through `calibration`. */
export function calibrateGoalConfidence(
  raw: number,
  contentWords: number,
  calibration: typeof goalConfidenceCalibration = goalConfidenceCalibration,
): number {
  const score =
    calibration.intercept +
    calibration.rawLogit * logit(raw) +
    calibration.contentWordsLog * Math.log1p(contentWords)
  return 1 / (1 + Math.exp(-score))
}

/**
 * Calibrated parse confidence in 0..1: about the share of requests parsed with this confidence
 * whose intent is right. No cue (unknown intent) gives 0.05 or 0.1.
 */
export function goalConfidence(resolved: ResolvedGoal, contentWords: number): number {
  const raw = rawGoalConfidence(resolved)
  if (resolved.goal.intent === 'unknown') return raw
  return Math.round(calibrateGoalConfidence(raw, contentWords) * 1000) / 1000
}

/** Platt-scaling constants of a blended intent probability (see `fit-goal-blend.ts`). */
export interface BlendedConfidenceCalibration {
  intercept: number
  probabilityLogit: number
  contentWordsLog: number
}

/**
 * Calibrated confidence of an intent picked by blending the cue rules with the learned model:
 * Platt scaling of the blended probability's logit and ln(1 + content words), rounded to 0.001.
 */
export function calibrateBlendedConfidence(
  probability: number,
  contentWords: number,
  calibration: BlendedConfidenceCalibration,
): number {
  const score =
    calibration.intercept +
    calibration.probabilityLogit * logit(probability) +
    calibration.contentWordsLog * Math.log1p(contentWords)
  return Math.round(1000 / (1 + Math.exp(-score))) / 1000
}
