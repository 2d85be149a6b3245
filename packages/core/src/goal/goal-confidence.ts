import type { ResolvedGoal, ResolvedGoalField } from './resolve-goal.ts'

/** Votes at which evidence reaches 1 - 1/e of certainty (one strong cue is about 2.5 votes). */
const evidenceScale = 1.5

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
 * Calibrated parse confidence in 0..1: the geometric blend (intent 0.6, entity 0.4) of how much
 * evidence each field had and how far it led its runner-up. A field chosen by a default row
 * borrows a fraction of the other field's confidence; an unknown intent caps the result at 0.1.
 */
export function goalConfidence({ goal, fields }: ResolvedGoal): number {
  if (goal.intent === 'unknown') return fields.entity.fromDefault ? 0.05 : 0.1
  const entityCued = fields.entity.fromDefault ? 0 : cuedConfidence(fields.entity)
  const intentCued = fields.intent.fromDefault ? 0 : cuedConfidence(fields.intent)
  const intent = fields.intent.fromDefault ? 0.45 * entityCued : intentCued
  const entity = fields.entity.fromDefault ? (goal.entity === 'unknown' ? 0.45 : 0.6) : entityCued
  const blended = intent ** 0.6 * entity ** 0.4
  return Math.round(blended * 1000) / 1000
}
