/** @module @focal/core/metrics */
export {
  computeJudgeDashboard,
  type JudgeDashboard,
  type JudgeDashboardOptions,
} from './compute-judge-dashboard.ts'
export { type CorrectButFarAwayIndex, correctButFarAwayIndex } from './correct-but-far-away-index.ts'
export { costImpact, type JudgeCostImpact } from './cost-impact.ts'
export { evaluateJudgeAlerts, type JudgeAlert, type JudgeAlertOptions } from './evaluate-judge-alerts.ts'
export { fixModeDistribution } from './fix-mode-distribution.ts'
export {
  type CreateFinalizationOutcomeEventOptions,
  type CreateJudgeResultEventOptions,
  createFinalizationOutcomeEvent,
  createJudgeResultEvent,
  type FinalizationOutcomeEventPayload,
  type JudgeResultEventPayload,
  judgeMetricEventsFromRecords,
} from './judge-metric-events.ts'
export { type ReplanEffectiveness, replanEffectiveness } from './replan-effectiveness.ts'
export { type ReasonCodeCount, topReasonCodes } from './top-reason-codes.ts'
export {
  type VerdictRateBucket,
  type VerdictRateOptions,
  verdictRateByIntent,
} from './verdict-rate-by-intent.ts'
