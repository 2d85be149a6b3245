import { parseMarkers } from './parse-markers.ts'
import type { ParsedMarker } from './types.ts'

// A leading number, optionally after `=` or `:`: 0.85, = 0.95, 42, -0.3, .5, 1e-3, +2.5E4, 85%.
// Each part is bounded by a distinct character class, so matching is linear.
const leadingNumber = /^(?:[=:][ \t]*)?([-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?)(%?)(?![\w.])/

/**
 * Reads the number at the start of a marker's content, or undefined when there is none. A percent
 * sign divides by 100 (`85%` → 0.85), the scale goal contracts use (`target: 0.90` for "90%").
 */
export function parseMetricValue(content: string): number | undefined {
  const match = leadingNumber.exec(content.trim())
  if (match?.[1] === undefined) return undefined
  const value = match[2] === '%' ? Number(match[1]) / 100 : Number(match[1])
  return Number.isFinite(value) ? value : undefined
}

/**
 * The value of `[METRIC:<name>] <number>`: the first such marker with a readable number. The name
 * matches case-insensitively with hyphens read as underscores. Accepts parsed markers or raw text.
 */
export function extractMetric(source: readonly ParsedMarker[] | string, name: string): number | undefined {
  const markers = typeof source === 'string' ? parseMarkers(source, { anyCaseTypes: true }).markers : source
  const wanted = normalizeMarkerName(name)
  for (const marker of markers) {
    if (marker.type !== 'METRIC' || marker.subtype === undefined) continue
    if (normalizeMarkerName(marker.subtype) !== wanted) continue
    const value = parseMetricValue(marker.content)
    if (value !== undefined) return value
  }
  return undefined
}

/** Lower-cased with hyphens read as underscores, for comparing marker names. */
export function normalizeMarkerName(name: string): string {
  return name.trim().toLowerCase().replaceAll('-', '_')
}
