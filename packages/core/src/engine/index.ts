/** @module @focal/core/engine */

export type {
  Clock,
  IdGenerator,
  SessionStore,
  StoredSession,
  ToolHandler,
  ToolRunContext,
  ToolRunner,
} from '../ports/ports.ts'
export {
  type CompiledEngine,
  type CompileEngineOptions,
  compileEngine,
  trainDefinitionClassifier,
} from './compile-engine.ts'
export { type CompleteGoalInput, type CompleteGoalResult, completeGoal } from './complete-goal.ts'
export { createEngine, type Engine, type EngineOptions, type RestoreGoalResult } from './create-engine.ts'
export {
  createMemorySessionStore,
  type MemorySessionStore,
  type MemorySessionStoreOptions,
} from './create-memory-session-store.ts'
export { renderArguments, renderTemplate } from './render-template.ts'
export {
  detectorRuleId,
  everyReplyLane2Rules,
  planEnforcementRules,
  planToolPolicies,
  type ReplyEnforcer,
  safetyPatternRuleId,
  toEnforcementRules,
} from './reply-enforcer.ts'
export type { ApprovalDecider, ApprovalDecisionInput } from './resume-turn.ts'
export {
  type CompletedToolCall,
  createInitialSessionState,
  type EngineSessionState,
  type PendingApprovalState,
  type PlannedToolCall,
} from './session-state.ts'
export type {
  ApprovalRequest,
  Clarification,
  ClarificationOption,
  Handoff,
  HandoffReply,
  TextRetractionCode,
  TurnEvent,
  TurnInput,
  TurnResult,
} from './types.ts'
