/** @module @focal/core/errors */
export type { FocalErrorCode } from './codes.ts'
export type { FocalErrorOptions, FocalIssue } from './focal-error.ts'
export { FocalError } from './focal-error.ts'
export { formatFocalIssue } from './format-focal-issue.ts'
export { nestingIssue } from './nesting-issue.ts'
