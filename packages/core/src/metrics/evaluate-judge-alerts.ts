import { costImpact } from './cost-impact.ts'
import type { FinalizationOutcomeEventPayload, JudgeResultEventPayload } from './judge-metric-events.ts'
import { replanEffectiveness } from './replan-effectiveness.ts'

/** Alert thresholds (seed 004 §9.13's X, Y and 1.3). */
export interface JudgeAlertOptions {
  /** Alert when WRONG_ABSTRACTION_LEVEL appears in more than this % of an intent's judge calls (X). @default 20 */
  abstractionSpikePercent?: number
  /** Alert when replan success drops below this % (Y). @default 50 */
  minReplanSuccessPercent?: number
  /** Alert when average retries per finalization exceed this (loopiness). @default 1.3 */
  maxAverageRetries?: number
  /** Fewest samples (judge calls per intent, jobs needing replan, outcomes) before an alert may fire. @default 20 */
  minSamples?: number
}

/** One fired alert. */
export interface JudgeAlert {
  type: 'wrong-abstraction-spike' | 'replan-success-low' | 'loopiness'
  /** For per-intent alerts. */
  intentId?: string
  value: number
  threshold: number
  message: string
}

/**
 * Evaluates the seed's three alert rules over a window of events: a WRONG_ABSTRACTION_LEVEL spike
 * per intent (regression), a low replan success rate (judge too strict or plan too weak), and
 * loopiness (average retries above 1.3). Returns the alerts that fire; none below `minSamples`.
 *
 * @example
 * const alerts = evaluateJudgeAlerts(lastHour.judgeResults, lastHour.outcomes, { abstractionSpikePercent: 15 })
 */
export function evaluateJudgeAlerts(
  judgeResults: readonly JudgeResultEventPayload[],
  outcomes: readonly FinalizationOutcomeEventPayload[],
  options: JudgeAlertOptions = {},
): JudgeAlert[] {
  const {
    abstractionSpikePercent = 20,
    minReplanSuccessPercent = 50,
    maxAverageRetries = 1.3,
    minSamples = 20,
  } = options
  const alerts: JudgeAlert[] = []
  const perIntent = new Map<string, { calls: number; wrong: number }>()
  for (const event of judgeResults) {
    const counts = perIntent.get(event.intent_id) ?? { calls: 0, wrong: 0 }
    counts.calls++
    if (event.reason_codes.includes('WRONG_ABSTRACTION_LEVEL')) counts.wrong++
    perIntent.set(event.intent_id, counts)
  }
  for (const [intentId, { calls, wrong }] of perIntent) {
    const percent = (wrong / calls) * 100
    if (calls >= minSamples && percent > abstractionSpikePercent) {
      alerts.push({
        type: 'wrong-abstraction-spike',
        intentId,
        value: percent,
        threshold: abstractionSpikePercent,
        message: `WRONG_ABSTRACTION_LEVEL in ${percent.toFixed(1)}% of ${intentId} judgments (> ${abstractionSpikePercent}%): improve intent routing and capability profiles`,
      })
    }
  }
  const replan = replanEffectiveness(judgeResults)
  if (replan.jobsNeedingReplan >= minSamples && replan.replanSuccessPercent < minReplanSuccessPercent) {
    alerts.push({
      type: 'replan-success-low',
      value: replan.replanSuccessPercent,
      threshold: minReplanSuccessPercent,
      message: `replan success ${replan.replanSuccessPercent.toFixed(1)}% (< ${minReplanSuccessPercent}%): judge too strict or plan too weak`,
    })
  }
  const cost = costImpact(judgeResults, outcomes)
  if (outcomes.length >= minSamples && cost.averageRetries > maxAverageRetries) {
    alerts.push({
      type: 'loopiness',
      value: cost.averageRetries,
      threshold: maxAverageRetries,
      message: `average retries ${cost.averageRetries.toFixed(2)} (> ${maxAverageRetries}): finalization is looping`,
    })
  }
  return alerts
}
