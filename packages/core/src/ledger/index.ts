/** @module @focal/core/ledger */
export { base64UrlToBytes, bytesToBase64Url } from './base64-url.ts'
export { type BuildProvenanceOptions, buildProvenance } from './build-provenance.ts'
export { canonicalJson } from './canonical-json.ts'
export {
  computeLedgerPayloadHash,
  computeLedgerRecordHash,
  type LedgerHashedFields,
} from './compute-ledger-record-hash.ts'
export { computeQueryHash } from './compute-query-hash.ts'
export { constantTimeEqual } from './constant-time-equal.ts'
export {
  createBatchedSha256Hex,
  type LedgerDigestScheduler,
} from './create-batched-sha256-hex.ts'
export type { BoundedMap, BoundedMapOptions } from './create-bounded-map.ts'
export { createBoundedMap } from './create-bounded-map.ts'
export {
  createDerivedPersonalValueKeyStore,
  type DerivedPersonalValueKeyStoreOptions,
  personalValueSaltId,
} from './create-derived-personal-value-key-store.ts'
export {
  type CreateLedgerOptions,
  createLedger,
  type Ledger,
  type LedgerAppendOptions,
} from './create-ledger.ts'
export {
  createLedgerVerifier,
  type LedgerVerifier,
  type LedgerVerifierOptions,
  type VerifyLedgerPageOptions,
} from './create-ledger-verifier.ts'
export { createMemoryBudget, type MemoryBudget, type MemoryBudgetOptions } from './create-memory-budget.ts'
export {
  createMemoryLedgerAnchorStore,
  type MemoryLedgerAnchorStoreOptions,
} from './create-memory-ledger-anchor-store.ts'
export {
  createMemoryLedgerStore,
  type MemoryLedgerStore,
  type MemoryLedgerStoreOptions,
} from './create-memory-ledger-store.ts'
export {
  createMemoryPersonalValueKeyStore,
  type MemoryPersonalValueKeyStoreOptions,
} from './create-memory-personal-value-key-store.ts'
export { importLedgerKey, type LedgerKey } from './import-ledger-key.ts'
export {
  allowedReformulationTypes,
  type LedgerEvent,
  type LedgerEventPayload,
  type LedgerEventType,
  ledgerEventSchema,
} from './ledger-event-schema.ts'
export { measureJsonBytes } from './measure-json-bytes.ts'
export { type OpenPersonalValueOptions, openPersonalValue } from './open-personal-value.ts'
export { provenanceSchema } from './provenance-schema.ts'
export type {
  Provenance,
  ProvenanceEnforcement,
  ProvenanceGate,
  ProvenanceGoal,
  ProvenancePlan,
  ProvenanceRoute,
  ProvenanceRule,
  ProvenanceTool,
} from './provenance-types.ts'
export { type RenderProvenanceOptions, renderProvenance } from './render-provenance.ts'
export {
  type SealedPersonalValue,
  type SealPersonalValueOptions,
  sealPersonalValue,
} from './seal-personal-value.ts'
export { summarizeEnforcement, summarizeProvenance } from './summarize-provenance.ts'
export type {
  LedgerAnchorStore,
  LedgerChain,
  LedgerHead,
  LedgerRecord,
  LedgerStore,
  PersonalValueKeyStore,
} from './types.ts'
export {
  type LedgerProblem,
  type LedgerVerification,
  type VerifyLedgerOptions,
  verifyLedger,
} from './verify-ledger.ts'
