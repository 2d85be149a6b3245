import type { Finding } from './types.ts'

/** Numeric detectors that a longer container finding of another kind makes redundant. */
const containedKinds = new Set([
  'credit-card',
  'us-ssn',
  'phone',
  'ip-address',
  'high-entropy',
  'email',
  'url',
])

/**
 * Sorts findings and drops those wholly inside a longer finding of another kind (a card inside an
 * IBAN). Reorders and shortens `findings` itself (callers pass an array they own).
 */
export function resolveOverlaps(findings: Finding[], from: number): Finding[] {
  const kept = from > 0 ? findings.filter((finding) => finding.start >= from) : findings
  if (kept.length < 2) return kept
  // Findings mostly arrive in order and apart: one read confirms both and changes nothing (a
  // second pass over a megabyte's findings cost as much as the first).
  if (isSortedAndApart(kept)) return kept
  // A stable sort of sorted input is the identity, so sort only when needed.
  if (!isSorted(kept)) kept.sort(compareFindings)
  // Kept findings are compacted in place (the array is the scan's own): no second array per scan.
  let write = 0
  // Findings still open at the current start: the first `open` entries (never shortening the
  // array saves a length store per finding); sorted input keeps this list short.
  const active: Finding[] = []
  let open = 0
  for (let read = 0; read < kept.length; read++) {
    const finding = kept[read] as Finding
    let still = 0
    for (let index = 0; index < open; index++) {
      const other = active[index] as Finding
      if (other.end > finding.start) active[still++] = other
    }
    open = still
    if (isContained(finding, active, open)) continue
    kept[write++] = finding
    active[open++] = finding
  }
  kept.length = write
  return kept
}

/** Is every finding after the one before it (by `compareFindings`) and outside the ones before it? */
function isSortedAndApart(findings: Finding[]): boolean {
  let previous = findings[0] as Finding
  // The furthest end so far: a finding that starts before it overlaps an earlier one.
  let reach = previous.end
  for (let index = 1; index < findings.length; index++) {
    const finding = findings[index] as Finding
    if (finding.start < reach || compareFindings(previous, finding) > 0) return false
    reach = finding.end
    previous = finding
  }
  return true
}

function compareFindings(left: Finding, right: Finding): number {
  return left.start - right.start || right.end - left.end
}

function isSorted(findings: Finding[]): boolean {
  for (let index = 1; index < findings.length; index++)
    if (compareFindings(findings[index - 1] as Finding, findings[index] as Finding) > 0) return false
  return true
}

function isContained(finding: Finding, active: Finding[], open: number): boolean {
  for (let index = 0; index < open; index++) {
    const other = active[index] as Finding
    if (
      other.end >= finding.end &&
      (other.type === finding.type ||
        (containedKinds.has(finding.detector) && other.detector !== finding.detector))
    )
      return true
  }
  return false
}

/**
 * End of a finding among `findings[since..]` that starts at or before `start` and at or after
 * `from` (so it survives the scan), or -1: a run inside it is redundant.
 */
export function coveringEnd(findings: Finding[], since: number, start: number, from: number): number {
  let end = -1
  for (let index = since; index < findings.length; index++) {
    const finding = findings[index] as Finding
    if (finding.start <= start && finding.start >= from && finding.end > end) end = finding.end
  }
  return end
}
