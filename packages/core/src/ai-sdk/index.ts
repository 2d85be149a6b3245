/**
 * @module @focal/core/ai-sdk
 * Focal's Lane 1 as an AI SDK language-model middleware. Types come from `@ai-sdk/provider`; there
 * is no runtime dependency on `ai`.
 */
export type { FocalBlockCode } from './blocked-result.ts'
export { type FocalGuardSource, type FocalMiddlewareOptions, focalMiddleware } from './focal-middleware.ts'
