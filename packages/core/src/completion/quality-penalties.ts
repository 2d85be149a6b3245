import type { QualityViolationType } from './types.ts'

/** Points each quality violation subtracts from 100. */
export const qualityPenalties: Readonly<Record<QualityViolationType, number>> = Object.freeze({
  FINDING_NO_CI: 30,
  FINDING_NO_EFFECT_SIZE: 30,
  ML_NO_BASELINE: 20,
  ML_NO_CV: 25,
  ML_NO_INTERPRETATION: 15,
})

/** How many lines before a `[FINDING]` its `[STAT:ci]` and `[STAT:effect_size]` may stand. */
export const findingEvidenceLookbackLines = 10
