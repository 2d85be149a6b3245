/** @module @focal/core/goal */
export { createGoalParser } from './create-goal-parser.ts'
export { defaultGoalVocabulary } from './default-goal-vocabulary.ts'
export { goalArtifacts, goalEntities, goalIntents, goalScopes } from './goal-values.ts'
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
