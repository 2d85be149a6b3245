import type { JudgeStrictness } from './types.ts'

/** Score thresholds and code handling of one strictness level. */
export interface JudgeThresholds {
  /** Minimum quality score for PASS. */
  pass: number
  /** Minimum quality score for PASS_WITH_CAVEATS. */
  caveats: number
  /** How many missing required elements raise MISSING_REQUIRED_ELEMENTS. */
  missingElementsForCode: number
  /** How many unsupported specifics raise UNSUPPORTED_SPECIFICS. */
  unsupportedSpecificsForCode: number
  /** Whether NEEDS_CLARIFICATION fails the draft ("fail on any ambiguity"). */
  clarificationFails: boolean
}

/**
 * Thresholds per strictness (seed 004 §3, §9.11): `medium` is the seed's 0.80 / 0.60; `low` passes
 * unless a violation is obvious; `high` is strict and fails on any ambiguity.
 */
export const judgeThresholds: Readonly<Record<JudgeStrictness, JudgeThresholds>> = {
  low: {
    pass: 0.7,
    caveats: 0.5,
    missingElementsForCode: 3,
    unsupportedSpecificsForCode: 2,
    clarificationFails: false,
  },
  medium: {
    pass: 0.8,
    caveats: 0.6,
    missingElementsForCode: 2,
    unsupportedSpecificsForCode: 1,
    clarificationFails: false,
  },
  high: {
    pass: 0.9,
    caveats: 0.7,
    missingElementsForCode: 1,
    unsupportedSpecificsForCode: 1,
    clarificationFails: true,
  },
}
