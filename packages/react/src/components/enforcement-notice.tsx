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

const itemNames: Record<string, string> = {
  'credit-card': 'card number',
  'us-ssn': 'Social Security number',
  iban: 'account number',
}

/** What was partly masked (`mask: 'last4'` on a redaction of the provenance), in words. */
function partlyMasked(enforcement: FocalEnforcementData): string | undefined {
  const masked = (enforcement.redactions ?? []).filter(
    (redaction) => (redaction as { mask?: unknown }).mask === 'last4',
  )
  if (masked.length === 0) return undefined
  const names = [...new Set(masked.map((redaction) => itemNames[redaction.type] ?? 'number'))]
  const plural = masked.some((redaction) => redaction.count > 1) || names.length > 1
  const what = names.join(' and ')
  // The subject is the digits: they are shown, whether of one number or several.
  return `For your security, only the last 4 digits of the ${what}${plural ? 's' : ''} are shown.`
}

/**
 * A short notice under a reply that Focal redacted, blocked, rewrote or escalated; nothing when
 * allowed. A partly masked item ("Visa ending 1111") says that only its last four digits are shown.
 */
export function EnforcementNotice({ enforcement }: EnforcementNoticeProps) {
  const label =
    enforcement.outcome === 'redacted'
      ? (partlyMasked(enforcement) ?? labels.redacted)
      : labels[enforcement.outcome]
  if (!label) return null
  return (
    <p className="focal-notice" data-outcome={enforcement.outcome}>
      {label}
    </p>
  )
}
