export type { FocalAuthOptions } from './client-auth.ts'
export { clientAuth } from './client-auth.ts'
export type { SessionTokens, SessionTokensOptions } from './session-tokens.ts'
export { constantTimeEqual, createSessionTokens } from './session-tokens.ts'
