import { getMarkerDefinition, type MarkerCategory } from './marker-taxonomy.ts'
import type { ParsedMarker } from './types.ts'

/** Markers of one type (`getMarkersByType(markers, 'STAT')`). */
export function getMarkersByType(markers: readonly ParsedMarker[], type: string): ParsedMarker[] {
  return markers.filter((marker) => marker.type === type)
}

/** Markers whose known type belongs to a category (`'SCIENTIFIC'`, `'WORKFLOW'`, ...). */
export function getMarkersByCategory(
  markers: readonly ParsedMarker[],
  category: MarkerCategory,
): ParsedMarker[] {
  return markers.filter((marker) => getMarkerDefinition(marker.type)?.category === category)
}
