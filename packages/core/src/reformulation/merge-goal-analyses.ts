import type { GoalAnalysis } from './analyze-goal-text.ts'

/** One analysis of a goal and its operator constraints: the constraints belong to the original. */
export function mergeGoalAnalyses(base: GoalAnalysis, extras: readonly GoalAnalysis[]): GoalAnalysis {
  const all = [base, ...extras]
  return {
    ...base,
    concepts: all.flatMap((analysis) => analysis.concepts),
    times: all.flatMap((analysis) => analysis.times),
    comparators: all.flatMap((analysis) => analysis.comparators),
    limits: all.flatMap((analysis) => analysis.limits),
    negations: all.reduce((sum, analysis) => sum + analysis.negations, 0),
    exclusions: all.reduce((sum, analysis) => sum + analysis.exclusions, 0),
    poles: all.flatMap((analysis) => analysis.poles),
  }
}
