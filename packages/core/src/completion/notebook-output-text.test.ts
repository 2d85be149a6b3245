import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
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
})
