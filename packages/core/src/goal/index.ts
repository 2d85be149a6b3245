/** @module @focal/core/goal */
export { createGoalParser } from './create-goal-parser.ts'
export { defaultGoalVocabulary } from './default-goal-vocabulary.ts'
export { goalArtifacts, goalEntities, goalIntents, goalScopes } from './goal-values.ts'
export type {
  IntentClassification,
  IntentClassifier,
  IntentClassifierJson,
  IntentExample,
} from './intent-classifier-types.ts'
export type { IntentFeatureOptions } from './intent-features.ts'
export { loadIntentClassifier } from './load-intent-classifier.ts'
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
} from './types.ts'
