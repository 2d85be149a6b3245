import { compareMetric, formatMetricNumber } from './compare-metric.ts'
import {
  type ExtractMetricOptions,
  extractMetricReports,
  normalizeMarkerName,
  selectMetricReport,
} from './extract-metric.ts'
import { comparisonOperators, defaultFindingPolicy, defaultMetricPolicy } from './goal-contract-constants.ts'
import type { AcceptanceCriterion, ComparisonOperator } from './goal-contract-schema.ts'
import { globMatchCost, matchGlob } from './match-glob.ts'
import { parseMarkers } from './parse-markers.ts'
import type { FindingsValidation, GoalCriterionResult, ParsedMarker } from './types.ts'
import { validateFindings } from './validate-findings.ts'

// Criteria may arrive unvalidated (read from a notebook), so every field is checked again here.
type LooseCriterion = AcceptanceCriterion & Record<string, unknown>

/**
 * `[METRIC:<metric>] value` compared with `op target`; message like `cv_accuracy_mean = 0.75, needs >= 0.90`.
 * The criterion's `metricPolicy` (default `last`) picks the report that counts when there are several.
 */
export function evaluateMetricThreshold(
  criterion: AcceptanceCriterion,
  output: string | readonly ParsedMarker[],
): GoalCriterionResult {
  const { metric, op, target, metricPolicy = defaultMetricPolicy } = criterion as LooseCriterion
  const policy = readPolicy(metricPolicy, op)
  if (
    typeof metric !== 'string' ||
    metric === '' ||
    !isOperator(op) ||
    typeof target !== 'number' ||
    !Number.isFinite(target) ||
    policy === undefined
  ) {
    return {
      criterion,
      status: 'UNKNOWN',
      message:
        'Invalid metric_threshold criterion: needs metric, op, a finite target and a metricPolicy that fits op',
    }
  }
  const reports = extractMetricReports(toMarkers(output), metric)
  const expectation = `${op} ${formatMetricNumber(target)}`
  if (reports.length === 0) {
    return {
      criterion,
      status: 'NOT_MET',
      message: `${metric} not found: no [METRIC:${metric}] value in output, needs ${expectation}`,
    }
  }
  const actual = selectMetricReport(reports, policy)
  const count = `${reports.length} [METRIC:${metric}] report${reports.length === 1 ? '' : 's'}`
  if (actual === undefined) {
    const which =
      policy.policy === 'best' ? `none of ${count} has` : `the ${policy.policy ?? 'last'} of ${count} has`
    return { criterion, status: 'NOT_MET', message: `${metric}: ${which} no number, needs ${expectation}` }
  }
  const met = compareMetric(actual, op, target)
  const source = reports.length > 1 ? ` (${policy.policy ?? 'last'} of ${reports.length} reports)` : ''
  const message = `${metric} = ${formatMetricNumber(actual)}${source}, ${met ? 'meets' : 'needs'} ${expectation}`
  return { criterion, status: met ? 'MET' : 'NOT_MET', actualValue: actual, message }
}

function readPolicy(policy: unknown, op: unknown): ExtractMetricOptions | undefined {
  if (policy === 'last' || policy === 'first') return { policy }
  if (policy !== 'best') return undefined
  return op === '>=' || op === '>' || op === '<=' || op === '<' ? { policy, operator: op } : undefined
}

/** A marker matching the pattern (`METRIC:baseline_*`, `CONCLUSION`) must appear; case-insensitive. */
export function evaluateMarkerRequired(
  criterion: AcceptanceCriterion,
  output: string | readonly ParsedMarker[],
): GoalCriterionResult {
  const { marker: pattern } = criterion as LooseCriterion
  if (typeof pattern !== 'string' || pattern.trim() === '') {
    return { criterion, status: 'UNKNOWN', message: 'Invalid marker_required criterion: needs a marker' }
  }
  const found = toMarkers(output).find((marker) => matchMarkerPattern(pattern, marker))
  if (found === undefined)
    return {
      criterion,
      status: 'NOT_MET',
      actualValue: false,
      message: `Marker [${pattern}] not found in output`,
    }
  return {
    criterion,
    status: 'MET',
    actualValue: true,
    message: `Marker [${pattern}] found at line ${found.lineNumber}`,
  }
}

/** Some artifact path must match the glob; a pattern without `/` matches the basename. */
export function evaluateArtifactExists(
  criterion: AcceptanceCriterion,
  artifacts: readonly string[],
): GoalCriterionResult {
  const { artifactPattern: pattern } = criterion as LooseCriterion
  if (typeof pattern !== 'string' || pattern.trim() === '') {
    return {
      criterion,
      status: 'UNKNOWN',
      message: 'Invalid artifact_exists criterion: needs an artifactPattern',
    }
  }
  const cost = artifactMatchCost(pattern, artifacts)
  if (cost > maxArtifactMatchCells)
    return {
      criterion,
      status: 'UNKNOWN',
      message: `Matching ${pattern.length > 60 ? `${pattern.slice(0, 60)}…` : pattern} against ${artifacts.length} artifacts needs ${cost} glob steps, more than the ${maxArtifactMatchCells} allowed: shorten the pattern or list fewer artifacts`,
    }
  const matching = artifacts.filter((artifact) => matchArtifactPattern(pattern, artifact))
  const first = matching[0]
  if (first === undefined)
    return { criterion, status: 'NOT_MET', message: `No artifact matching ${pattern} found` }
  const names = matching.map((artifact) => basename(normalizePath(artifact))).join(', ')
  return {
    criterion,
    status: 'MET',
    actualValue: first,
    message: `Artifact matching ${pattern} found: ${names}`,
  }
}

/**
 * At least `minCount` (>= 1) findings: verified ones, or every `[FINDING]` with `findingPolicy: 'all'`.
 * `findings` is the count under the criterion's policy, output text, or a findings validation; a
 * malformed criterion is UNKNOWN.
 */
export function evaluateFindingCount(
  criterion: AcceptanceCriterion,
  findings: number | string | FindingsValidation,
): GoalCriterionResult {
  const { minCount, findingPolicy = defaultFindingPolicy } = criterion as LooseCriterion
  // A minimum of 0 holds for any output, so it never counts as a check.
  if (
    typeof minCount !== 'number' ||
    !Number.isInteger(minCount) ||
    minCount < 1 ||
    (findingPolicy !== 'verified' && findingPolicy !== 'all')
  ) {
    return {
      criterion,
      status: 'UNKNOWN',
      message:
        'Invalid finding_count criterion: needs a whole minCount >= 1 and findingPolicy verified or all',
    }
  }
  const validation = typeof findings === 'string' ? validateFindings(findings).validation : findings
  const count =
    typeof validation === 'number'
      ? validation
      : findingPolicy === 'all'
        ? validation.total
        : validation.verified
  const noun =
    findingPolicy === 'all'
      ? `[FINDING] marker${count === 1 ? '' : 's'} (verified or not)`
      : `verified finding${count === 1 ? '' : 's'}`
  const met = count >= minCount
  return {
    criterion,
    status: met ? 'MET' : 'NOT_MET',
    actualValue: count,
    message: `Found ${count} ${noun}, ${met ? 'meets minimum of' : 'need at least'} ${minCount}`,
  }
}

/**
 * Whether a marker matches a `TYPE[:subtype[:key=value...]]` pattern with `*` wildcards. Without a
 * subtype part any subtype matches. Case-insensitive; hyphens read as underscores.
 */
export function matchMarkerPattern(pattern: string, marker: ParsedMarker): boolean {
  const [typePattern = '', ...rest] = pattern
    .trim()
    .replace(/^\[|\]$/g, '')
    .split(':')
  const options = { crossSeparators: true }
  if (!matchGlob(normalizeMarkerName(typePattern), normalizeMarkerName(marker.type), options)) return false
  if (rest.length === 0) return true
  const subtype = normalizeMarkerName(marker.subtype ?? '')
  // Citation ids (DOIs, `arXiv:...`) keep their colons, so the whole rest is the subtype.
  if (marker.type === 'CITATION') return matchGlob(normalizeMarkerName(rest.join(':')), subtype, options)
  const [subtypePattern = '', ...attributePatterns] = rest
  if (!matchGlob(normalizeMarkerName(subtypePattern), subtype, options)) return false
  return attributePatterns.every((part) => matchAttribute(part, marker.attributes))
}

function matchAttribute(part: string, attributes: Record<string, string>): boolean {
  const equals = part.indexOf('=')
  const key = equals >= 0 ? part.slice(0, equals) : part
  if (!Object.hasOwn(attributes, key)) return false
  return equals < 0 || matchGlob(part.slice(equals + 1), attributes[key] ?? '', { crossSeparators: true })
}

/** Glob over an artifact path: a pattern without `/` matches the basename, one with `/` the path or a folder-aligned suffix. */
export function matchArtifactPattern(pattern: string, artifactPath: string): boolean {
  const { glob, text } = artifactGlob(pattern, artifactPath)
  return matchGlob(glob, text)
}

/**
 * The glob and text {@link matchArtifactPattern} matches: the basename for a pattern without `/`;
 * else the whole path under `**\/` + pattern, which is the path or any suffix after a `/` in one
 * pass (matching each suffix on its own cost a pass per folder).
 */
function artifactGlob(pattern: string, artifactPath: string): { glob: string; text: string } {
  const path = normalizePath(artifactPath)
  const glob = normalizePath(pattern)
  return glob.includes('/') ? { glob: `**/${glob}`, text: path } : { glob, text: basename(path) }
}

/**
 * The most glob steps matching one `artifact_exists` pattern against a completion's artifacts may
 * take (2^25: 70–100 ms on a slow core). Pattern and artifacts both come from a request, and
 * matching costs their lengths' product per artifact, so past this a criterion is `UNKNOWN` (never
 * met) and the engine's completion refuses the request before matching anything.
 */
export const maxArtifactMatchCells = 2 ** 25

/** The glob steps matching `pattern` against every artifact takes (see {@link maxArtifactMatchCells}). */
export function artifactMatchCost(pattern: string, artifacts: readonly string[]): number {
  let cost = 0
  for (const artifact of artifacts) {
    const { glob, text } = artifactGlob(pattern, artifact)
    cost += globMatchCost(glob, text)
  }
  return cost
}

// Text is read with any-case types: `marker_required` matching is case-insensitive.
function toMarkers(output: string | readonly ParsedMarker[]): readonly ParsedMarker[] {
  return typeof output === 'string' ? parseMarkers(output, { anyCaseTypes: true }).markers : output
}

/**
 * An artifact path or pattern as it is matched: trimmed, with `/` for `\\` and no leading `./`.
 * A check of where a path points must read this form (` /etc/passwd` is `/etc/passwd`).
 */
export function normalizePath(path: string): string {
  return path
    .trim()
    .replaceAll('\\', '/')
    .replace(/^(?:\.\/)+/, '')
}

function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1)
}

function isOperator(value: unknown): value is ComparisonOperator {
  return typeof value === 'string' && (comparisonOperators as readonly string[]).includes(value)
}
