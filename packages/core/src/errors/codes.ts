/**
 * Every error code Focal can throw. Stable strings: hosts switch on them, and `@focal/edge` maps
 * them to HTTP statuses in one table. Add a code here when you add an error.
 */
export type FocalErrorCode =
  | 'invalid-argument'
  | 'invalid-definition'
  | 'invalid-expression'
  | 'unsafe-pattern'
  | 'invalid-goal-contract'
  | 'invalid-ledger-event'
  | 'ledger-append-failed'
  | 'reformulation-not-logged'
  | 'version-conflict'
  | 'session-not-found'
  | 'approval-not-found'
  | 'approval-expired'
  | 'model-error'
  | 'model-timeout'
  | 'model-rate-limited'
  | 'invalid-model-output'
  | 'tool-not-found'
  | 'tool-failed'
  | 'aborted'
  // HTTP boundary (`@focal/edge`)
  | 'invalid-json'
  | 'invalid-request'
  | 'unauthorized'
  | 'forbidden'
  | 'payload-too-large'
  | 'unsupported-media-type'
  | 'route-not-found'
  | 'internal-error'
