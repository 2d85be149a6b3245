// Kept apart from the zod schemas so the gates can be bundled without zod.

/** Comparison operators a `metric_threshold` criterion may use. */
export const comparisonOperators = ['>=', '>', '<=', '<', '==', '!='] as const

/** The four kinds of acceptance criterion a goal contract supports. */
export const acceptanceCriterionKinds = [
  'metric_threshold',
  'marker_required',
  'artifact_exists',
  'finding_count',
] as const

/** Default number of goal attempts before the completion decision becomes BLOCKED. */
export const defaultMaxGoalAttempts = 3
