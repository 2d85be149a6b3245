// biome-ignore lint/style/noRestrictedImports: benchmarks run in Node only (check-portable exempts *.bench.ts)
import { readFileSync } from 'node:fs'
import { defineSuite } from '../../../../bench/harness.ts'
import { createGoalTracker } from './create-goal-tracker.ts'
import { decideCompletion } from './decide-completion.ts'
import { evaluateGoalGate } from './evaluate-goal-gate.ts'
import { evaluateQualityGates } from './evaluate-quality-gates.ts'
import { evaluateTrustGate } from './evaluate-trust-gate.ts'
import { goalContractFromFrontmatter } from './goal-contract-from-frontmatter.ts'
import {
  type JupyterNotebook,
  readNotebookFrontmatter,
  writeNotebookFrontmatter,
} from './notebook-frontmatter.ts'
import { notebookOutputText } from './notebook-output-text.ts'
import { parseMarkers } from './parse-markers.ts'

const notebook: JupyterNotebook = JSON.parse(
  readFileSync(new URL('./fixtures/churn-analysis.ipynb', import.meta.url), 'utf8'),
)
const contract = goalContractFromFrontmatter(readNotebookFrontmatter(notebook))

// A long research run: the fixture's output plus 1,000 lines of evidence, findings and logs.
const block = [
  '[STAGE:begin:id=S03_ablation] Ablation run',
  'fold 1/5 done in 3.2s',
  '[METRIC:cv_f1_mean] 0.71',
  '[STAT:ci] 95% CI [0.69, 0.73]',
  '[STAT:effect_size] Cohen d = 0.42',
  '[FINDING] Removing tenure costs 6 points of F1',
  'plain log line without markers',
  '[CHECK:normality] Shapiro-Wilk p = 0.31',
  '[INFO] continuing',
  '[STAGE:end:id=S03_ablation:duration=16s] done',
].join('\n')
const longOutput = `${notebookOutputText(notebook)}${`${block}\n`.repeat(100)}`
const longLines = longOutput.split('\n').length

// What a host keeps in its session store: two earlier attempts, as JSON.
const earlierAttempt = evaluateGoalGate(contract, {
  output: '[METRIC:cv_accuracy_mean] 0.70',
  approach: 'logistic',
})
const storedAttempts = JSON.stringify([earlierAttempt, earlierAttempt])
const longGoalGate = evaluateGoalGate(contract, { output: longOutput })

export default defineSuite({
  name: 'completion: gates',
  cases: [
    {
      name: `parseMarkers (${longLines} lines)`,
      fn: () => parseMarkers(longOutput),
      targetMedianMicros: 1_000,
    },
    {
      name: `evaluateQualityGates (${longLines} lines)`,
      fn: () => evaluateQualityGates(longOutput),
      targetMedianMicros: 2_000,
    },
    {
      name: `evaluateGoalGate, 3 criteria (${longLines} lines)`,
      fn: () => evaluateGoalGate(contract, { output: longOutput }),
      targetMedianMicros: 3_000,
    },
    {
      name: `trust gate + goal gate + decideCompletion (${longLines} lines)`,
      fn: () => {
        const trustGate = evaluateTrustGate({ quality: longOutput, reviewerTrustScore: 85 })
        const goalGate = evaluateGoalGate(contract, { output: longOutput })
        return decideCompletion({ requestedStatus: 'SUCCESS', trustGate, goalGate, attempts: 1 })
      },
      targetMedianMicros: 5_000,
    },
    {
      name: 'createGoalTracker from 2 stored attempts (JSON) + decide + attempts()',
      fn: () => {
        const tracker = createGoalTracker({ contract, attempts: JSON.parse(storedAttempts) })
        const decision = tracker.decide({
          requestedStatus: 'SUCCESS',
          trustGate: { passed: true },
          goalGate: longGoalGate,
        })
        return [decision, JSON.stringify(tracker.attempts())]
      },
      targetMedianMicros: 500,
    },
    {
      name: 'readNotebookFrontmatter (churn fixture)',
      fn: () => readNotebookFrontmatter(notebook),
      targetMedianMicros: 500,
    },
    {
      name: 'writeNotebookFrontmatter (status change, churn fixture)',
      fn: () =>
        writeNotebookFrontmatter(notebook, {
          changes: { status: 'completed' },
          now: () => '2026-01-01T00:00:00Z',
        }),
      targetMedianMicros: 1_500,
    },
  ],
  measure: () => {
    const goalGate = evaluateGoalGate(contract, { output: longOutput })
    const quality = evaluateQualityGates(longOutput)
    return {
      'long run': {
        lines: longLines,
        markers: parseMarkers(longOutput).markers.length,
        verifiedFindings: quality.findingsValidation.verified,
        qualityScore: quality.score,
        goal: `${goalGate.metCount}/${goalGate.totalCount} ${goalGate.overallStatus}`,
      },
    }
  },
})
