/** @module @focal/core/reformulation */
export {
  type ActiveReformulation,
  type CreateGoalStateOptions,
  createGoalState,
  type GoalReformulationOutcome,
  type GoalRestoreOutcome,
  type GoalState,
  type GoalStateSnapshot,
  type ReformulateGoalOptions,
} from './create-goal-state.ts'
export type {
  AllowedReformulationType,
  ForbiddenReformulationType,
  ReformulationAbortCode,
  ReformulationCheck,
  ReformulationCriterion,
  ReformulationEvidence,
  ReformulationFinding,
  ReformulationLexicon,
  ReformulationSimilarity,
  ReformulationType,
  ReformulationValidation,
} from './types.ts'
export {
  reformulationThresholds,
  type ValidateReformulationOptions,
  validateReformulation,
} from './validate-reformulation.ts'
