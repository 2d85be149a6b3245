import { parseMetricValue } from './extract-metric.ts'
import { parseMarkers } from './parse-markers.ts'
import type { QualityGateResult } from './types.ts'
import { validateFindings } from './validate-findings.ts'
import { validateMlPipeline } from './validate-ml-pipeline.ts'

/**
 * Runs the evidence quality gates on output text: findings need CI and effect size, ML metrics need
 * baseline, cross-validation and interpretation. Score = max(0, 100 − penalties); passes with no
 * violation, so empty output passes here: `evidenceCount` is what the trust gate refuses it on.
 */
export function evaluateQualityGates(text: string): QualityGateResult {
  // Markers in any case, as the goal gate reads them: `[metric:acc]` counts for the goal, so its
  // quality checks apply to it too.
  const { markers } = parseMarkers(text, { anyCaseTypes: true })
  const findings = validateFindings(markers)
  const pipeline = validateMlPipeline(markers)
  const violations = [...findings.violations, ...pipeline.violations]
  const penalties = violations.reduce((sum, violation) => sum + violation.penalty, 0)
  const metricValues = markers.filter(
    (marker) =>
      marker.type === 'METRIC' &&
      marker.subtype !== undefined &&
      parseMetricValue(marker.content) !== undefined,
  ).length
  return {
    passed: violations.length === 0,
    score: Math.max(0, 100 - penalties),
    violations,
    findingsValidation: findings.validation,
    mlValidation: pipeline.validation,
    markerCount: markers.length,
    evidenceCount: findings.validation.verified + metricValues,
  }
}

/** Alias of {@link evaluateQualityGates} under the research-agent project's name. */
export const runQualityGates: (text: string) => QualityGateResult = evaluateQualityGates
