/** @module @focal/core/enforcement/lane2 */
export { type CreateLane2JudgeOptions, createLane2Judge } from './create-lane2-judge.ts'
export {
  type Lane2ModelOutput,
  lane2OutputSchema,
  lane2SystemPrompt,
  renderLane2Prompt,
} from './lane2-prompt.ts'
export type {
  Lane2Check,
  Lane2Input,
  Lane2Judge,
  Lane2Outcome,
  Lane2Rule,
  Lane2Selection,
  Lane2Violation,
} from './types.ts'
