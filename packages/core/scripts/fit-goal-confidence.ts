/**
 * Fits the goal parser's confidence calibration (src/goal/goal-confidence.ts) and prints the
 * constants: logistic regression of "the parsed intent is right" on the raw confidence's logit and
 * ln(1 + content words), over the tuning split of the real coding requests and the third
 * (training) set (weight 2) and the phrasing lists 1-3 (weight 1). Never reads the held-out split
 * or the blind set.
 *
 *   node --conditions=@focal/source --import tsx packages/core/scripts/fit-goal-confidence.ts
 */

import { solveThreeByThree } from '../../../bench/calibration.ts'
import { readTrainingCodingRequests } from '../../../bench/coding-requests.ts'
import { compileGoalVocabulary } from '../src/goal/compile-goal-vocabulary.ts'
import { defaultGoalVocabulary } from '../src/goal/default-goal-vocabulary.ts'
import { extractGoalTarget } from '../src/goal/extract-goal-target.ts'
import { heldOutPhrasings } from '../src/goal/fixtures/held-out-phrasings.ts'
import { secondHeldOutPhrasings } from '../src/goal/fixtures/held-out-phrasings-second.ts'
import { thirdHeldOutPhrasings } from '../src/goal/fixtures/held-out-phrasings-third.ts'
import { calibrateGoalConfidence, rawGoalConfidence } from '../src/goal/goal-confidence.ts'
import { isGoalQuestion } from '../src/goal/is-goal-question.ts'
import { matchGoalCues } from '../src/goal/match-goal-cues.ts'
import { normalizeGoalText } from '../src/goal/normalize-goal-text.ts'
import { resolveGoal } from '../src/goal/resolve-goal.ts'
import { scoreGoalFields } from '../src/goal/score-goal-fields.ts'

function realCodingRequests() {
  const rows = readTrainingCodingRequests()
  if (rows === undefined)
    throw new Error('the real coding requests (and the third set) are not under shared/data/coding-requests')
  return rows
}

interface Row {
  raw: number
  contentWords: number
  right: boolean
  weight: number
}

const compiled = compileGoalVocabulary(defaultGoalVocabulary)

function measure(text: string, intents: readonly string[], weight: number): Row | undefined {
  const tokens = normalizeGoalText(text, compiled)
  const target = extractGoalTarget(text, tokens, compiled)
  const resolved = resolveGoal(
    scoreGoalFields(matchGoalCues(tokens, compiled), target),
    target,
    defaultGoalVocabulary,
    isGoalQuestion(text),
  )
  if (resolved.goal.intent === 'unknown') return undefined
  const contentWords = tokens.filter((token) => !token.stop).length
  return {
    raw: rawGoalConfidence(resolved),
    contentWords,
    right: intents.includes(resolved.goal.intent),
    weight,
  }
}

const rows = [
  ...realCodingRequests()
    .filter((row) => row.split === 'tuning')
    .map((row) => measure(row.text, row.intents, 2)),
  ...[...heldOutPhrasings, ...secondHeldOutPhrasings, ...thirdHeldOutPhrasings].map((row) =>
    measure(row.text, row.intents, 1),
  ),
].filter((row): row is Row => row !== undefined)

const logit = (probability: number) =>
  Math.log(
    Math.min(0.999, Math.max(0.001, probability)) / (1 - Math.min(0.999, Math.max(0.001, probability))),
  )
const features = (row: Row) => [1, logit(row.raw), Math.log1p(row.contentWords)]

// Newton's method on the weighted log-loss, with a light ridge on the slopes.
let beta = [0, 0, 0]
const ridge = 1 / rows.length
for (let iteration = 0; iteration < 50; iteration++) {
  const gradient = [0, 0, 0]
  const hessian = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ]
  let total = 0
  for (const row of rows) {
    const x = features(row)
    const p = 1 / (1 + Math.exp(-x.reduce((sum, value, index) => sum + value * beta[index]!, 0)))
    total += row.weight
    for (let i = 0; i < 3; i++) {
      gradient[i]! += row.weight * (p - (row.right ? 1 : 0)) * x[i]!
      for (let j = 0; j < 3; j++) hessian[i]![j]! += row.weight * p * (1 - p) * x[i]! * x[j]!
    }
  }
  for (let i = 0; i < 3; i++) {
    gradient[i] = gradient[i]! / total + (i > 0 ? ridge * beta[i]! : 0)
    for (let j = 0; j < 3; j++) hessian[i]![j] = hessian[i]![j]! / total + (i === j && i > 0 ? ridge : 0)
  }
  beta = beta.map((value, index) => value - solveThreeByThree(hessian, gradient)[index]!)
}

const calibration = {
  intercept: Math.round(beta[0]! * 1000) / 1000,
  rawLogit: Math.round(beta[1]! * 1000) / 1000,
  contentWordsLog: Math.round(beta[2]! * 1000) / 1000,
}
const bins = Array.from({ length: 10 }, () => ({ count: 0, confidence: 0, right: 0 }))
for (const row of rows) {
  const confidence = calibrateGoalConfidence(row.raw, row.contentWords, calibration)
  const bin = bins[Math.min(9, Math.floor(confidence * 10))]!
  bin.count++
  bin.confidence += confidence
  bin.right += row.right ? 1 : 0
}
const ece = bins.reduce(
  (sum, bin) => sum + (bin.count === 0 ? 0 : Math.abs(bin.right - bin.confidence) / rows.length),
  0,
)
console.log(`rows ${rows.length}; fitted ECE (unweighted, 10 bins) ${ece.toFixed(3)}`)
console.log(`export const goalConfidenceCalibration = ${JSON.stringify(calibration)}`)
