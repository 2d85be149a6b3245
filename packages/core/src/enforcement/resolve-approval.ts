import { z } from 'zod'
import { FocalError } from '../errors/focal-error.ts'
import type { ApprovalRequest } from '../ports/turn-types.ts'
import type { ApprovalResolution } from './types.ts'

/** Options of `resolveApproval`. */
export interface ResolveApprovalOptions {
  request: ApprovalRequest
  /** The human decision, when one arrived. */
  decision?: { type: 'approve' } | { type: 'reject'; reason?: string }
  /** Current time in ms since the epoch. @default Date.now() */
  now?: number
}

/**
 * Resolves a paused tool call: the human's decision while the request is live; after `expiresAt`
 * the request's `defaultAction` applies (a late decision does not override the timeout); with no
 * decision and no expiry yet, it is still pending.
 */
export function resolveApproval(
  options: ResolveApprovalOptions,
): ApprovalResolution | { type: 'pending'; request: ApprovalRequest } {
  const { request, decision, now = Date.now() } = options
  const expired = request.expiresAt !== undefined && now >= Date.parse(request.expiresAt)
  if (expired) {
    return request.defaultAction === 'approve'
      ? { type: 'approved', request, by: 'timeout' }
      : { type: 'rejected', request, by: 'timeout', reason: 'approval timed out' }
  }
  if (decision === undefined) return { type: 'pending', request }
  if (decision.type === 'approve') return { type: 'approved', request, by: 'human' }
  return {
    type: 'rejected',
    request,
    by: 'human',
    ...(decision.reason === undefined ? {} : { reason: decision.reason }),
  }
}

const approvalRequestSchema = z.object({
  id: z.string().min(1),
  sessionId: z.string(),
  toolId: z.string().min(1),
  args: z.record(z.string(), z.unknown()),
  reason: z.string(),
  label: z.string().optional(),
  summary: z.string().optional(),
  approver: z.string().optional(),
  expiresAt: z.iso.datetime().optional(),
  defaultAction: z.enum(['approve', 'reject']),
})

/** Parses a stored or received approval request (JSON text or value), with located errors. */
export function parseApprovalRequest(input: unknown): ApprovalRequest {
  let value = input
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input)
    } catch (error) {
      throw new FocalError({
        code: 'invalid-argument',
        message: 'approval request: not valid JSON',
        cause: error,
      })
    }
  }
  const parsed = approvalRequestSchema.safeParse(value)
  if (parsed.success) {
    const request = parsed.data
    return Object.fromEntries(
      Object.entries(request).filter(([, field]) => field !== undefined),
    ) as unknown as ApprovalRequest
  }
  const issues = parsed.error.issues.map((issue) => ({
    path: ['approval', ...issue.path].join('.'),
    message: issue.message,
  }))
  throw new FocalError({
    code: 'invalid-argument',
    message: `${issues[0]?.path}: ${issues[0]?.message}`,
    issues,
  })
}
