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

/**
 * Which `[METRIC:<name>]` report a `metric_threshold` criterion judges when the metric is reported
 * more than once: `last` (the final model), `first`, or `best` (the most favourable readable value
 * for the operator; needs >=, >, <= or <).
 */
export const metricPolicies = ['last', 'best', 'first'] as const

/** The metric policy of a criterion that names none: the last report, i.e. the final model. */
export const defaultMetricPolicy = 'last'

/**
 * What a `finding_count` criterion counts: `verified` (seed 001: `[FINDING]`s with `[STAT:ci]` and
 * `[STAT:effect_size]` within the 10 lines before) or `all` (the research-agent project's own
 * meaning: every `[FINDING]` marker, evidence or not).
 */
export const findingPolicies = ['verified', 'all'] as const

/** The finding policy of a criterion that names none: verified findings only. */
export const defaultFindingPolicy = 'verified'
