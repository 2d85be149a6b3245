/**
 * @module @focal/edge
 * A Hono app that serves the Focal engine over HTTP. Runtime entries with identical export names
 * live at `@focal/edge/cloudflare`, `@focal/edge/deno` and `@focal/edge/node`.
 */

export type { FocalStreamGuard } from '@focal/core'
/** Core's error class, for hosts that throw a coded error from their options (`server-misconfigured`). */
export { FocalError } from '@focal/core'
export {
  createPollingSessionLock,
  type FocalSessionLock,
  type PollingSessionLockOptions,
  type SessionLeaseOperations,
} from './app/create-polling-session-lock.ts'
export { createMemorySessionClaims, type FocalSessionClaims } from './app/session-claims.ts'
export type {
  FocalAppEngine,
  FocalAppEngineSource,
  FocalAppOptions,
  FocalAppServices,
  FocalEnforceOutcome,
} from './app/types.ts'
export type { FocalApproverCredential, FocalAuthorizeApproval } from './auth/authorize-approver.ts'
export { approverTokenHeader } from './auth/authorize-approver.ts'
export { sessionTokenHeader } from './auth/authorize-session.ts'
export type { FocalAuthOptions, SessionTokens, SessionTokensOptions } from './auth/index.ts'
export { createSessionTokens } from './auth/index.ts'
export { createFocalApp } from './create-focal-app.ts'
export type { FocalErrorBody, FocalErrorStatus } from './errors/index.ts'
export { errorStatus, toErrorResponse } from './errors/index.ts'
export { type FocalFilterOptions, focalFilter } from './filter/focal-filter.ts'
export { createOpenApiDocument, type OpenApiDocumentOptions } from './openapi/create-openapi-document.ts'
export type { FocalInputLimits } from './schemas/index.ts'
export { defaultInputLimits } from './schemas/index.ts'
export { encodeSse } from './ui-message-stream/index.ts'
