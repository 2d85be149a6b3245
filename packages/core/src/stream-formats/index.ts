/**
 * @module @focal/core/stream-formats
 * Every upstream model format through one guard: `guardModelResponse` and its streaming pieces.
 * A subpath of its own (not re-exported from the root), so the root bundle does not carry the
 * format adapters.
 */
export { createSseGuardStream, type SseGuardStreamOptions } from './create-sse-guard-stream.ts'
export { createTextGuardStream } from './create-text-guard-stream.ts'
export { type GuardedJsonBody, guardJsonBody } from './guard-json-body.ts'
export { type GuardModelResponseOptions, guardModelResponse } from './guard-model-response.ts'
export { guardToolCardEcho, requestToolResults } from './guard-tool-card-echo.ts'
export type { CreateStreamGuard, StreamFormat } from './types.ts'
export { focalStreamHeader, streamBlockedCode } from './types.ts'
