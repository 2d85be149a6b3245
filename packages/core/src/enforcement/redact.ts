import { cardBrand } from './card-brand.ts'
import { sha256Hex } from './detectors/sha256.ts'
import type { Finding, PartialMask, PartialMasks, RedactionStyle } from './types.ts'

/**
 * A finding type as it stands in a placeholder: `credit-card` → `CREDIT_CARD` (`[CREDIT_CARD]`,
 * and an input rail's numbered `[CREDIT_CARD_1]`). One definition for redaction, the rail and the
 * engine reading a rail's placeholders back (`sensitive`).
 */
export function placeholderName(type: string): string {
  return type.toUpperCase().replace(/[^A-Z0-9]+/g, '_')
}

/** The default partial-mask replacement. */
export const defaultMaskReplacement = '{brand} ending {last4}'

/**
 * The partial mask of a finding (`Visa ending 1111`), or undefined when the value has fewer than
 * eight digits (four shown would be half of it). Only the last four digits of the value reach the
 * output; the template itself may hold no digit (the definition schema rejects one).
 */
export function partialMaskFor(finding: Finding, mask: PartialMask): string | undefined {
  const digits = finding.value.replace(/\D+/gu, '')
  if (digits.length < 8) return undefined
  const values: Record<string, string> = {
    last4: digits.slice(-4),
    brand: finding.type === 'credit-card' ? cardBrand(digits) : '',
    type: placeholderName(finding.type),
  }
  const text = (mask.replacement ?? defaultMaskReplacement)
    .replace(/\{(last4|brand|type)\}/gu, (_match, name: string) => values[name] ?? '')
    .replace(/\s+/gu, ' ')
    .trim()
  // A template of only `{brand}` for a non-card type renders empty: fall back to the style.
  return text === '' ? undefined : text
}

/** The replacement text of one finding in a given style, or its partial mask when one is set. */
export function redactionFor(finding: Finding, style: RedactionStyle, masks?: PartialMasks): string {
  const mask = masks?.[finding.type]
  const partial = mask === undefined ? undefined : partialMaskFor(finding, mask)
  if (partial !== undefined) return partial
  if (style === 'mask') return '*'.repeat(finding.end - finding.start)
  if (style === 'placeholder') return `[${placeholderName(finding.type)}]`
  // The hash lets a reader correlate repeats of the same value without seeing it. It is not a
  // secret-preserving transform for low-entropy values (a card number can be brute-forced).
  return `[${placeholderName(finding.type)}:${sha256Hex(finding.value).slice(0, 8)}]`
}

/**
 * Replaces every finding in `text` (overlapping findings merge into one replacement):
 * `mask` keeps the length (`****`), `placeholder` names the type (`[CREDIT_CARD]`), `hash` adds a
 * short SHA-256 of the value (`[EMAIL_ADDRESS:1f2e3d4c]`). A type in `masks` is shown partly
 * (`Visa ending 1111`); merged overlapping findings never are.
 */
export function redact(
  text: string,
  findings: readonly Finding[],
  style: RedactionStyle = 'placeholder',
  masks?: PartialMasks,
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
    // Findings merged from different spans: the last digits may belong to another item. The same
    // span found twice (a detector and a card-number guardrail) is still one item.
    const oneItem = sorted
      .slice(index + 1, next)
      .every((other) => other.start === first.start && other.end === first.end)
    output += redactionFor(merged, style, oneItem ? masks : undefined)
    cursor = Math.max(cursor, end)
    index = next
  }
  return output + text.slice(cursor)
}
