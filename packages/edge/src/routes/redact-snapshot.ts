import { redact, scanText } from '@focal/core'

/**
 * A session snapshot as a client may see it: every string in it redacted by Lane 1 with all
 * built-in detectors (cards as "Visa ending 1111", emails, keys, ...). The engine keeps raw tool
 * results for its templates (the card lookup's full number): a snapshot must not hand them out.
 * Object keys are the engine's own names and stay as they are.
 */
export function redactSnapshot(value: unknown): unknown {
  if (typeof value === 'string') {
    const findings = scanText(value)
    return findings.length === 0 ? value : redact(value, findings, 'placeholder', snapshotMasks)
  }
  if (Array.isArray(value)) return value.map(redactSnapshot)
  if (typeof value === 'object' && value !== null) {
    const copy: Record<string, unknown> = {}
    for (const [key, entry] of Object.entries(value)) copy[key] = redactSnapshot(entry)
    return copy
  }
  return value
}

/** Cards keep their brand and last four digits, as the replies show them. */
const snapshotMasks = { 'credit-card': { mask: 'last4', replacement: '{brand} ending {last4}' } } as const
