import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { extractMetric } from './extract-metric.ts'
import { notebookOutputText } from './notebook-output-text.ts'

const churn = JSON.parse(readFileSync(new URL('./fixtures/churn-analysis.ipynb', import.meta.url), 'utf8'))

describe('notebookOutputText', () => {
  it('joins stdout and plain-text results of code cells in order', () => {
    const text = notebookOutputText(churn)
    const lines = text.split('\n')
    expect(lines[0]).toBe('[OBJECTIVE] Predict customer churn from account features')
    expect(lines).toContain('0.78')
    expect(text.indexOf('[METRIC:baseline_accuracy]')).toBeLessThan(text.indexOf('[METRIC:cv_accuracy_mean]'))
    expect(text).not.toContain('FutureWarning')
  })

  it('includes stderr when asked', () => {
    expect(notebookOutputText(churn, { includeStderr: true })).toContain('FutureWarning')
  })

  it('returns empty text for anything that is not a notebook with outputs', () => {
    expect(notebookOutputText(null)).toBe('')
    expect(notebookOutputText({ cells: [{ cell_type: 'markdown', source: '[FINDING] not output' }] })).toBe(
      '',
    )
  })

  describe('order', () => {
    const cell = (executionCount: number | null, text: string) => ({
      cell_type: 'code',
      execution_count: executionCount,
      source: '',
      outputs: [{ output_type: 'stream', name: 'stdout', text }],
    })
    // Cell 2 was re-run last, so its (worse) model is the one the kernel ended with.
    const rerun = {
      cells: [cell(1, 'load\n'), cell(7, '[METRIC:acc] 0.81\n'), cell(5, '[METRIC:acc] 0.93\n')],
    }

    it('joins outputs in execution order by default, so the last reported metric is the last one run', () => {
      expect(notebookOutputText(rerun)).toBe('load\n[METRIC:acc] 0.93\n[METRIC:acc] 0.81\n')
      expect(extractMetric(notebookOutputText(rerun), 'acc')).toBe(0.81)
    })

    it('keeps cell order when asked, or when a cell with output has no execution count', () => {
      expect(notebookOutputText(rerun, { order: 'cell' })).toBe(
        'load\n[METRIC:acc] 0.81\n[METRIC:acc] 0.93\n',
      )
      const unknown = { cells: [cell(2, 'a\n'), cell(null, 'b\n'), cell(1, 'c\n')] }
      expect(notebookOutputText(unknown)).toBe('a\nb\nc\n')
    })
  })
})
