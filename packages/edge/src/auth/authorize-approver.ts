import { type ApprovalDecider, type ApprovalRequest, FocalError } from '@focal/core'
import { constantTimeEqual } from '@focal/core/ledger'
import type { Context } from 'hono'
import type { FocalAppContext } from '../app/app-context.ts'
import { sessionTokenHeader } from './authorize-session.ts'

/** Header carrying an approver credential (`approvers` option). */
export const approverTokenHeader = 'x-focal-approver-token'

/** One approver credential: a secret token, who holds it, and the roles it may approve for. */
export interface FocalApproverCredential {
  /** The secret the approver sends in `x-focal-approver-token` (at least 32 characters). */
  token: string
  /** Who this is; recorded as the `approver` of every decision in the ledger. */
  id: string
  /** Roles this approver holds; an approval with `approver: 'supervisor'` needs `'supervisor'`. */
  roles: readonly string[]
}

/**
 * Decides who may approve: resolves the authenticated approver for `approval`, or null/undefined to
 * refuse (403 `approver-forbidden`). Called only for requests that carry no session token.
 */
export type FocalAuthorizeApproval = (
  request: Request,
  approval: ApprovalRequest,
) => ApprovalDecider | null | undefined | Promise<ApprovalDecider | null | undefined>

/** Reads the pending approval from an engine session snapshot (`state.pendingApproval.approval`). */
export function pendingApprovalOf(session: unknown): ApprovalRequest | undefined {
  if (typeof session !== 'object' || session === null) return undefined
  const pending = (session as { pendingApproval?: { approval?: ApprovalRequest } }).pendingApproval
  return pending?.approval
}

/** Checks the approver credential list (constant time over every entry). */
function matchCredential(
  credentials: readonly FocalApproverCredential[],
  token: string,
): FocalApproverCredential | undefined {
  let found: FocalApproverCredential | undefined
  for (const credential of credentials) if (constantTimeEqual(credential.token, token)) found ??= credential
  return found
}

/**
 * Authenticates the approver, separately from the session, before anything about the approval is
 * looked up: a request carrying a session token is refused (403 `self-approval-forbidden`: the
 * requester never approves its own action); without the `authorizeApproval` hook, the
 * `x-focal-approver-token` must match one of `approvers` (none configured, none sent or an unknown
 * one: 401 `approver-unauthorized`). Returns the check to run once the approval is known.
 */
export function authenticateApprover(
  context: Context,
  app: FocalAppContext,
): (approval: ApprovalRequest) => Promise<ApprovalDecider> {
  if (context.req.header(sessionTokenHeader) !== undefined) {
    throw new FocalError({
      code: 'self-approval-forbidden',
      message: 'A session token cannot approve: the approver authenticates with its own credential.',
    })
  }
  const { authorizeApproval, approvers } = app
  if (authorizeApproval) {
    return async (approval) => {
      const decider = await authorizeApproval(context.req.raw, approval)
      if (!decider) throw forbidden(approval)
      return decider
    }
  }
  const token = context.req.header(approverTokenHeader)
  if (approvers.length === 0 || token === undefined) {
    throw new FocalError({
      code: 'approver-unauthorized',
      message:
        approvers.length === 0
          ? 'No approver is configured: pass `approvers` or `authorizeApproval` to createFocalApp.'
          : `Send an approver credential in "${approverTokenHeader}".`,
    })
  }
  const credential = matchCredential(approvers, token)
  if (!credential)
    throw new FocalError({ code: 'approver-unauthorized', message: 'Unknown approver credential.' })
  return async (approval) => {
    // An approval that names a role needs an approver holding it (the role is a capability).
    const role = approval.approver
    if (role !== undefined && !credential.roles.includes(role)) throw forbidden(approval)
    const actingRole = role ?? credential.roles[0]
    return { id: credential.id, ...(actingRole === undefined ? {} : { role: actingRole }) }
  }
}

/**
 * Throws `notFound` (a session, handoff or approval that is not there), once the caller may know:
 * with an `authorizeApproval` hook the credential is only checked with an approval in hand, so a
 * caller the hook refuses would otherwise tell sessions that exist from those that do not by a 404.
 * The hook is asked about nothing to decide (`toolId: 'none'`); a refusal is its 403, as for a
 * session that exists. (An `approvers` credential is checked before any lookup.)
 */
export async function refuseMissing(
  app: FocalAppContext,
  authorize: (approval: ApprovalRequest) => Promise<ApprovalDecider>,
  sessionId: string,
  notFound: FocalError,
): Promise<never> {
  // Callers await it (`return await`): a rejected promise handed on unawaited is, for a moment,
  // one nobody handles, and workerd reports it as an unhandled rejection.
  if (app.authorizeApproval) {
    await authorize({
      id: `none:${sessionId}`,
      sessionId,
      toolId: 'none',
      args: {},
      reason: notFound.message,
      label: 'Nothing to decide',
      defaultAction: 'reject',
    })
  }
  throw notFound
}

function forbidden(approval: ApprovalRequest): FocalError {
  const role = approval.approver
  return new FocalError({
    code: 'approver-forbidden',
    message:
      role === undefined
        ? 'This approver may not decide this approval.'
        : `This approval needs the "${role}" role.`,
  })
}

/** Validates the `approvers` option once, with errors that name the entry. */
export function checkApproverCredentials(
  credentials: readonly FocalApproverCredential[],
): readonly FocalApproverCredential[] {
  credentials.forEach((credential, index) => {
    const path = `createFocalApp: option "approvers[${index}]"`
    if (typeof credential.token !== 'string' || credential.token.length < 32)
      throw new FocalError({
        code: 'invalid-argument',
        message: `${path}.token needs at least 32 characters`,
      })
    if (typeof credential.id !== 'string' || credential.id === '')
      throw new FocalError({ code: 'invalid-argument', message: `${path}.id must be a non-empty string` })
    if (!Array.isArray(credential.roles))
      throw new FocalError({ code: 'invalid-argument', message: `${path}.roles must be an array of strings` })
  })
  return credentials
}
