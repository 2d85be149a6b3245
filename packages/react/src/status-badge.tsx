/** Props of {@link StatusBadge}. */
export interface StatusBadgeProps {
  /** Chat status to announce. */
  status: 'ready' | 'submitted' | 'streaming' | 'error'
}

const labels: Record<StatusBadgeProps['status'], string> = {
  ready: 'Ready',
  submitted: 'Sending…',
  streaming: 'Assistant is replying…',
  error: 'Something went wrong',
}

/** A polite live region that announces the chat status to assistive technology. */
export function StatusBadge({ status }: StatusBadgeProps) {
  return (
    <output aria-live="polite" data-status={status} className="focal-status">
      {labels[status]}
    </output>
  )
}
