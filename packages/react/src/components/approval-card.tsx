import type { ApprovalRequest } from '@focal/core'
import { useChatSelector } from '../hooks/use-chat-selector.ts'
import { focusComposer } from './focus-composer.ts'

/** Props of {@link ApprovalCard}. */
export interface ApprovalCardProps {
  approval: ApprovalRequest
  /**
   * What the user decided so far.
   * @default 'pending'
   */
  decision?: 'pending' | 'approve' | 'reject'
}

const formatValue = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value))

/** `order_id` → `Order id`, for requests without a summary. */
const inWords = (name: string) => {
  const words = name.replaceAll(/[_-]+/gu, ' ').trim()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/**
 * A paused tool call, in the customer's words (the definition's `label` and `summary`, e.g.
 * "Cancel order NW-2002 ($620) — needs a supervisor"), to approve or reject. The policy
 * expression that paused it stays in the provenance; without a summary the arguments are listed.
 */
export function ApprovalCard({ approval, decision = 'pending' }: ApprovalCardProps) {
  const pending = useChatSelector((state) => state.pendingApproval?.id === approval.id)
  const resolveApproval = useChatSelector((state) => state.resolveApproval)
  const canResolve = useChatSelector((state) => state.canResolveApprovals)
  const decide = (button: HTMLElement, choice: 'approve' | 'reject') => {
    focusComposer(button)
    void resolveApproval(choice)
  }
  return (
    <fieldset className="focal-approval" data-decision={decision}>
      <legend className="focal-approval-title">
        Approval needed: {approval.label ?? inWords(approval.toolId)}
      </legend>
      {approval.summary === undefined ? (
        <dl className="focal-approval-args">
          {Object.entries(approval.args).map(([name, value]) => (
            <div key={name}>
              <dt>{inWords(name)}</dt>
              <dd>{formatValue(value)}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="focal-approval-summary">{approval.summary}</p>
      )}
      {decision === 'pending' && !canResolve ? (
        <p className="focal-approval-waiting" role="status">
          Waiting for {approval.approver ?? 'a reviewer'} to decide. You can keep chatting meanwhile.
        </p>
      ) : decision === 'pending' ? (
        <div className="focal-approval-actions">
          <button
            type="button"
            className="focal-button focal-button-primary"
            disabled={!pending}
            onClick={(event) => decide(event.currentTarget, 'approve')}
          >
            Approve
          </button>
          <button
            type="button"
            className="focal-button"
            disabled={!pending}
            onClick={(event) => decide(event.currentTarget, 'reject')}
          >
            Reject
          </button>
        </div>
      ) : (
        <p className="focal-approval-decision">{decision === 'approve' ? 'Approved' : 'Rejected'}</p>
      )}
    </fieldset>
  )
}
