import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { FocalError } from '../errors/index.ts'
import { decideCompletion } from './decide-completion.ts'
import { evaluateGoalGate } from './evaluate-goal-gate.ts'
import { evaluateTrustGate } from './evaluate-trust-gate.ts'
import { goalContractFromFrontmatter } from './goal-contract-from-frontmatter.ts'
import type { GoalContract } from './goal-contract-schema.ts'
import { goalSnapshot } from './goal-snapshot.ts'
import {
  type JupyterNotebook,
  readNotebookFrontmatter,
  writeNotebookFrontmatter,
} from './notebook-frontmatter.ts'
import { notebookOutputText } from './notebook-output-text.ts'

const loadFixture = (name: string): JupyterNotebook =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'))
const now = () => '2026-01-10T00:00:00.000Z'

/** Sets the stdout of the notebook's first code cell, as a finished run would have. */
function withOutput(notebook: JupyterNotebook, text: string): JupyterNotebook {
  const copy = structuredClone(notebook)
  const cell = copy.cells.find((entry) => entry.cell_type === 'code')
  if (cell !== undefined) cell.outputs = [{ name: 'stdout', output_type: 'stream', text }]
  return copy
}

/** The completion flow a host runs: frontmatter → output → trust gate → goal gate → decision. */
function complete(
  notebook: JupyterNotebook,
  reviewerTrustScore: number,
  artifacts: string[] = [],
  attempts = 0,
) {
  const frontmatter = readNotebookFrontmatter(notebook)
  if (frontmatter.type === 'absent') throw new Error(`fixture without frontmatter: ${frontmatter.reason}`)
  const output = notebookOutputText(notebook)
  const trustGate = evaluateTrustGate({ quality: output, reviewerTrustScore })
  const goalGate = evaluateGoalGate(goalContractFromFrontmatter(frontmatter), { output, artifacts })
  return {
    trustGate,
    goalGate,
    decision: decideCompletion({ requestedStatus: 'SUCCESS', trustGate, goalGate, attempts }),
  }
}

const accuracyContract = (target: number): GoalContract => ({
  version: 1,
  goal_text: `Build model with >= ${target * 100}% accuracy`,
  acceptance_criteria: [
    { id: 'AC1', kind: 'metric_threshold', metric: 'cv_accuracy_mean', op: '>=', target },
  ],
})

/** A well-evidenced model run: baseline, cross-validation, interpretation, verified finding. */
const modelRun = (accuracy: number) => `[OBJECTIVE] Classify customer churn
[METRIC:baseline_accuracy] 0.52
[METRIC:cv_accuracy_mean] ${accuracy}
[METRIC:cv_accuracy_std] 0.02
[METRIC:feature_importance] tenure: 0.31, contract: 0.22
[STAT:ci] 95% CI [${(accuracy - 0.02).toFixed(2)}, ${(accuracy + 0.02).toFixed(2)}]
[STAT:effect_size] Cohen's h = 0.62 over baseline
[FINDING] The model beats the majority baseline
[CONCLUSION] Model trained and evaluated
`

describe('two-gate completion (seed 001 scenarios)', () => {
  it('A: goal >= 80%, model at 85%, trust 90 → SUCCESS', () => {
    const notebook = withOutput(
      writeNotebookFrontmatter(loadFixture('legacy-research.ipynb'), {
        changes: { goal_contract: accuracyContract(0.8) },
        now,
      }),
      modelRun(0.85),
    )
    const { trustGate, goalGate, decision } = complete(notebook, 90)
    expect(trustGate.status).toBe('PASS')
    expect(goalGate).toMatchObject({ overallStatus: 'MET', metCount: 1, totalCount: 1 })
    expect(goalGate.criteriaResults[0]?.message).toBe('cv_accuracy_mean = 0.85, meets >= 0.80')
    expect(decision).toMatchObject({
      status: 'SUCCESS',
      reason: 'trust-and-goal-passed',
      downgraded: false,
      warnings: [],
    })
  })

  it('B: goal >= 90%, model at 75% with perfect evidence, trust 85 → PARTIAL (downgraded), 0/1 passed', () => {
    const notebook = withOutput(
      writeNotebookFrontmatter(loadFixture('legacy-research.ipynb'), {
        changes: { goal_contract: accuracyContract(0.9) },
        now,
      }),
      modelRun(0.75),
    )
    const { trustGate, goalGate, decision } = complete(notebook, 85)
    expect(trustGate).toMatchObject({ status: 'PASS', quality: { score: 100 } })
    expect(goalGate.criteriaResults[0]?.message).toBe('cv_accuracy_mean = 0.75, needs >= 0.90')
    expect(decision).toMatchObject({ status: 'PARTIAL', reason: 'goal-not-met', downgraded: true })
    expect(decision.warnings.map((warning) => warning.message)).toEqual([
      'Goal criteria not met: 0/1 criteria passed',
    ])
    expect(decision.pivot?.shouldPivot).toBe(true)
  })

  it('C: research from before goal contracts, trust 82, quality passing → SUCCESS (goal gate skipped)', () => {
    const { trustGate, goalGate, decision } = complete(loadFixture('legacy-research.ipynb'), 82)
    expect(trustGate).toMatchObject({ status: 'PASS', quality: { passed: true } })
    expect(goalGate.overallStatus).toBe('NO_CONTRACT')
    expect(decision).toMatchObject({ status: 'SUCCESS', goalGate: 'NO_CONTRACT' })
  })

  it('D: churn analysis with 78% accuracy, baseline, one verified finding of two needed → PARTIAL, 2/3 passed', () => {
    const { trustGate, goalGate, decision } = complete(loadFixture('churn-analysis.ipynb'), 88, [
      'models/churn_gbm.joblib',
    ])
    expect(trustGate.status).toBe('PASS')
    expect(goalGate.criteriaResults.map((result) => [result.criterion.id, result.status])).toEqual([
      ['AC1', 'MET'],
      ['AC2', 'MET'],
      ['AC3', 'NOT_MET'],
    ])
    expect(goalGate.criteriaResults[2]?.message).toBe('Found 1 verified finding, need at least 2')
    expect(decision.status).toBe('PARTIAL')
    expect(decision.warnings.map((warning) => warning.message)).toEqual([
      'Goal criteria not met: 2/3 criteria passed',
    ])
    expect(decision.pivot?.suggestions).toContain('Add 1 more verified [FINDING] marker')
  })

  it('D with an unsupported extra finding: trust fails too → PARTIAL with both warnings', () => {
    const notebook = loadFixture('churn-analysis.ipynb')
    // Printed after the crosstab, more than 10 lines below the model's CI and effect size.
    const stdout = (notebook.cells.at(-1)?.outputs as { text: string }[] | undefined)?.[0]
    if (stdout !== undefined) stdout.text += '[FINDING] Seniors churn more\n'
    const { trustGate, decision } = complete(notebook, 88)
    expect(trustGate.status).toBe('FAIL')
    expect(decision).toMatchObject({ status: 'PARTIAL', reason: 'trust-and-goal-failed' })
    expect(decision.warnings.map((warning) => warning.code)).toEqual(['TRUST_GATE_FAILED', 'GOAL_NOT_MET'])
  })

  it('blocks scenario B after the third failed attempt and shows progress for the widget', () => {
    const contract = accuracyContract(0.9)
    const base = writeNotebookFrontmatter(loadFixture('legacy-research.ipynb'), {
      changes: { goal_contract: contract },
      now,
    })
    const history = [0.75, 0.8, 0.84].map((accuracy, index) => ({
      accuracy,
      ...complete(withOutput(base, modelRun(accuracy)), 90, [], index),
    }))
    expect(history.map((entry) => entry.decision.status)).toEqual(['PARTIAL', 'PARTIAL', 'BLOCKED'])
    const snapshot = goalSnapshot({ contract, attempts: history.map((entry) => entry.goalGate) })
    expect(snapshot).toMatchObject({
      metCount: 0,
      criteriaCount: 1,
      attemptNumber: 3,
      maxAttempts: 3,
      summary: '0/1 criteria met · attempt 3 of 3',
    })
    expect(snapshot?.criteria[0]?.message).toBe('cv_accuracy_mean = 0.84, needs >= 0.90')
  })

  it('an emptied contract in the frontmatter is an error, not a skipped goal gate and SUCCESS', () => {
    const notebook = withOutput(
      writeNotebookFrontmatter(loadFixture('legacy-research.ipynb'), {
        changes: { goal_contract: accuracyContract(0.9) },
        now,
      }),
      modelRun(0.75),
    )
    const cell = notebook.cells[0]
    if (cell === undefined) throw new Error('no frontmatter cell')
    const source = Array.isArray(cell.source) ? cell.source.join('') : cell.source
    cell.source = source.replace(/acceptance_criteria:[\s\S]*?(?=\n---)/, 'acceptance_criteria: []')
    expect(() => complete(notebook, 95)).toThrow(FocalError)
    expect(() => complete(notebook, 95)).toThrow(/acceptance_criteria is empty/)
  })

  it('an empty run without a contract is PARTIAL: the trust gate has nothing to verify', () => {
    const notebook = withOutput(loadFixture('legacy-research.ipynb'), '')
    const { trustGate, decision } = complete(notebook, 95)
    expect(trustGate.reasons).toEqual(['No output: the run reported nothing to verify'])
    expect(decision).toMatchObject({ status: 'PARTIAL', reason: 'trust-failed', goalGate: 'NO_CONTRACT' })
  })
})
