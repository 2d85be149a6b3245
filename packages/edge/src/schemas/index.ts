export type { FocalRequestSchemas } from './create-request-schemas.ts'
export { createRequestSchemas } from './create-request-schemas.ts'
export type { FocalInputLimits } from './limits.ts'
export { defaultInputLimits } from './limits.ts'
export { readJsonBody, toFocalIssues } from './read-json-body.ts'
export {
  enforceResponseSchema,
  errorBodySchema,
  healthResponseSchema,
  ledgerResponseSchema,
  parseResponseSchema,
  sessionResponseSchema,
  turnResultSchema,
} from './response-schemas.ts'
