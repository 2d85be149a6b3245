import { formatMetricNumber } from './compare-metric.ts'
import { defaultMaxGoalAttempts } from './goal-contract-constants.ts'
import type { GoalCriterionResult, GoalGateResult } from './types.ts'

/** Advice after a goal gate result: pivot, stop, or declare the goal unachievable. */
export interface PivotRecommendation {
  /** Try again with a changed approach. */
  shouldPivot: boolean
  /** This attempt's number, 1-based. */
  attemptNumber: number
  maxAttempts: number
  /** Concrete next actions, most specific first. */
  suggestions: string[]
  /** Two or more distinct labelled approaches have failed: stop and revise the goal. */
  unachievable: boolean
  /** Distinct approach labels that failed, in order. */
  failedApproaches: string[]
}

/** Options of {@link recommendPivot}. */
export interface RecommendPivotOptions {
  /**
   * Attempt budget.
   * @default result.maxGoalAttempts (the contract's max_goal_attempts, else 3)
   */
  maxAttempts?: number
}

/** The exact suggestion given once the attempt budget is spent. */
export const maxAttemptsReachedSuggestion =
  'Maximum attempts reached. Consider revising goal criteria or escalating.'

/**
 * Advice for the next attempt from the current result and the earlier attempts' results (oldest
 * first). Suggestions name the failing criteria and gaps; two distinct failed approaches
 * (`GoalGateInput.approach`) mark the goal unachievable. The research-agent project's form
 * `(result, attemptNumber, maxAttempts)` is accepted too.
 */
export function recommendPivot(
  result: GoalGateResult,
  history: readonly GoalGateResult[] | number = [],
  options: RecommendPivotOptions | number = {},
): PivotRecommendation {
  const attemptNumber = typeof history === 'number' ? history : history.length + 1
  const maxAttempts =
    (typeof options === 'number' ? options : options.maxAttempts) ??
    result.maxGoalAttempts ??
    defaultMaxGoalAttempts
  const earlier = typeof history === 'number' ? [] : history
  const failedApproaches = distinctFailedApproaches([...earlier, result])
  const base = { attemptNumber, maxAttempts, failedApproaches }
  if (result.passed || result.overallStatus === 'NO_CONTRACT')
    return { ...base, shouldPivot: false, suggestions: [], unachievable: false }
  if (result.overallStatus === 'BLOCKED') {
    const suggestions = result.blockers?.length
      ? [...result.blockers]
      : ['Resolve the blocking issues before retrying']
    return { ...base, shouldPivot: false, suggestions, unachievable: false }
  }
  if (failedApproaches.length >= 2) {
    const suggestion = `Goal looks unachievable: ${failedApproaches.length} distinct approaches failed (${failedApproaches.join(', ')}). Revise the acceptance criteria with the requester or escalate.`
    return { ...base, shouldPivot: false, suggestions: [suggestion], unachievable: true }
  }
  if (attemptNumber >= maxAttempts)
    return { ...base, shouldPivot: false, suggestions: [maxAttemptsReachedSuggestion], unachievable: false }
  const previous = earlier.at(-1)
  const suggestions = result.criteriaResults
    .filter((entry) => entry.status !== 'MET')
    .flatMap((entry) => suggestFor(entry, previous))
  suggestions.push(...generalAdvice(result, previous, attemptNumber))
  return { ...base, shouldPivot: true, suggestions, unachievable: false }
}

function distinctFailedApproaches(results: readonly GoalGateResult[]): string[] {
  const seen = new Map<string, string>()
  for (const entry of results) {
    const label = entry.approach?.trim()
    if (entry.overallStatus !== 'NOT_MET' || !label) continue
    if (!seen.has(label.toLowerCase())) seen.set(label.toLowerCase(), label)
  }
  return [...seen.values()]
}

function suggestFor(entry: GoalCriterionResult, previous: GoalGateResult | undefined): string[] {
  const criterion = entry.criterion
  switch (criterion.kind) {
    case 'metric_threshold':
      return suggestForMetric(entry, previous)
    case 'marker_required': {
      const tip = /baseline/i.test(criterion.marker)
        ? ['Compute a baseline (majority class or simple model) before the main model']
        : []
      return [`Add missing marker: [${criterion.marker}] - required for acceptance`, ...tip]
    }
    case 'artifact_exists': {
      const tip = /\.(pkl|joblib)/i.test(criterion.artifactPattern)
        ? ['Save the fitted model, e.g. joblib.dump(model, "model.joblib")']
        : []
      return [`Create artifact matching: ${criterion.artifactPattern}`, ...tip]
    }
    case 'finding_count': {
      const missing = Math.max(
        1,
        criterion.minCount - (typeof entry.actualValue === 'number' ? entry.actualValue : 0),
      )
      const markers = `[FINDING] marker${missing === 1 ? '' : 's'}`
      if (criterion.findingPolicy === 'all') return [`Add ${missing} more ${markers}`]
      return [
        `Add ${missing} more verified ${markers}`,
        'Each [FINDING] needs [STAT:ci] and [STAT:effect_size] within the 10 lines before it',
      ]
    }
    default:
      return [`Fix criterion ${String((criterion as { id?: unknown }).id)}: ${entry.message}`]
  }
}

function suggestForMetric(entry: GoalCriterionResult, previous: GoalGateResult | undefined): string[] {
  const criterion = entry.criterion
  if (criterion.kind !== 'metric_threshold') return []
  if (entry.status === 'UNKNOWN') return [`Fix criterion ${criterion.id}: ${entry.message}`]
  if (typeof entry.actualValue !== 'number')
    return [`Add [METRIC:${criterion.metric}] output to report ${criterion.metric}`]
  const actual = entry.actualValue
  const gap = formatMetricNumber(Math.abs(criterion.target - actual))
  const suggestions = [
    `Improve ${criterion.metric}: ${formatMetricNumber(actual)} now, needs ${criterion.op} ${formatMetricNumber(criterion.target)} (gap ${gap})`,
  ]
  const before = previous?.criteriaResults.find((other) => other.criterion.id === criterion.id)?.actualValue
  if (typeof before === 'number' && !movedTowardTarget(before, actual, criterion.op)) {
    suggestions.push(
      `${criterion.metric} did not improve since the last attempt (${formatMetricNumber(before)} → ${formatMetricNumber(actual)}): change the approach rather than tuning it`,
    )
  }
  if (/acc|f1|auc|precision|recall|r2/i.test(criterion.metric)) {
    suggestions.push('Try feature engineering, hyperparameter search or a different model family')
  } else if (/rmse|mae|mse|loss|error/i.test(criterion.metric)) {
    suggestions.push('Try target transformation, regularisation or a model with lower bias')
  }
  return suggestions
}

function movedTowardTarget(before: number, after: number, operator: string): boolean {
  if (operator === '>=' || operator === '>') return after > before
  if (operator === '<=' || operator === '<') return after < before
  return after !== before
}

function generalAdvice(
  result: GoalGateResult,
  previous: GoalGateResult | undefined,
  attemptNumber: number,
): string[] {
  const advice: string[] = []
  const reused =
    result.approach !== undefined &&
    previous?.approach?.trim().toLowerCase() === result.approach.trim().toLowerCase()
  if (reused)
    advice.push(`Approach "${result.approach}" was already tried; pick a different one for the next attempt`)
  if (attemptNumber === 1) advice.push('First attempt incomplete: address the criteria above and try again')
  else
    advice.push(
      `Attempt ${attemptNumber} incomplete: make a larger change (different algorithm, data transformation or feature set)`,
    )
  return advice
}
