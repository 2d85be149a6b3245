export type { FocalErrorStatus } from './error-status.ts'
export { errorStatus } from './error-status.ts'
export type { FocalErrorBody } from './to-error-response.ts'
export { toErrorResponse } from './to-error-response.ts'
