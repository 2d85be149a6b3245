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
  const text = String(value)
  if (Number.isInteger(value) || text.includes('e')) return text
  const decimals = text.split('.')[1]?.length ?? 0
  return decimals >= 2 ? text : value.toFixed(2)
}
