import type { FocalErrorCode } from '@focal/core'

/** HTTP statuses the edge answers errors with. */
export type FocalErrorStatus =
  | 400
  | 401
  | 403
  | 404
  | 405
  | 408
  | 409
  | 410
  | 413
  | 415
  | 422
  | 429
  | 499
  | 500
  | 502
  | 504

/**
 * The one table from error code to HTTP status. Bad input is 4xx; only a failed port (model, tool,
 * storage) or a programming error is 5xx. A code missing here answers 500 (a test checks that every
 * code in core's `codes.ts` is listed).
 */
export const errorStatus = {
  'invalid-argument': 400,
  'invalid-json': 400,
  'invalid-request': 400,
  'invalid-definition': 422,
  'invalid-conversation-test': 422,
  'invalid-expression': 422,
  'unsafe-pattern': 422,
  'invalid-goal-contract': 422,
  'goal-contract-conflict': 409,
  'goal-already-complete': 409,
  'goal-attempt-limit': 429,
  'invalid-goal-attempt': 422,
  'invalid-ledger-event': 422,
  unauthorized: 401,
  forbidden: 403,
  'approver-unauthorized': 401,
  'approver-forbidden': 403,
  'self-approval-forbidden': 403,
  'session-claimed': 409,
  'message-in-progress': 409,
  'message-id-reused': 422,
  'message-reply-lost': 409,
  'regenerate-unrecorded': 409,
  'session-token-expired': 401,
  'session-token-revoked': 401,
  'session-not-found': 404,
  'approval-not-found': 404,
  'handoff-not-found': 404,
  'route-not-found': 404,
  'method-not-allowed': 405,
  'tool-not-found': 404,
  'version-conflict': 409,
  'approval-expired': 410,
  'approval-not-expired': 409,
  'request-timeout': 408,
  'payload-too-large': 413,
  'unsupported-media-type': 415,
  'reformulation-not-logged': 409,
  'goal-narrowing-not-found': 404,
  'model-rate-limited': 429,
  'session-turn-limit': 429,
  'session-full': 429,
  'session-expired': 410,
  aborted: 499,
  'ledger-append-failed': 500,
  'invalid-stored-value': 500,
  'internal-error': 500,
  'server-misconfigured': 500,
  'model-error': 502,
  // The ledger store answered a value no ledger wrote: a port answered something unusable, like a
  // model's unreadable output. Its message (which record, never the value) is kept.
  'ledger-unreadable': 502,
  'tool-failed': 502,
  'invalid-model-output': 502,
  'invalid-stream': 502,
  'unknown-stream-format': 502,
  'transport-failed': 502,
  'model-timeout': 504,
} as const satisfies Partial<Record<FocalErrorCode, FocalErrorStatus>>
