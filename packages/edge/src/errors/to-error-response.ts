import { FocalError } from '@focal/core'
import { errorStatus, type FocalErrorStatus } from './error-status.ts'

/** The JSON body of every error response. */
export interface FocalErrorBody {
  error: { code: string; message: string; path?: string }
}

/**
 * Turns anything thrown into a status and a stack-free body. Unknown errors become
 * `internal-error` with a fixed message, so nothing internal leaks.
 */
export function toErrorResponse(error: unknown): { status: FocalErrorStatus; body: FocalErrorBody } {
  if (!FocalError.isInstance(error)) {
    return { status: 500, body: { error: { code: 'internal-error', message: 'Internal error.' } } }
  }
  const status: FocalErrorStatus = (errorStatus as Record<string, FocalErrorStatus>)[error.code] ?? 500
  const first = error.issues[0]
  const body: FocalErrorBody = { error: { code: error.code, message: error.message } }
  if (first?.path) body.error.path = first.path
  if (status >= 500 && status !== 502 && status !== 504 && error.code !== 'server-misconfigured') {
    // Port failures keep their code but never their internal message (a missing setting, named
    // by the operator's own configuration, is no internal detail).
    body.error.message = 'Internal error.'
  }
  return { status, body }
}
