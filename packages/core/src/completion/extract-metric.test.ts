import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { extractMetric, parseMetricValue } from './extract-metric.ts'
import { parseMarkers } from './parse-markers.ts'

describe('extractMetric', () => {
  it.each([
    ['[METRIC:cv_accuracy_mean] 0.85', 0.85],
    ['[METRIC:cv_accuracy_mean] = 0.95', 0.95],
    ['[METRIC:cv_accuracy_mean] 42', 42],
    ['[METRIC:cv_accuracy_mean] -0.3', -0.3],
    ['[METRIC:cv_accuracy_mean] .5', 0.5],
    ['[METRIC:cv_accuracy_mean] 1.5e-3', 0.0015],
    ['[METRIC:cv_accuracy_mean] 2E4 samples', 20000],
    ['[METRIC:cv_accuracy_mean] 0.87 (5-fold, std 0.02)', 0.87],
    ['[METRIC:cv_accuracy_mean] 85%', 0.85],
    ['[METRIC:cv_accuracy_mean] : 12.5 % of rows', 12.5],
  ])('reads %s', (text, expected) => {
    expect(extractMetric(parseMarkers(text).markers, 'cv_accuracy_mean')).toBe(expected)
  })

  it('picks the named metric out of multi-line output', () => {
    const markers = parseMarkers(
      '[OBJECTIVE] x\n[METRIC:baseline] 0.33\n[METRIC:cv_accuracy_mean] 0.92',
    ).markers
    expect(extractMetric(markers, 'baseline')).toBe(0.33)
    expect(extractMetric(markers, 'cv_accuracy_mean')).toBe(0.92)
  })

  it('returns undefined when the metric is missing or not a number', () => {
    const markers = parseMarkers('[METRIC:accuracy] 0.85\n[METRIC:f1] n/a\n[METRIC:auc] 1.2.3').markers
    expect(extractMetric(markers, 'cv_accuracy_mean')).toBeUndefined()
    expect(extractMetric(markers, 'f1')).toBeUndefined()
    expect(extractMetric(markers, 'auc')).toBeUndefined()
  })

  it('reads raw text too, matching names case-insensitively with hyphens as underscores', () => {
    expect(extractMetric('[METRIC:CV-Accuracy-Mean] 0.9', 'cv_accuracy_mean')).toBe(0.9)
  })

  it('takes the first readable value when a metric is reported twice', () => {
    expect(extractMetric('[METRIC:loss] pending\n[METRIC:loss] 0.2\n[METRIC:loss] 0.1', 'loss')).toBe(0.2)
  })

  it('reads back any finite number printed by JavaScript (property)', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), (value, withEquals) => {
        const text = `[METRIC:score] ${withEquals ? '= ' : ''}${String(value)} units`
        expect(extractMetric(text, 'score')).toBe(value === 0 ? 0 : value)
      }),
    )
  })
})

describe('parseMetricValue', () => {
  it('rejects content that does not start with a number', () => {
    expect(parseMetricValue('accuracy 0.9')).toBeUndefined()
    expect(parseMetricValue('')).toBeUndefined()
    expect(parseMetricValue('0.9x')).toBeUndefined()
  })
})
