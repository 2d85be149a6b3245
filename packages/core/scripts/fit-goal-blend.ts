/**
 * Trains the goal parser's learned intent model and fits how it blends with the cue rules, then
 * writes src/goal/default-intent-model.ts. Reads only the hand-written phrasing lists 1-4, the
 * tuning split of the real coding requests and the third (training) set
 * (shared/data/coding-requests, both "the tuning split" below); never the held-out split or the
 * second blind set.
 *
 * 1. Five folds over the tuning split: a model trained on the phrasings and four folds reads the
 *    fifth, so every tuning request gets an out-of-fold learned reading (printed per set).
 * 2. The blend weight is the one with the best out-of-fold accuracy (ties: lower log-loss).
 * 3. The confidence calibration (Platt scaling) is fitted on those out-of-fold blends; its ECE is
 *    reported cross-fitted (calibration fitted on four folds, measured on the fifth).
 * 4. The shipped model is trained on the phrasings and the whole tuning split.
 *
 *   node --conditions=@focal/source --import tsx packages/core/scripts/fit-goal-blend.ts
 *
 * `FIT_SETS=fourth` trains on the fourth tuning set and the fifth set instead (never the fourth
 * blind set); `FIT_SETS=recent` on the sixth and eighth sets and the ninth's tuning half (never its
 * held-out half; the shipped model since session 47, the first and third sets being gone); `BLEND_WEIGHT=0.45` fixes the blend weight instead of choosing it; `DRY_RUN=1`
 * prints without writing the model.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expectedCalibrationError, solveThreeByThree } from '../../../bench/calibration.ts'
import {
  type RealCodingRequest,
  readCodingRequests,
  readFourthTrainingCodingRequests,
  readRecentTrainingCodingRequests,
  readTrainingCodingRequests,
} from '../../../bench/coding-requests.ts'
import { blendGoalIntent, ruleIntentDistribution } from '../src/goal/blend-goal-intent.ts'
import { compileGoalVocabulary } from '../src/goal/compile-goal-vocabulary.ts'
import { decodeIntentModel, type EncodedIntentModel } from '../src/goal/decode-intent-model.ts'
import { defaultGoalVocabulary } from '../src/goal/default-goal-vocabulary.ts'
import { heldOutPhrasings } from '../src/goal/fixtures/held-out-phrasings.ts'
import { fourthHeldOutPhrasings } from '../src/goal/fixtures/held-out-phrasings-fourth.ts'
import { secondHeldOutPhrasings } from '../src/goal/fixtures/held-out-phrasings-second.ts'
import { thirdHeldOutPhrasings } from '../src/goal/fixtures/held-out-phrasings-third.ts'
import { goalConfidence } from '../src/goal/goal-confidence.ts'
import { keepsDestructiveReading } from '../src/goal/guard-destructive-reading.ts'
import { intentProbabilities } from '../src/goal/intent-probabilities.ts'
import { readGoalRules } from '../src/goal/read-goal-rules.ts'
import { trainIntentClassifier } from '../src/goal/train-intent-classifier.ts'
import type { GoalIntent } from '../src/goal/types.ts'

/**
 * `FIT_FILES=a.json,b.json:tune` trains on labelled request files given by path (the same row
 * form as bench/coding-requests.ts); `:tune` keeps only the tuning half of a file, split by
 * repository (a repository whose name hashes even), so its other half stays held out.
 */
function readFitFiles(list: string): RealCodingRequest[] {
  const repositoryHash = (source: string) => {
    let hash = 0
    for (const character of source.split(':')[0]!) hash = (hash * 31 + character.charCodeAt(0)) >>> 0
    return hash
  }
  return list.split(',').flatMap((entry) => {
    const [file, half] = entry.split(':')
    const rows = JSON.parse(readFileSync(file!, 'utf8')) as RealCodingRequest[]
    return half === 'tune' ? rows.filter((row) => repositoryHash(row.source) % 2 === 0) : rows
  })
}

const folds = 5
/** Largest weights kept in the shipped model (the rest round away): about 8 kB gzipped. */
const keptWeights = Number(process.env.KEPT_WEIGHTS ?? 1000)
const weightGrid = Array.from({ length: 17 }, (_, index) => index * 0.05)

// FIT_SETS=fourth trains on the fourth tuning set and the fifth set instead (bench/coding-requests.ts).
const fitSets = process.env.FIT_SETS ?? 'first'
const rows =
  process.env.FIT_FILES !== undefined
    ? readFitFiles(process.env.FIT_FILES)
    : fitSets === 'fourth'
      ? readFourthTrainingCodingRequests()
      : fitSets === 'recent'
        ? readRecentTrainingCodingRequests()
        : readTrainingCodingRequests()
if (rows === undefined)
  throw new Error(
    fitSets === 'fourth'
      ? 'the fourth tuning set and the fifth set are not under data/coding-requests'
      : 'the real coding requests (and the third set) are not under shared/data/coding-requests',
  )
const phrasings = [
  ...heldOutPhrasings,
  ...secondHeldOutPhrasings,
  ...thirdHeldOutPhrasings,
  ...fourthHeldOutPhrasings,
].map((row) => ({ text: row.text, label: row.intents[0]! }))
/** What each `FIT_SETS` trains on, as the generated model's comment says it. */
const trainedOn: Record<string, string> = {
  first: "the first set's tuning split and the third set",
  fourth: 'the fourth tuning set and the fifth set',
  recent:
    "sessions 45 and 46's aider sets and the tuning half of session 47's Cursor, Copilot and Codex prompts; the earlier sets are no longer on the machine",
}
const example = (row: (typeof rows)[number]) => ({ text: row.text, label: row.intents[0]! })

/** Trains on `examples` and keeps the `keptWeights` largest weights, in the shipped text form. */
function trainEncoded(examples: ReadonlyArray<{ text: string; label: string }>): EncodedIntentModel {
  const json = trainIntentClassifier({
    examples,
    features: { charGrams: [] },
    minDocumentFrequency: 2,
  }).toJSON()
  const magnitudes = json.weights.flatMap((pairs) =>
    pairs.filter((_, index) => index % 2 === 1).map(Math.abs),
  )
  magnitudes.sort((left, right) => right - left)
  const floor = Math.max(0.005, magnitudes[keptWeights] ?? 0)
  const perFeature = new Map<number, string[]>()
  json.weights.forEach((pairs, label) => {
    for (let index = 0; index < pairs.length; index += 2) {
      const weight = pairs[index + 1]!
      if (Math.abs(weight) <= floor) continue
      const list = perFeature.get(pairs[index]!) ?? []
      list.push(`${label}:${Math.round(weight * 100)}`)
      perFeature.set(pairs[index]!, list)
    }
  })
  const features = [...perFeature]
    .sort(([left], [right]) => json.vocabulary[left]! - json.vocabulary[right]!)
    .map(([feature, pairs]) =>
      [json.vocabulary[feature]!.toString(36), Math.round(json.idf[feature]! * 10), ...pairs].join(' '),
    )
    .join(';')
  return {
    labels: json.labels,
    temperature: json.temperature,
    bias: json.bias.map((value) => Math.round(value * 100)),
    features,
  }
}

const compiled = compileGoalVocabulary(defaultGoalVocabulary)
const readings = rows.map((row) => {
  const reading = readGoalRules(row.text, compiled, defaultGoalVocabulary)
  const ruleConfidence = goalConfidence(reading.resolved, reading.contentWords)
  return { row, reading, ruleConfidence, learned: new Map<string, number>() }
})
const foldOf = (index: number) => (index * 7919) % folds

for (let fold = 0; fold < folds; fold++) {
  const model = decodeIntentModel(
    trainEncoded([...phrasings, ...rows.filter((_, index) => foldOf(index) !== fold).map(example)]),
  )
  readings.forEach((entry, index) => {
    if (foldOf(index) === fold) entry.learned = intentProbabilities(model, entry.row.text)
  })
}

function blendAll(weight: number) {
  return readings.map((entry) => {
    const { resolved, hits } = entry.reading
    const rules = ruleIntentDistribution(resolved, entry.ruleConfidence)
    const blend = keepsDestructiveReading(resolved, hits)
      ? { intent: resolved.goal.intent, probability: rules.get(resolved.goal.intent) ?? 0 }
      : blendGoalIntent(rules, entry.learned, weight, resolved.goal.intent, entry.reading.asks)
    const right = entry.row.intents.includes(blend.intent)
    const primary = entry.row.intents[0] as GoalIntent
    const truth = (1 - weight) * (rules.get(primary) ?? 0) + weight * (entry.learned.get(primary) ?? 0)
    return {
      ...blend,
      right,
      loss: -Math.log(Math.max(truth, 1e-6)),
      contentWords: entry.reading.contentWords,
    }
  })
}

const accuracy = (list: ReadonlyArray<{ right: boolean }>) =>
  list.filter((entry) => entry.right).length / list.length
let chosen = { weight: 0, accuracy: -1, loss: Number.POSITIVE_INFINITY }
for (const weight of weightGrid) {
  const blended = blendAll(weight)
  const loss = blended.reduce((sum, entry) => sum + entry.loss, 0) / blended.length
  const score = accuracy(blended)
  console.log(
    `weight ${weight.toFixed(2)}: out-of-fold accuracy ${score.toFixed(3)}, log-loss ${loss.toFixed(3)}`,
  )
  if (score > chosen.accuracy || (score === chosen.accuracy && loss < chosen.loss))
    chosen = { weight, accuracy: score, loss }
}
console.log(
  `learned model alone: ${accuracy(
    readings.map((entry) => {
      const best = [...entry.learned].sort((left, right) => right[1] - left[1])[0]?.[0]
      return { right: entry.row.intents.includes(best as GoalIntent) }
    }),
  ).toFixed(3)} out of fold`,
)
if (process.env.BLEND_WEIGHT !== undefined) {
  const weight = Number(process.env.BLEND_WEIGHT)
  const blended = blendAll(weight)
  chosen = { weight, accuracy: accuracy(blended), loss: Number.NaN }
}
console.log(
  `chosen blend weight ${chosen.weight.toFixed(2)} (tuning out-of-fold accuracy ${chosen.accuracy.toFixed(3)})`,
)
if (process.env.FIT_FILES === undefined) {
  // The first set's tuning rows come first, then the third set's.
  const firstCount = (readCodingRequests() ?? []).filter((row) => row.split === 'tuning').length
  const blended = blendAll(chosen.weight)
  const rulesRight = (entry: (typeof readings)[number]) =>
    entry.row.intents.includes(entry.reading.resolved.goal.intent)
  for (const [name, from, to] of [
    ['first set, tuning split', 0, firstCount],
    ['third set', firstCount, rows.length],
  ] as const) {
    const part = blended.slice(from, to)
    console.log(
      `${name} (${to - from}): out-of-fold blend ${accuracy(part).toFixed(3)}, rules ${(readings.slice(from, to).filter(rulesRight).length / (to - from)).toFixed(3)}`,
    )
  }
}

// Platt scaling by Newton's method on the log-loss, with a light ridge on the slopes.
type Calibrated = { probability: number; contentWords: number; right: boolean; intent: GoalIntent }
const logit = (probability: number) => {
  const clamped = Math.min(0.999, Math.max(0.001, probability))
  return Math.log(clamped / (1 - clamped))
}
const features = (entry: Calibrated) => [1, logit(entry.probability), Math.log1p(entry.contentWords)]
function fitPlatt(list: readonly Calibrated[]): number[] {
  let beta = [0, 1, 0]
  const ridge = 1 / list.length
  for (let iteration = 0; iteration < 50; iteration++) {
    const gradient = [0, 0, 0]
    const hessian = [0, 0, 0].map(() => [0, 0, 0])
    for (const entry of list) {
      const x = features(entry)
      const p = 1 / (1 + Math.exp(-x.reduce((sum, value, index) => sum + value * beta[index]!, 0)))
      for (let i = 0; i < 3; i++) {
        gradient[i]! += ((p - (entry.right ? 1 : 0)) * x[i]!) / list.length
        for (let j = 0; j < 3; j++) hessian[i]![j]! += (p * (1 - p) * x[i]! * x[j]!) / list.length
      }
    }
    for (let i = 1; i < 3; i++) {
      gradient[i] = gradient[i]! + ridge * beta[i]!
      hessian[i]![i] = hessian[i]![i]! + ridge
    }
    const step = solveThreeByThree(hessian, gradient)
    beta = beta.map((value, index) => value - step[index]!)
  }
  return beta
}
const apply = (beta: readonly number[], entry: Calibrated) =>
  1 / (1 + Math.exp(-features(entry).reduce((sum, value, index) => sum + value * beta[index]!, 0)))

const blended: Calibrated[] = blendAll(chosen.weight)
{
  const noCue = readings.flatMap((entry, index) =>
    entry.reading.resolved.goal.intent === 'unknown' ? [index] : [],
  )
  const right = (intent: GoalIntent, index: number) => readings[index]!.row.intents.includes(intent)
  console.log(
    `rules read ${noCue.length} tuning requests as unknown: right ${noCue.filter((index) => right('unknown', index)).length} as read, ${noCue.filter((index) => right(blended[index]!.intent, index)).length} as blended`,
  )
}
// An unknown reading keeps the rules' fixed 0.05 / 0.1: it is not part of the fit.
const cued = blended
  .map((entry, index) => ({ entry, index }))
  .filter(({ entry }) => entry.intent !== 'unknown')
const crossFitted = cued.map(({ entry, index }) => {
  const beta = fitPlatt(
    cued.filter((other) => foldOf(other.index) !== foldOf(index)).map((other) => other.entry),
  )
  return { confidence: apply(beta, entry), right: entry.right }
})
const beta = fitPlatt(cued.map(({ entry }) => entry))
const rulesOnly = readings.map((entry) => ({
  confidence: entry.ruleConfidence,
  right: entry.row.intents.includes(entry.reading.resolved.goal.intent),
}))
console.log(
  `rules alone on tuning: accuracy ${accuracy(rulesOnly).toFixed(3)}, ECE ${expectedCalibrationError(rulesOnly).toFixed(3)} (calibration fitted on these rows)`,
)
console.log(
  `blend, cued rows: ECE cross-fitted ${expectedCalibrationError(crossFitted).toFixed(3)}, in-sample ${expectedCalibrationError(cued.map(({ entry }) => ({ confidence: apply(beta, entry), right: entry.right }))).toFixed(3)}`,
)

// Phrasing list 4 was never tuned on by the cue rules: a model trained without it reads it too.
{
  const model = decodeIntentModel(
    trainEncoded([
      ...phrasings.slice(0, phrasings.length - fourthHeldOutPhrasings.length),
      ...rows.map(example),
    ]),
  )
  let rulesRight = 0
  let blendRight = 0
  for (const row of fourthHeldOutPhrasings) {
    const reading = readGoalRules(row.text, compiled, defaultGoalVocabulary)
    const { resolved, hits } = reading
    const rules = ruleIntentDistribution(resolved, goalConfidence(resolved, reading.contentWords))
    const blend = keepsDestructiveReading(resolved, hits)
      ? { intent: resolved.goal.intent }
      : blendGoalIntent(
          rules,
          intentProbabilities(model, row.text),
          chosen.weight,
          resolved.goal.intent,
          reading.asks,
        )
    if (row.intents.includes(resolved.goal.intent)) rulesRight++
    if (row.intents.includes(blend.intent)) blendRight++
  }
  const count = fourthHeldOutPhrasings.length
  console.log(
    `phrasing list 4 (${count}): rules ${(rulesRight / count).toFixed(3)}, blend ${(blendRight / count).toFixed(3)}`,
  )
}

const calibration = {
  intercept: Math.round(beta[0]! * 1000) / 1000,
  probabilityLogit: Math.round(beta[1]! * 1000) / 1000,
  contentWordsLog: Math.round(beta[2]! * 1000) / 1000,
}
console.log('calibration', JSON.stringify(calibration))

if (process.env.DRY_RUN === undefined) {
  const model = trainEncoded([...phrasings, ...rows.map(example)])
  const file = join(import.meta.dirname, '../src/goal/default-intent-model.ts')
  writeFileSync(
    file,
    `// Generated by packages/core/scripts/fit-goal-blend.ts: do not edit by hand.
import type { EncodedIntentModel } from './decode-intent-model.ts'
import type { BlendedConfidenceCalibration } from './goal-confidence.ts'

/**
 * The goal parser's learned intent model: softmax regression over hashed word n-grams, trained on
 * the hand-written phrasing lists 1-4 (${phrasings.length}) and ${rows.length} real coding requests
 * (${trainedOn[fitSets] ?? fitSets}), the ${keptWeights} largest weights kept. No
 * text is stored.
 */
export const defaultIntentModel: EncodedIntentModel = ${JSON.stringify(model)}

/** Weight of the learned model against the cue rules (5-fold cross-validation on the tuning split). */
export const defaultIntentBlendWeight = ${chosen.weight.toFixed(2)}

/** Calibration of the blended probability (fitted on out-of-fold blends of the tuning split). */
export const defaultBlendedConfidenceCalibration: BlendedConfidenceCalibration = ${JSON.stringify(calibration)}
`,
  )
  console.log(`wrote ${file} (${model.features.split(';').length} features)`)
}
