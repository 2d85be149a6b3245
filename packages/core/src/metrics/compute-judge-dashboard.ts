import { type CorrectButFarAwayIndex, correctButFarAwayIndex } from './correct-but-far-away-index.ts'
import { costImpact, type JudgeCostImpact } from './cost-impact.ts'
import { evaluateJudgeAlerts, type JudgeAlert, type JudgeAlertOptions } from './evaluate-judge-alerts.ts'
import { fixModeDistribution } from './fix-mode-distribution.ts'
import {
  type FinalizationOutcomeEventPayload,
  type JudgeResultEventPayload,
  judgeMetricEventsFromRecords,
} from './judge-metric-events.ts'
import { type ReplanEffectiveness, replanEffectiveness } from './replan-effectiveness.ts'
import { type ReasonCodeCount, topReasonCodes } from './top-reason-codes.ts'
import {
  type VerdictRateBucket,
  type VerdictRateOptions,
  verdictRateByIntent,
} from './verdict-rate-by-intent.ts'

/** Options of {@link computeJudgeDashboard}. */
export interface JudgeDashboardOptions extends VerdictRateOptions, JudgeAlertOptions {
  /** Rows of the top reason codes panel. @default 10 */
  topReasonCodeLimit?: number
  /** @default 2 */
  maxRetries?: number
}

/** Every panel of the seed 004 §9.13 dashboard, plus the alerts, as JSON-friendly data. */
export interface JudgeDashboard {
  verdictRate: VerdictRateBucket[]
  topReasonCodes: ReasonCodeCount[]
  correctButFarAway: CorrectButFarAwayIndex
  replanEffectiveness: ReplanEffectiveness
  fixModes: ReturnType<typeof fixModeDistribution>
  cost: JudgeCostImpact
  alerts: JudgeAlert[]
}

/**
 * Computes the whole judge dashboard from ledger records (or from the two event lists).
 *
 * @example
 * const dashboard = computeJudgeDashboard(await ledgerStore.list(sessionId))
 * chart(dashboard.verdictRate); chart(dashboard.topReasonCodes)
 */
export function computeJudgeDashboard(
  source:
    | ReadonlyArray<{ type: string; payload: unknown }>
    | {
        judgeResults: readonly JudgeResultEventPayload[]
        outcomes: readonly FinalizationOutcomeEventPayload[]
      },
  options: JudgeDashboardOptions = {},
): JudgeDashboard {
  const { judgeResults, outcomes } = Array.isArray(source)
    ? judgeMetricEventsFromRecords(source as ReadonlyArray<{ type: string; payload: unknown }>)
    : (source as {
        judgeResults: readonly JudgeResultEventPayload[]
        outcomes: readonly FinalizationOutcomeEventPayload[]
      })
  const verdictOptions: VerdictRateOptions = {}
  if (options.bucketMs !== undefined) verdictOptions.bucketMs = options.bucketMs
  if (options.attempts !== undefined) verdictOptions.attempts = options.attempts
  return {
    verdictRate: verdictRateByIntent(judgeResults, verdictOptions),
    topReasonCodes: topReasonCodes(judgeResults, { limit: options.topReasonCodeLimit ?? 10 }),
    correctButFarAway: correctButFarAwayIndex(judgeResults),
    replanEffectiveness: replanEffectiveness(judgeResults, { maxRetries: options.maxRetries ?? 2 }),
    fixModes: fixModeDistribution(judgeResults),
    cost: costImpact(judgeResults, outcomes),
    alerts: evaluateJudgeAlerts(judgeResults, outcomes, options),
  }
}
