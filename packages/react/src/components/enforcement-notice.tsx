import type { FocalEnforcementData } from '../transport/types.ts'

/** Props of {@link EnforcementNotice}. */
export interface EnforcementNoticeProps {
  enforcement: FocalEnforcementData
}

const labels: Record<string, string> = {
  redacted: 'Sensitive content was redacted from this reply.',
  blocked: 'This reply was blocked by a safety rule.',
  regenerated: 'This reply was rewritten to follow the rules.',
  escalated: 'This reply was escalated for review.',
}

/** A short notice under a reply that Focal redacted, blocked, rewrote or escalated; nothing when allowed. */
export function EnforcementNotice({ enforcement }: EnforcementNoticeProps) {
  const label = labels[enforcement.outcome]
  if (!label) return null
  return (
    <p className="focal-notice" data-outcome={enforcement.outcome}>
      {label}
    </p>
  )
}
