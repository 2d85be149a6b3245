/** @module @focal/core/testing */
export {
  type CreateLedgerStore,
  describeLedgerStoreConformance,
} from './describe-ledger-store-conformance.ts'
export {
  type CreateSessionStore,
  describeSessionStoreConformance,
} from './describe-session-store-conformance.ts'
