/**
 * @module @focal/core/ports
 * The ports and shared turn types every layer builds on: storage, time, ids, tools, and what a turn
 * asks of a person. Nothing here imports another module.
 */
export type {
  Clock,
  IdGenerator,
  SessionStore,
  StoredSession,
  ToolHandler,
  ToolRunContext,
  ToolRunner,
} from './ports.ts'
export type { ApprovalRequest, Clarification, ClarificationOption, Handoff } from './turn-types.ts'
