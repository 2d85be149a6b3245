import { describe, expect, it } from 'vitest'
import { compareMetric, formatMetricNumber } from './compare-metric.ts'

describe('compareMetric', () => {
  it('never holds for an operator outside the contract schema', () => {
    expect(compareMetric(1, '=>' as never, 0)).toBe(false)
  })
})

describe('formatMetricNumber', () => {
  it('keeps two decimals for fractions, whole numbers whole, and hides float noise', () => {
    expect([0.9, 0.75, 0.123, 42, -0.5, 0.9 - 0.75, 1e-7].map(formatMetricNumber)).toEqual([
      '0.90',
      '0.75',
      '0.123',
      '42',
      '-0.50',
      '0.15',
      '1e-7',
    ])
  })
})
