/** @module @focal/core/engine */
export { createMemorySessionStore } from './create-memory-session-store.ts'
export type { Clock, IdGenerator, SessionStore, StoredSession } from './ports.ts'
export type {
  ApprovalRequest,
  Clarification,
  ClarificationOption,
  TurnEvent,
  TurnInput,
  TurnResult,
} from './types.ts'
