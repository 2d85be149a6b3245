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

/** A paused tool call with its arguments and the rule that paused it, to approve or reject. */
export function ApprovalCard({ approval, decision = 'pending' }: ApprovalCardProps) {
  const pending = useChatSelector((state) => state.pendingApproval?.id === approval.id)
  const resolveApproval = useChatSelector((state) => state.resolveApproval)
  const decide = (button: HTMLElement, choice: 'approve' | 'reject') => {
    focusComposer(button)
    void resolveApproval(choice)
  }
  return (
    <fieldset className="focal-approval" data-decision={decision}>
      <legend className="focal-approval-title">
        Approval needed: <code>{approval.toolId}</code>
      </legend>
      <p className="focal-approval-reason">{approval.reason}</p>
      <dl className="focal-approval-args">
        {Object.entries(approval.args).map(([name, value]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{formatValue(value)}</dd>
          </div>
        ))}
      </dl>
      {decision === 'pending' ? (
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
