import { z } from 'zod'
import {
  type acceptanceCriterionKinds,
  comparisonOperators,
  defaultFindingPolicy,
  defaultMetricPolicy,
  findingPolicies,
  metricPolicies,
} from './goal-contract-constants.ts'
import { stripTerminalEscapes } from './strip-terminal-escapes.ts'

const criterionBase = {
  id: z.string().trim().min(1),
  description: z.string().optional(),
  /**
   * The tool that reports this criterion (`test` for `tests_failed`): in the engine's completion
   * step, the criterion is backed only once a call of that tool ran in the session and, for a
   * metric, its result reported the metric (its `[METRIC:<name>]` marker) at the value the output
   * claims, for findings or a required marker, its result carries them; until then the trust gate
   * fails, whatever the output claims.
   */
  tool: z.string().trim().min(1).optional(),
}

// What `parseMarkers` can put in a `[METRIC:<name>]` subtype: a `:` ends it, `=` makes it an
// attribute, `]` closes the marker and a line break ends the line. A name with any of them is never reported.
const reportableMetricName = /^[^:=\]\r\n]+$/
// A marker type starts with a letter and holds letters, digits, `_` and `-`; `*` and `?` are wildcards.
const matchableMarkerPattern = /^\[?[A-Za-z*?][\w*?-]*(?::[^\]\r\n]*)?\]?$/

/**
 * `[METRIC:<metric>] <value>` must compare to `target` with `op`, e.g. `cv_accuracy_mean >= 0.90`.
 * `metricPolicy` picks the report that counts when there are several; parsing fills in the default,
 * `'last'` (the final model).
 */
export const metricThresholdCriterionSchema = z
  .looseObject({
    ...criterionBase,
    kind: z.literal('metric_threshold'),
    metric: z.string().trim().min(1).regex(reportableMetricName),
    op: z.enum(comparisonOperators),
    target: z.number().refine(Number.isFinite, 'must be a finite number'),
    metricPolicy: z.enum(metricPolicies).default(defaultMetricPolicy),
  })
  .superRefine((criterion, context) => {
    if (criterion.metricPolicy !== 'best' || (criterion.op !== '==' && criterion.op !== '!=')) return
    context.addIssue({
      code: 'custom',
      path: ['metricPolicy'],
      message: `metricPolicy "best" needs an ordering operator (>=, >, <=, <), not ${criterion.op}: use "last" or "first"`,
    })
  })

/**
 * Why a marker pattern checks nothing, or undefined: the trust gate passes no output without a
 * `[METRIC:<name>]` value or a verified `[FINDING]`, so a pattern any metric matches (`*`, `MET*`,
 * `METRIC`, `METRIC:*`) is met by every output that could pass, as a finding count of 0 would be.
 * A type must be named; a metric pattern must name a letter or digit of the metric.
 */
export function vacuousMarkerProblem(pattern: string): string | undefined {
  const [type = '', subtype = ''] = pattern
    .trim()
    .replace(/^\[|\]$/gu, '')
    .split(':')
  if (/[*?]/u.test(type))
    return `marker pattern "${pattern}" names no marker type: a wildcard type matches the [METRIC:<name>] any evidenced output has`
  if (type.toUpperCase().replaceAll('-', '_') === 'METRIC' && !/[\p{L}\p{N}]/u.test(subtype))
    return `marker pattern "${pattern}" names no metric: it matches the [METRIC:<name>] value any evidenced output has (name one: "METRIC:baseline_*")`
  return undefined
}

/** A marker must appear; `*` is a wildcard (`METRIC:baseline_*`), never the whole type or metric. */
export const markerRequiredCriterionSchema = z.looseObject({
  ...criterionBase,
  kind: z.literal('marker_required'),
  marker: z
    .string()
    .trim()
    .min(1)
    .regex(matchableMarkerPattern)
    .superRefine((pattern, context) => {
      const problem = matchableMarkerPattern.test(pattern) ? vacuousMarkerProblem(pattern) : undefined
      if (problem !== undefined) context.addIssue({ code: 'custom', message: problem })
    }),
})

/** An artifact path must match a glob; a pattern without `/` matches the basename. */
export const artifactExistsCriterionSchema = z.looseObject({
  ...criterionBase,
  kind: z.literal('artifact_exists'),
  artifactPattern: z.string().trim().min(1).max(1024),
})

/**
 * At least `minCount` (>= 1: a minimum of 0 holds for any output) `[FINDING]` markers. With
 * `findingPolicy: 'verified'` (the default, filled in by parsing) only findings with CI and effect
 * size within 10 lines before count; with `'all'` every `[FINDING]` does (the research-agent project's meaning).
 */
export const findingCountCriterionSchema = z.looseObject({
  ...criterionBase,
  kind: z.literal('finding_count'),
  minCount: z.number().int().min(1),
  findingPolicy: z.enum(findingPolicies).default(defaultFindingPolicy),
})

/** One acceptance criterion, discriminated by `kind`. */
export const acceptanceCriterionSchema = z.discriminatedUnion('kind', [
  metricThresholdCriterionSchema,
  markerRequiredCriterionSchema,
  artifactExistsCriterionSchema,
  findingCountCriterionSchema,
])

/**
 * The goal contract stored under `gyoshu.goal_contract` (seed 001); unknown fields are kept. It needs
 * at least one criterion: a contract with nothing to check is refused, never met.
 */
export const goalContractSchema = z.looseObject({
  version: z.literal(1),
  goal_text: z.string().trim().refine(hasVisibleCharacter),
  goal_type: z.string().optional(),
  acceptance_criteria: z.array(acceptanceCriterionSchema).min(1),
  max_goal_attempts: z.number().int().min(1).optional(),
})

/**
 * Whether a text shows anything: white space, controls, format and default-ignorable characters
 * (zero-width space, word joiner, U+034F), combining marks alone, the braille blank and terminal
 * escapes (`ESC[0m`) are no goal.
 */
function hasVisibleCharacter(text: string): boolean {
  return /[^\s\p{Cc}\p{Cf}\p{M}\p{Default_Ignorable_Code_Point}\u2800]/u.test(stripTerminalEscapes(text))
}

/** Comparison operator of a `metric_threshold` criterion. */
export type ComparisonOperator = (typeof comparisonOperators)[number]
/** Which report of a metric a `metric_threshold` criterion judges. */
export type MetricPolicy = (typeof metricPolicies)[number]
/** What a `finding_count` criterion counts. */
export type FindingPolicy = (typeof findingPolicies)[number]
/** Kind of an acceptance criterion. */
export type AcceptanceCriterionKind = (typeof acceptanceCriterionKinds)[number]
// Types are the schemas' input: what a host writes, with defaults (metricPolicy) optional.
/** `metric_threshold` criterion. */
export type MetricThresholdCriterion = z.input<typeof metricThresholdCriterionSchema>
/** `marker_required` criterion. */
export type MarkerRequiredCriterion = z.input<typeof markerRequiredCriterionSchema>
/** `artifact_exists` criterion. */
export type ArtifactExistsCriterion = z.input<typeof artifactExistsCriterionSchema>
/** `finding_count` criterion. */
export type FindingCountCriterion = z.input<typeof findingCountCriterionSchema>
/** One acceptance criterion of a goal contract. */
export type AcceptanceCriterion = z.input<typeof acceptanceCriterionSchema>
/** A goal contract (as validated by `validateGoalContract`, which fills in defaults). */
export type GoalContract = z.input<typeof goalContractSchema>
