import type { ComparisonOperator } from './goal-contract-schema.ts'
import { parseMarkers } from './parse-markers.ts'
import type { ParsedMarker } from './types.ts'

// A leading number, optionally after `=` or `:`: 0.85, = 0.95, 42, -0.3, .5, 1e-3, +2.5E4, with an
// optional unit of proportion after it, touching or after spaces: a percent sign (`85%`, `85 %` as
// French and ISO write it, a full-width ％ or an Arabic ٪), `percent`, `per cent` or `pct`, a per
// mille sign ‰ or `per mille`, a per ten thousand sign ‱. Not followed by a letter, a dot or a
// decimal comma and a digit: `1.500,00` (1500 in much of Europe) is no 1.5. Not followed by a
// fraction bar and a digit either: `45/50` or `3/4 (75%)` is a ratio, not 45 or 3. Each part is
// bounded by a distinct character class, so matching is linear.
const leadingNumber =
  /^(?:[=:][ \t]*)?([-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?)(?:[ \t\u00a0\u2009\u202f]*([%\uff05\u066a\u2030\u2031]|(?:per[ \t]?cent|pct|per[ \t]?mille)(?![a-z])))?(?![\w.]|[,'\u2019]\d|[ \t\u00a0\u2009\u202f]*[/\u2044\u2215][ \t]*\d)/iu
/** What a unit of proportion divides by: per mille 1000, per ten thousand 10,000, a percent 100. */
function unitDivisor(unit: string): number {
  if (unit === '\u2030' || /mille/i.test(unit)) return 1000
  return unit === '\u2031' ? 10_000 : 100
}
/**
 * A number written with digit groups or a decimal comma: `1,500`, `1'500`, `1 500`, `1_500`,
 * `0,35`. Which number it is depends on the writer's locale (`1,500` is 1.5 in Germany), so it
 * reads as no number at all (the criterion is not met), never as its first group (`1`).
 */
const groupedNumber = /^(?:[=:][ \t]*)?[-+]?(?:\d+[,'\u2019_]\d|\d{1,3}[ \u00a0\u2009\u202f]\d{3}(?!\d))/u

/** Operators with a direction, for which a "best" value exists. */
export type OrderingOperator = Exclude<ComparisonOperator, '==' | '!='>

/** Which report of a metric {@link extractMetric} returns. */
export type ExtractMetricOptions =
  | {
      /**
       * `last`: the last report (the final model); `first`: the first. A chosen report without a
       * number gives undefined, never another report's value.
       * @default 'last'
       */
      policy?: 'last' | 'first'
    }
  | {
      /** `best`: the most favourable readable value for `operator` (largest for >= and >). */
      policy: 'best'
      operator: OrderingOperator
    }

/**
 * Reads the number at the start of a marker's content, or undefined when there is none. A percent
 * sign divides by 100 (`85%` and `85 %` → 0.85), the scale goal contracts use (`target: 0.90` for
 * "90%"); a per mille sign by 1000. A ratio (`45/50`) reads as no number.
 */
export function parseMetricValue(content: string): number | undefined {
  const trimmed = content.trim()
  if (groupedNumber.test(trimmed)) return undefined
  const match = leadingNumber.exec(trimmed)
  if (match?.[1] === undefined) return undefined
  const value = match[2] === undefined ? Number(match[1]) : Number(match[1]) / unitDivisor(match[2])
  return Number.isFinite(value) ? value : undefined
}

/**
 * Every `[METRIC:<name>]` report in output order: its number, or undefined when the report has none
 * (`n/a`, `NaN`). The name matches case-insensitively with hyphens read as underscores.
 */
export function extractMetricReports(
  source: readonly ParsedMarker[] | string,
  name: string,
): (number | undefined)[] {
  const markers = typeof source === 'string' ? parseMarkers(source, { anyCaseTypes: true }).markers : source
  const wanted = normalizeMarkerName(name)
  const reports: (number | undefined)[] = []
  for (const marker of markers) {
    if (marker.type !== 'METRIC') continue
    if (marker.subtype === undefined) {
      // `[METRIC:tests_failed=final] 4` names the metric but is no report of it that can be read:
      // it counts as a report without a number (it was skipped, so an earlier report counted).
      if (Object.keys(marker.attributes).some((key) => normalizeMarkerName(key) === wanted))
        reports.push(undefined)
      continue
    }
    if (normalizeMarkerName(marker.subtype) === wanted) reports.push(parseMetricValue(marker.content))
  }
  return reports
}

/**
 * The value of `[METRIC:<name>] <number>` under a policy: by default the LAST report (the final
 * model), so a later worse value wins over an earlier better one. Accepts parsed markers or raw text.
 * @example
 * extractMetric('[METRIC:acc] 0.93\n[METRIC:acc] 0.81', 'acc') // 0.81
 */
export function extractMetric(
  source: readonly ParsedMarker[] | string,
  name: string,
  options: ExtractMetricOptions = {},
): number | undefined {
  return selectMetricReport(extractMetricReports(source, name), options)
}

/** The report a policy picks out of {@link extractMetricReports}; undefined when it has no number. */
export function selectMetricReport(
  reports: readonly (number | undefined)[],
  options: ExtractMetricOptions = {},
): number | undefined {
  if (options.policy === 'first') return reports[0]
  if (options.policy !== 'best') return reports.at(-1)
  const higherIsBetter = options.operator === '>=' || options.operator === '>'
  let best: number | undefined
  for (const value of reports) {
    if (value === undefined) continue
    if (best === undefined || (higherIsBetter ? value > best : value < best)) best = value
  }
  return best
}

/** Lower-cased with hyphens read as underscores, for comparing marker names. */
export function normalizeMarkerName(name: string): string {
  return name.trim().toLowerCase().replaceAll('-', '_')
}
