/**
 * @module @focal/core
 * The runtime-agnostic engine of Focal: no React, no Hono, no `node:*`. The root exports what an
 * application uses to run an agent: the engine and its turn types, definitions, models, Lane 1
 * enforcement, the ledger and provenance, the UI message stream and errors. Every concern is on
 * its own subpath too, with its advanced pieces (`@focal/core/goal`, `@focal/core/judge`,
 * `@focal/core/compiler`, `@focal/core/sensor`, `@focal/core/ledger`, ...), for smaller bundles
 * and for building your own pipeline.
 */

export type {
  CompileCacheStore,
  EnforcementPlan,
  PlannedReplyCheck,
  PlannedRule,
  PlannedToolCheck,
} from './compiler/index.ts'
export { createMemoryCompileCache, formatEnforcementPlan } from './compiler/index.ts'
export type {
  GoalContract,
  GoalGateInput,
  GoalGateResult,
  GoalGateStatus,
  GoalSnapshot,
  GoalSnapshotCriterion,
} from './completion/index.ts'
export {
  evaluateGoalGate,
  goalSnapshot,
  parseGoalContract,
  validateGoalContract,
} from './completion/index.ts'
export * from './definition/index.ts'
export type {
  CompiledDetector,
  DefinitionScans,
  DetectorDefinition,
  EnforcerOptions,
  FocalStreamGuard,
  ResolveApprovalOptions,
  Scanner,
  ScanOutcome,
  ToolGate,
  ToolGateOptions,
} from './enforcement/index.ts'
export {
  builtInDetectors,
  createDefinitionStreamGuard,
  createDefinitionTextGuard,
  createEnforcer,
  createScanner,
  createStreamRedactor,
  createToolGate,
  defineDetector,
  parseApprovalRequest,
  placeholderName,
  redact,
  resolveApproval,
  scanText,
} from './enforcement/index.ts'
export type * from './enforcement/types.ts'
export type {
  ApprovalDecider,
  ApprovalDecisionInput,
  ApprovalRequest,
  Clarification,
  ClarificationOption,
  Clock,
  CompleteGoalInput,
  CompleteGoalResult,
  Engine,
  EngineOptions,
  Handoff,
  HandoffReply,
  IdGenerator,
  MemorySessionStore,
  ReplyEnforcer,
  RestoreGoalResult,
  SessionStore,
  StoredSession,
  TextRetractionCode,
  ToolHandler,
  ToolRunContext,
  ToolRunner,
  TurnEvent,
  TurnInput,
  TurnResult,
} from './engine/index.ts'
export { createEngine, createMemorySessionStore } from './engine/index.ts'
export * from './errors/index.ts'
export type {
  Goal,
  GoalIntent,
  GoalParseResult,
  GoalParser,
  GoalParserOptions,
  GoalVocabulary,
} from './goal/index.ts'
export { createGoalParser, defaultGoalVocabulary } from './goal/index.ts'
export type {
  AlignmentJudge,
  AlignmentJudgeResult,
  CreateAlignmentJudgeOptions,
  JudgeVerdict,
} from './judge/index.ts'
export { createAlignmentJudge } from './judge/index.ts'
export type {
  CreateLedgerOptions,
  DerivedPersonalValueKeyStoreOptions,
  Ledger,
  LedgerAnchorStore,
  LedgerAppendOptions,
  LedgerChain,
  LedgerEvent,
  LedgerEventPayload,
  LedgerEventType,
  LedgerHead,
  LedgerKey,
  LedgerProblem,
  LedgerRecord,
  LedgerStore,
  LedgerVerification,
  LedgerVerifier,
  LedgerVerifierOptions,
  MemoryBudget,
  MemoryBudgetOptions,
  MemoryLedgerAnchorStoreOptions,
  MemoryLedgerStore,
  MemoryPersonalValueKeyStoreOptions,
  PersonalValueKeyStore,
  Provenance,
  ProvenanceEnforcement,
  ProvenanceGate,
  ProvenanceGoal,
  ProvenancePlan,
  ProvenanceRoute,
  ProvenanceRule,
  ProvenanceTool,
  RenderProvenanceOptions,
  SealedPersonalValue,
  VerifyLedgerOptions,
  VerifyLedgerPageOptions,
} from './ledger/index.ts'
export {
  createDerivedPersonalValueKeyStore,
  createLedger,
  createLedgerVerifier,
  createMemoryBudget,
  createMemoryLedgerAnchorStore,
  createMemoryLedgerStore,
  createMemoryPersonalValueKeyStore,
  importLedgerKey,
  openPersonalValue,
  personalValueSaltId,
  renderProvenance,
  sealPersonalValue,
  summarizeEnforcement,
  summarizeProvenance,
  verifyLedger,
} from './ledger/index.ts'
export * from './llm/index.ts'
export type { JudgeDashboard } from './metrics/index.ts'
export { computeJudgeDashboard } from './metrics/index.ts'
export * from './ui-message-stream/index.ts'
