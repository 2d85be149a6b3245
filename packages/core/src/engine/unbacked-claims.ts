import { matchMarkerPattern } from '../completion/evaluate-criteria.ts'
import { extractMetric, normalizeMarkerName, parseMetricValue } from '../completion/extract-metric.ts'
import type { GoalContract } from '../completion/goal-contract-schema.ts'
import { parseMarkers } from '../completion/parse-markers.ts'
import type { ParsedMarker } from '../completion/types.ts'
import { validateFindings } from '../completion/validate-findings.ts'
import type { EngineSessionState } from './session-state.ts'

/** What {@link unbackedClaims} reads: the contract, the session and what the completion hands in. */
export interface UnbackedClaimsInput {
  contract: GoalContract
  state: EngineSessionState
  output: string
  artifacts: readonly string[]
  /** An agent whose tools the engine runs: every claim of the output needs a tool result behind it. */
  requireToolRun: boolean
  /** The metrics a tool declares it reports (`reportsMetrics`): only those tools back a metric value. */
  metricReporters?: ((toolId: string) => readonly string[] | undefined) | undefined
}

/**
 * The findings, required markers and evidence of an output that no tool result of the session
 * carries, each as a trust-gate reason naming the criterion: for an agent with tools (or a criterion
 * bound to a `tool`) the output's text is a claim, so typed `[FINDING]` lines, a typed `[CONCLUSION]`
 * or a typed `[METRIC:anything] 1` back nothing. A tool backs a marker by writing it, on a line of
 * its own as the output does, in its last result; a metric value only a tool that declares the
 * metric (or the criterion's `tool`) backs, by its last report; a finding only when the tool's own
 * result verifies it (its `[STAT:ci]` and `[STAT:effect_size]` before it) under the criterion's policy.
 */
export function unbackedClaims(input: UnbackedClaimsInput): string[] {
  const { contract, output, requireToolRun } = input
  const markers = parseMarkers(output, { anyCaseTypes: true }).markers
  const reasons = contract.acceptance_criteria.flatMap((criterion) => {
    const tool = (criterion as { tool?: unknown }).tool
    const bound = typeof tool === 'string' ? tool : undefined
    if (bound === undefined && !requireToolRun) return []
    if (criterion.kind === 'finding_count') return unbackedFindings(input, criterion, markers, bound)
    if (criterion.kind === 'marker_required') return unbackedMarker(input, criterion, markers, bound)
    return []
  })
  return requireToolRun ? [...reasons, ...unbackedEvidence(input, markers)] : reasons
}

type Criterion = GoalContract['acceptance_criteria'][number]

function unbackedFindings(
  input: UnbackedClaimsInput,
  criterion: Criterion,
  markers: readonly ParsedMarker[],
  bound: string | undefined,
): string[] {
  const { minCount, findingPolicy } = criterion as { minCount?: unknown; findingPolicy?: unknown }
  if (typeof minCount !== 'number') return []
  const all = findingPolicy === 'all'
  const claimed = new Set(findingsOf(markers, all))
  if (claimed.size === 0) return []
  const found = new Set(
    toolsOf(input.state, bound).flatMap((name) => findingsOf(toolMarkers(input.state, name), all)),
  )
  const backed = [...claimed].filter((content) => found.has(content)).length
  if (backed >= minCount) return []
  const noun = all ? '[FINDING] markers' : 'verified findings'
  const where = bound === undefined ? 'a tool result of this session' : `a result of ${bound}`
  return [
    `Criterion ${criterion.id}: ${backed} of the output’s ${claimed.size} ${noun} appear in ${where}, needs ${minCount}`,
  ]
}

/** The contents of the `[FINDING]`s counted: verified ones (CI and effect size before), or all. */
function findingsOf(markers: readonly ParsedMarker[], all: boolean): string[] {
  const findings = all
    ? markers.filter((marker) => marker.type === 'FINDING')
    : validateFindings(markers).verifiedFindings
  return findings.map(normalizeContent)
}

function unbackedMarker(
  input: UnbackedClaimsInput,
  criterion: Criterion,
  markers: readonly ParsedMarker[],
  bound: string | undefined,
): string[] {
  const { marker: pattern } = criterion as { marker?: unknown }
  if (typeof pattern !== 'string') return []
  const claimed = markers.filter((marker) => matchMarkerPattern(pattern, marker))
  // None in the output: the goal gate says so.
  if (claimed.length === 0) return []
  if (claimed.some((marker) => isBacked(input, marker, bound))) return []
  const where = bound === undefined ? 'no tool result of this session' : `no result of ${bound}`
  const shown = pattern.trim().replace(/^\[|\]$/gu, '')
  return [`Criterion ${criterion.id}: the output’s [${shown}] appears in ${where}, only in the output`]
}

/**
 * The trust gate's evidence, backed: a `[METRIC:<name>]` value, a verified `[FINDING]` or an
 * artifact of the output that a tool result carries. An output whose evidence is all typed fails.
 */
function unbackedEvidence(input: UnbackedClaimsInput, markers: readonly ParsedMarker[]): string[] {
  const verified = new Set(validateFindings(markers).verifiedFindings)
  const evidence = markers.filter(
    (marker) =>
      verified.has(marker) ||
      (marker.type === 'METRIC' &&
        marker.subtype !== undefined &&
        parseMetricValue(marker.content) !== undefined),
  )
  // No evidence at all: the trust gate says so itself.
  if (evidence.length === 0) return []
  if (evidence.some((marker) => isBacked(input, marker, undefined))) return []
  const shown = Object.values(input.state.toolResults).map(resultText)
  if (input.artifacts.some((artifact) => shown.some((text) => showsPath(text, artifact)))) return []
  const quoted = evidence.slice(0, 3).map(formatMarker).join(', ')
  const more = evidence.length > 3 ? ` and ${evidence.length - 3} more` : ''
  return [
    `No evidence a tool result backs: the output’s ${quoted}${more} appear${evidence.length === 1 ? 's' : ''} in no tool result of this session`,
  ]
}

/**
 * Whether a tool result carries the output's marker: a metric value as the last report of a tool
 * that declares the metric (or of the bound tool), anything else as the same marker with the same text.
 */
function isBacked(input: UnbackedClaimsInput, marker: ParsedMarker, bound: string | undefined): boolean {
  const { state, metricReporters } = input
  const value = marker.type === 'METRIC' ? parseMetricValue(marker.content) : undefined
  if (marker.type === 'METRIC' && marker.subtype !== undefined && value !== undefined) {
    const metric = marker.subtype
    const reporters = toolsOf(state, bound).filter(
      (name) =>
        name === bound || metricReporters?.(name)?.some((reported) => sameName(reported, metric)) === true,
    )
    return reporters.some((name) => {
      const reported = extractMetric(resultText(state.toolResults[name]), metric, { policy: 'last' })
      return reported !== undefined && sameNumber(reported, value)
    })
  }
  const wanted = markerKey(marker)
  return toolsOf(state, bound).some((name) =>
    toolMarkers(state, name).some((carried) => carried.type !== 'METRIC' && markerKey(carried) === wanted),
  )
}

/** The tools whose results may back a claim: the bound one, or every tool that ran. */
function toolsOf(state: EngineSessionState, bound: string | undefined): string[] {
  const ran = [...new Set(state.toolsRun)]
  return bound === undefined ? ran : ran.filter((name) => name === bound)
}

function toolMarkers(state: EngineSessionState, name: string): ParsedMarker[] {
  return parseMarkers(resultText(state.toolResults[name]), { anyCaseTypes: true }).markers
}

function markerKey(marker: ParsedMarker): string {
  return `${marker.type}:${normalizeMarkerName(marker.subtype ?? '')}:${normalizeContent(marker)}`
}

function normalizeContent(marker: ParsedMarker): string {
  return marker.content.replace(/\s+/gu, ' ').trim()
}

function formatMarker(marker: ParsedMarker): string {
  const head = marker.subtype === undefined ? marker.type : `${marker.type}:${marker.subtype}`
  return marker.content === '' ? `[${head}]` : `[${head}] ${marker.content}`
}

function sameName(left: string, right: string): boolean {
  return normalizeMarkerName(left) === normalizeMarkerName(right)
}

/** Two numbers equal up to rounding. */
export function sameNumber(left: number, right: number): boolean {
  return Math.abs(left - right) <= 1e-9 * Math.max(1, Math.abs(left), Math.abs(right))
}

/** A tool's stored result as text, to read its markers from. */
export function resultText(result: unknown): string {
  if (typeof result === 'string') return result
  if (result === undefined || result === null) return ''
  try {
    return JSON.stringify(result) ?? ''
  } catch {
    return ''
  }
}

/**
 * Whether a tool's result shows `path` as a path of the run: on a line of its own as a listing
 * writes it (`src/orders.ts`, `./src/orders.ts`), after a status code (`?? docs/RELEASE.md`,
 * ` M src/orders.ts`) or a diff's file header (`+++ b/src/orders.ts`), before a diffstat's `|` or
 * a search hit's `:12:`. A mention in prose is no such line: a tool repeating the request
 * (`No test file matches "docs/RELEASE.md"`) or a commit message naming a word ("Add cancelOrder
 * to the order store") shows no file.
 */
export function showsPath(text: string, path: string): boolean {
  if (!text.includes(path)) return false
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')
  return new RegExp(
    `^[ \\t]*(?:[MADRCU?!]{1,2}[ \\t]+|(?:\\+\\+\\+|---) [ab]/|\\./)?${escaped}(?=[ \\t]*$|:\\d|[ \\t]+\\|)`,
    'mu',
  ).test(text)
}
