import { normalizeMarkerName } from './extract-metric.ts'
import { parseMarkers } from './parse-markers.ts'
import { findingEvidenceLookbackLines, qualityPenalties } from './quality-penalties.ts'
import type { FindingsValidation, ParsedMarker, QualityViolation } from './types.ts'

/** Violations and counts from {@link validateFindings}. */
export interface FindingsCheck {
  violations: QualityViolation[]
  validation: FindingsValidation
  /** The `[FINDING]` markers that carry both CI and effect size. */
  verifiedFindings: ParsedMarker[]
}

/**
 * Checks every `[FINDING]`: it is verified only when a `[STAT:ci]` and a `[STAT:effect_size]` stand
 * within the 10 lines before it; each missing piece is a violation (30 points each).
 */
export function validateFindings(source: string | readonly ParsedMarker[]): FindingsCheck {
  const markers = typeof source === 'string' ? parseMarkers(source, { anyCaseTypes: true }).markers : source
  const statLines = collectStatLines(markers)
  const violations: QualityViolation[] = []
  const verifiedFindings: ParsedMarker[] = []
  const findings = markers.filter((marker) => marker.type === 'FINDING')
  for (const finding of findings) {
    const missing = (['ci', 'effect_size'] as const).filter(
      (subtype) => !hasStatBefore(statLines.get(subtype), finding.lineNumber),
    )
    for (const subtype of missing) violations.push(missingStatViolation(finding, subtype))
    if (missing.length === 0) verifiedFindings.push(finding)
  }
  const verified = verifiedFindings.length
  return {
    violations,
    validation: { total: findings.length, verified, unverified: findings.length - verified },
    verifiedFindings,
  }
}

// Line numbers per STAT subtype, ascending (markers arrive in line order).
function collectStatLines(markers: readonly ParsedMarker[]): Map<string, number[]> {
  const lines = new Map<string, number[]>()
  for (const marker of markers) {
    if (marker.type !== 'STAT' || marker.subtype === undefined) continue
    const subtype = normalizeMarkerName(marker.subtype)
    const list = lines.get(subtype)
    if (list === undefined) lines.set(subtype, [marker.lineNumber])
    else list.push(marker.lineNumber)
  }
  return lines
}

// Binary search for the last STAT line before the finding; it must be within the lookback window.
function hasStatBefore(lines: readonly number[] | undefined, findingLine: number): boolean {
  if (lines === undefined) return false
  let low = 0
  let high = lines.length - 1
  let before = -1
  while (low <= high) {
    const middle = (low + high) >> 1
    if ((lines[middle] as number) < findingLine) {
      before = middle
      low = middle + 1
    } else high = middle - 1
  }
  return before >= 0 && (lines[before] as number) >= findingLine - findingEvidenceLookbackLines
}

function missingStatViolation(finding: ParsedMarker, subtype: 'ci' | 'effect_size'): QualityViolation {
  const type = subtype === 'ci' ? 'FINDING_NO_CI' : 'FINDING_NO_EFFECT_SIZE'
  return {
    type,
    message: `Finding at line ${finding.lineNumber} missing [STAT:${subtype}] within the ${findingEvidenceLookbackLines} lines before it`,
    lineNumber: finding.lineNumber,
    content: finding.content,
    penalty: qualityPenalties[type],
  }
}
