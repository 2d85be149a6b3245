/** @module @focal/core/ledger */
export type {
  Provenance,
  ProvenanceEnforcement,
  ProvenanceGate,
  ProvenanceGoal,
  ProvenanceRoute,
  ProvenanceRule,
  ProvenanceTool,
} from './provenance-types.ts'
export type { LedgerRecord, LedgerStore } from './types.ts'
