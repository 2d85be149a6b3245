/** @module @focal/core/goal */

export {
  type ClassificationComparison,
  type ClassificationComparisonRow,
  type CompareClassificationsOptions,
  compareClassifications,
} from './compare-classifications.ts'
export { createGoalParser } from './create-goal-parser.ts'
export { defaultGoalStrategy } from './default-goal-strategy.ts'
export { defaultGoalVocabulary } from './default-goal-vocabulary.ts'
export { evidenceFor } from './evidence-for.ts'
export { goalArtifacts, goalEntities, goalIntents, goalScopes } from './goal-values.ts'
export type {
  IntentClassification,
  IntentClassifier,
  IntentClassifierJson,
  IntentExample,
} from './intent-classifier-types.ts'
export type { IntentFeatureOptions } from './intent-features.ts'
export { isComplete } from './is-complete.ts'
export { loadIntentClassifier } from './load-intent-classifier.ts'
export { planTools } from './plan-tools.ts'
export { selectRecovery } from './select-recovery.ts'
export type {
  GoalCondition,
  GoalEvidenceClass,
  GoalEvidenceRow,
  GoalEvidenceStore,
  GoalRecovery,
  GoalRecoveryRow,
  GoalStrategy,
  GoalStrategyOptions,
  GoalToolCall,
  GoalToolRow,
  GoalToolTemplate,
  PlanToolsOptions,
  SelectRecoveryOptions,
} from './strategy-types.ts'
export { type TrainIntentClassifierOptions, trainIntentClassifier } from './train-intent-classifier.ts'
export type {
  Goal,
  GoalAmbiguity,
  GoalArtifact,
  GoalCue,
  GoalDefaultRow,
  GoalEntity,
  GoalExample,
  GoalField,
  GoalIntent,
  GoalParseResult,
  GoalParser,
  GoalParserOptions,
  GoalScope,
  GoalVocabulary,
  GoalWordForm,
} from './types.ts'
