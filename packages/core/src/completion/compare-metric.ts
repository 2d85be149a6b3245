import type { ComparisonOperator } from './goal-contract-schema.ts'

/** Applies a comparison operator: `compareMetric(0.92, '>=', 0.9)` is true. Unknown operators never hold. */
export function compareMetric(actual: number, operator: ComparisonOperator, target: number): boolean {
  switch (operator) {
    case '>=':
      return actual >= target
    case '>':
      return actual > target
    case '<=':
      return actual <= target
    case '<':
      return actual < target
    case '==':
      return actual === target
    case '!=':
      return actual !== target
    default:
      return false
  }
}

/** Formats a metric for messages: fractions keep at least two decimals (`0.9` → `0.90`), integers stay whole. */
export function formatMetricNumber(value: number): string {
  // 12 significant digits hide float noise such as 0.9 - 0.75 = 0.15000000000000002.
  const rounded = Number.isFinite(value) ? Number(value.toPrecision(12)) : value
  const text = String(rounded)
  if (!Number.isFinite(rounded) || Number.isInteger(rounded) || text.includes('e')) return text
  const decimals = text.split('.')[1]?.length ?? 0
  return decimals >= 2 ? text : rounded.toFixed(2)
}
