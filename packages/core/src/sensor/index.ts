/** @module @focal/core/sensor */

export { createLlmSensor, type LlmSensorOptions, llmPerceptionSchema } from './create-llm-sensor.ts'
export {
  createSensor,
  type DeterministicSensor,
  type SensorGoalParser,
  type SensorIntentClassifier,
  type SensorOptions,
} from './create-sensor.ts'
export { extractDates } from './extract-dates.ts'
export { type EntityPattern, type ExtractEntitiesOptions, extractEntities } from './extract-entities.ts'
export { extractMoney } from './extract-money.ts'
export {
  createIntentScorer,
  type IntentScorer,
  type IntentScorerOptions,
  type IntentVocabulary,
  normalizeText,
} from './score-intents.ts'
export type {
  DateEntity,
  IntentScore,
  MoneyEntity,
  Perception,
  PerceptionEntities,
  SenseContext,
  Sensor,
} from './types.ts'
