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
 * its own as the output does, in any of its results of the session (the session keeps their
 * markers: {@link recordToolMarkers}); a metric value only a tool that declares the metric (or the
 * criterion's `tool`) backs, by its last report; a finding only when the tool's own result
 * verifies it (its `[STAT:ci]` and `[STAT:effect_size]` before it) under the criterion's policy.
 * Every finding of the output must be backed: one real finding does not carry typed ones, and
 * {@link backedFindingCount} is what a `finding_count` criterion counts.
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
  const split = splitFindings(input, criterion, markers, bound)
  if (split === undefined || (split.unbacked.length === 0 && split.backed.length >= split.minCount)) return []
  const { backed, unbacked, minCount, all } = split
  const claimed = backed.length + unbacked.length
  // No finding in the output: the goal gate says so.
  if (claimed === 0) return []
  const noun = all ? '[FINDING] markers' : 'verified findings'
  const where = bound === undefined ? 'a tool result of this session' : `a result of ${bound}`
  const quoted = unbacked
    .slice(0, 3)
    .map((content) => `[FINDING] ${content}`)
    .join(', ')
  const more = unbacked.length > 3 ? ` and ${unbacked.length - 3} more` : ''
  const none = unbacked.length === 0 ? '' : `; in none: ${quoted}${more}`
  return [
    `Criterion ${criterion.id}: ${backed.length} of the output’s ${claimed} ${noun} appear in ${where}, needs ${minCount}${none}`,
  ]
}

/**
 * How many of the output's findings (distinct, under the criterion's `findingPolicy`) the
 * session's tool results back: what a `finding_count` criterion counts for an agent with tools (or
 * one bound to a `tool`); `undefined` where the output is judged alone.
 */
export function backedFindingCount(input: UnbackedClaimsInput, criterion: Criterion): number | undefined {
  const tool = (criterion as { tool?: unknown }).tool
  const bound = typeof tool === 'string' ? tool : undefined
  if (bound === undefined && !input.requireToolRun) return undefined
  const markers = parseMarkers(input.output, { anyCaseTypes: true }).markers
  return splitFindings(input, criterion, markers, bound)?.backed.length
}

/** The output's findings (distinct contents), those a tool result backs and those none does. */
function splitFindings(
  input: UnbackedClaimsInput,
  criterion: Criterion,
  markers: readonly ParsedMarker[],
  bound: string | undefined,
): { backed: string[]; unbacked: string[]; minCount: number; all: boolean } | undefined {
  const { minCount, findingPolicy } = criterion as { minCount?: unknown; findingPolicy?: unknown }
  if (typeof minCount !== 'number') return undefined
  const all = findingPolicy === 'all'
  const claimed = [...new Set(findingsOf(markers, all))]
  const found = new Set(toolsOf(input.state, bound).flatMap((name) => toolFindings(input.state, name, all)))
  return {
    backed: claimed.filter((content) => found.has(content)),
    unbacked: claimed.filter((content) => !found.has(content)),
    minCount,
    all,
  }
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
  return toolsOf(state, bound).some((name) => toolMarkerKeys(state, name).includes(wanted))
}

/** The tools whose results may back a claim: the bound one, or every tool that ran. */
function toolsOf(state: EngineSessionState, bound: string | undefined): string[] {
  const ran = [...new Set(state.toolsRun)]
  return bound === undefined ? ran : ran.filter((name) => name === bound)
}

function lastMarkers(state: EngineSessionState, name: string): ParsedMarker[] {
  return parseMarkers(resultText(state.toolResults[name]), { anyCaseTypes: true }).markers
}

/** The findings (contents) a tool's results carry: its last result's and those the session kept. */
function toolFindings(state: EngineSessionState, name: string, all: boolean): string[] {
  const kept = (state.toolMarkers ?? []).filter(
    (entry) => entry.tool === name && entry.type === 'FINDING' && (all || entry.verified === true),
  )
  return [...findingsOf(lastMarkers(state, name), all), ...kept.map((entry) => entry.content)]
}

/** The non-metric markers a tool's results carry, as {@link markerKey}s: its last result's and those kept. */
function toolMarkerKeys(state: EngineSessionState, name: string): string[] {
  const last = lastMarkers(state, name).filter((marker) => marker.type !== 'METRIC')
  const kept = (state.toolMarkers ?? []).filter((entry) => entry.tool === name)
  return [...last.map(markerKey), ...kept.map((entry) => keyOf(entry.type, entry.subtype, entry.content))]
}

function markerKey(marker: ParsedMarker): string {
  return keyOf(marker.type, marker.subtype, normalizeContent(marker))
}

function keyOf(type: string, subtype: string | undefined, content: string): string {
  return `${type}:${normalizeMarkerName(subtype ?? '')}:${content}`
}

/**
 * The most markers a session keeps from its tool results (`toolMarkers`): past it the oldest go
 * first, so the state stays bounded however many tools run. A tool's last result is read whole too.
 */
export const maxToolMarkers = 500
/** A marker whose text is longer is not kept (its tool's last result still backs it). */
export const maxToolMarkerLength = 1_000

/**
 * Keeps the non-metric markers of a tool's result in the session (`toolMarkers`): findings (and
 * whether that result verified them), `[STAT]`, `[CONCLUSION]` and the rest, so a completion's
 * findings and required markers are backed by every result of the session, not only each tool's
 * last (a `read FINDINGS.md` then a `read src/orders.ts` still backs the first read's finding).
 * Metrics are not kept: a tool's word on a metric is its last report. The same marker of the same
 * tool is kept once, as its latest; at most {@link maxToolMarkers} in all.
 */
export function recordToolMarkers(state: EngineSessionState, tool: string, result: unknown): void {
  const markers = parseMarkers(resultText(result), { anyCaseTypes: true }).markers
  const verified = new Set(validateFindings(markers).verifiedFindings)
  const keep = markers
    .filter(
      (marker) =>
        marker.type !== 'METRIC' &&
        marker.content.length <= maxToolMarkerLength &&
        (marker.subtype?.length ?? 0) <= maxToolMarkerLength,
    )
    .slice(-maxToolMarkers)
  if (keep.length === 0) return
  // By identity, oldest first: a marker seen again moves to the end (a Map keeps insertion order),
  // so each is found in constant time however many the session holds.
  const kept = new Map((state.toolMarkers ?? []).map((entry) => [recordedKey(entry), entry]))
  for (const marker of keep) {
    const entry: ToolMarker = {
      tool,
      type: marker.type,
      ...(marker.subtype === undefined ? {} : { subtype: marker.subtype }),
      content: normalizeContent(marker),
    }
    const key = recordedKey(entry)
    const wasVerified = kept.get(key)?.verified === true
    kept.delete(key)
    kept.set(key, wasVerified || verified.has(marker) ? { ...entry, verified: true } : entry)
  }
  state.toolMarkers = [...kept.values()].slice(-maxToolMarkers)
}

/** A marker a tool result of the session carried (see `EngineSessionState.toolMarkers`). */
type ToolMarker = NonNullable<EngineSessionState['toolMarkers']>[number]

/** What makes two recorded markers the same: the tool, the type, the subtype and the content. */
function recordedKey(entry: ToolMarker): string {
  return JSON.stringify([entry.tool, entry.type, entry.subtype ?? null, entry.content])
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
