import { sha256Hex } from './detectors/sha256.ts'
import type { Finding, RedactionStyle } from './types.ts'

/** `credit-card` → `CREDIT_CARD`. */
function placeholderName(type: string): string {
  return type.toUpperCase().replace(/[^A-Z0-9]+/g, '_')
}

/** The replacement text of one finding in a given style. */
export function redactionFor(finding: Finding, style: RedactionStyle): string {
  if (style === 'mask') return '*'.repeat(finding.end - finding.start)
  if (style === 'placeholder') return `[${placeholderName(finding.type)}]`
  // The hash lets a reader correlate repeats of the same value without seeing it. It is not a
  // secret-preserving transform for low-entropy values (a card number can be brute-forced).
  return `[${placeholderName(finding.type)}:${sha256Hex(finding.value).slice(0, 8)}]`
}

/**
 * Replaces every finding in `text` (overlapping findings merge into one replacement):
 * `mask` keeps the length (`****`), `placeholder` names the type (`[CREDIT_CARD]`), `hash` adds a
 * short SHA-256 of the value (`[EMAIL_ADDRESS:1f2e3d4c]`).
 */
export function redact(
  text: string,
  findings: readonly Finding[],
  style: RedactionStyle = 'placeholder',
): string {
  if (findings.length === 0) return text
  const sorted = [...findings].sort((left, right) => left.start - right.start || right.end - left.end)
  let output = ''
  let cursor = 0
  let index = 0
  while (index < sorted.length) {
    const first = sorted[index] as Finding
    let end = first.end
    let next = index + 1
    while (next < sorted.length && (sorted[next] as Finding).start < end) {
      end = Math.max(end, (sorted[next] as Finding).end)
      next++
    }
    const start = Math.max(first.start, cursor)
    output += text.slice(cursor, start)
    const merged = end === first.end ? first : { ...first, end, value: text.slice(first.start, end) }
    output += redactionFor(merged, style)
    cursor = Math.max(cursor, end)
    index = next
  }
  return output + text.slice(cursor)
}
