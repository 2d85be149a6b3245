// biome-ignore lint/style/noRestrictedImports: benchmarks run in Node only (check-portable exempts *.bench.ts)
import { existsSync } from 'node:fs'
// biome-ignore lint/style/noRestrictedImports: benchmarks run in Node only
import { join } from 'node:path'
// @ts-expect-error node-nlp ships no type declarations
import { NlpManager } from 'node-nlp'
import {
  banking77Directory as dataDirectory,
  type Banking77Row as Row,
  readBanking77Csv as readCsv,
} from '../../../../bench/banking77.ts'
import { expectedCalibrationError } from '../../../../bench/calibration.ts'
import {
  type RealCodingRequest,
  readBlindCodingRequests,
  readCodingRequests,
  readFifthCodingRequests,
  readFourthCodingRequests,
  readMultilingualCodingRequests,
  readSeventhCodingRequests,
  readSixthBlindCodingRequests,
  readThirdCodingRequests,
} from '../../../../bench/coding-requests.ts'
import { type BenchCase, type BenchMetrics, defineSuite } from '../../../../bench/harness.ts'
import { createGoalParser } from './create-goal-parser.ts'
import { heldOutPhrasings } from './fixtures/held-out-phrasings.ts'
import type { IntentClassifier } from './intent-classifier-types.ts'
import { trainIntentClassifier } from './train-intent-classifier.ts'

const parser = createGoalParser()
// The cue rules without the learned intent model: what the blend adds, split by split.
const cuesAlone = createGoalParser({ learnedIntent: false })
const phrasings = heldOutPhrasings.map((phrasing) => phrasing.text)
// 513 real requests to coding assistants, outside the repository (fetched data, see bench/coding-requests.ts).
const codingRequests = readCodingRequests()
const blindCodingRequests = readBlindCodingRequests()
const thirdCodingRequests = readThirdCodingRequests()
const multilingualCodingRequests = readMultilingualCodingRequests()
const fourthCodingRequests = readFourthCodingRequests()
const fifthCodingRequests = readFifthCodingRequests()
const sixthBlindCodingRequests = readSixthBlindCodingRequests()
const seventhCodingRequests = readSeventhCodingRequests()
const realRequests = (codingRequests ?? []).map((request) => request.text)
let next = 0
let nextReal = 0
const bigPiece = 'why did the CI workflow fail 🚀\u0000\u0007 where is CommandRouter défini? src/a.ts\n\t'
const hundredKilobytes = bigPiece.repeat(Math.ceil(100_000 / bigPiece.length)).slice(0, 100_000)

const mutating = new Set(['modify', 'execute'])

/** Intent accuracy, calibration and destructive-as-read-only on the real requests (seed 003). */
function realRequestMetrics(
  rows: readonly RealCodingRequest[],
  third: readonly RealCodingRequest[],
): Record<string, BenchMetrics> {
  const score = (list: readonly RealCodingRequest[]) =>
    list.map((row) => {
      const result = parser.parse(row.text)
      return { row, confidence: result.confidence, right: row.intents.includes(result.goal.intent) }
    })
  const scored = (split: RealCodingRequest['split']) => score(rows.filter((row) => row.split === split))
  const accuracy = (list: ReadonlyArray<{ right: boolean }>) =>
    list.filter((entry) => entry.right).length / list.length
  const cuesAloneOf = (list: readonly RealCodingRequest[]) =>
    list.filter((row) => row.intents.includes(cuesAlone.parse(row.text).goal.intent)).length / list.length
  const cuesAloneAccuracy = (split: RealCodingRequest['split']) =>
    cuesAloneOf(rows.filter((row) => row.split === split))
  const calibrationError = expectedCalibrationError
  const heldOut = scored('held-out')
  const tuning = scored('tuning')
  const blind = scored('blind')
  const trained = score(third)
  const destructive = [...rows, ...third].filter(
    ({ text, intents }) =>
      intents.every((intent) => mutating.has(intent)) &&
      /\b(?:delete|remove|drop|reset|revert|undo|wipe|discard|purge|truncate|rm -rf|force)\b/i.test(text),
  )
  const readOnly = destructive.filter((row) => {
    const result = parser.parse(row.text)
    return !mutating.has(result.goal.intent) && result.confidence >= 0.5
  })
  return {
    'real coding requests (held out)': {
      accuracy: accuracy(heldOut),
      'cues alone': cuesAloneAccuracy('held-out'),
      ece: calibrationError(heldOut),
      rows: heldOut.length,
      target: '≥ 0.90',
    },
    // The learned model was trained on this split: its accuracy here is in-sample (fit-goal-blend.ts
    // prints the 5-fold out-of-fold figure).
    'real coding requests (tuning)': {
      accuracy: accuracy(tuning),
      'cues alone': cuesAloneAccuracy('tuning'),
      ece: calibrationError(tuning),
      rows: tuning.length,
    },
    ...(blind.length > 0 && {
      'real coding requests (blind2: other repositories)': {
        accuracy: accuracy(blind),
        'cues alone': cuesAloneAccuracy('blind'),
        ece: calibrationError(blind),
        rows: blind.length,
      },
    }),
    // Trained on too (in-sample); fit-goal-blend.ts prints its out-of-fold figure.
    ...(trained.length > 0 && {
      'real coding requests (train3: other repositories, trained on)': {
        accuracy: accuracy(trained),
        'cues alone': cuesAloneOf(third),
        ece: calibrationError(trained),
        rows: trained.length,
      },
    }),
    'real destructive requests read as read-only at confidence ≥ 0.5': {
      count: readOnly.length,
      of: destructive.length,
    },
  }
}

/** Intent accuracy (any accepted intent), the cues alone, and calibration on one labelled set. */
function setMetrics(rows: readonly RealCodingRequest[]): BenchMetrics {
  const scored = rows.map((row) => {
    const result = parser.parse(row.text)
    return { confidence: result.confidence, right: row.intents.includes(result.goal.intent) }
  })
  return {
    accuracy: scored.filter((entry) => entry.right).length / Math.max(1, scored.length),
    'cues alone':
      rows.filter((row) => row.intents.includes(cuesAlone.parse(row.text).goal.intent)).length /
      Math.max(1, rows.length),
    ece: expectedCalibrationError(scored),
    rows: rows.length,
  }
}

/**
 * Accuracy on the multilingual set (real requests, most not in English), per split for the other
 * languages and for English, per language on the blind split, and its destructive requests read
 * as read-only with confidence.
 */
function multilingualMetrics(rows: readonly RealCodingRequest[]): Record<string, BenchMetrics> {
  const metricsOf = setMetrics
  const english = (row: RealCodingRequest) => row.language === 'en'
  const of = (split: RealCodingRequest['split'], inEnglish: boolean) =>
    rows.filter((row) => row.split === split && english(row) === inEnglish)
  const byLanguage = new Map<string, { right: number; rows: number }>()
  for (const row of rows.filter((entry) => entry.split === 'blind' && !english(entry))) {
    const counts = byLanguage.get(row.language ?? '?') ?? { right: 0, rows: 0 }
    counts.rows++
    if (row.intents.includes(parser.parse(row.text).goal.intent)) counts.right++
    byLanguage.set(row.language ?? '?', counts)
  }
  const destructive = rows.filter((row) => row.destructive === true)
  const readOnly = destructive.filter((row) => {
    const result = parser.parse(row.text)
    return !mutating.has(result.goal.intent) && result.confidence >= 0.5
  })
  return {
    'real coding requests in other languages (blind)': { ...metricsOf(of('blind', false)), target: '≥ 0.90' },
    'real coding requests in other languages (tuning: cues written beside it)': metricsOf(
      of('tuning', false),
    ),
    'real coding requests in English, multilingual set (blind)': metricsOf(of('blind', true)),
    'real coding requests in English, multilingual set (tuning)': metricsOf(of('tuning', true)),
    'other languages, blind, right of rows per language': Object.fromEntries(
      [...byLanguage]
        .sort(([left], [right]) => left.localeCompare(right))
        .map(([language, counts]) => [language, `${counts.right}/${counts.rows}`]),
    ),
    'multilingual set: destructive requests read as read-only at confidence ≥ 0.5': {
      count: readOnly.length,
      of: destructive.length,
    },
  }
}

const parseSuite = defineSuite({
  name: 'goal: parse',
  measure: () =>
    codingRequests === undefined &&
    multilingualCodingRequests === undefined &&
    fourthCodingRequests === undefined
      ? { skipped: { reason: 'real coding requests not found (see bench/coding-requests.ts)' } }
      : {
          ...(fourthCodingRequests !== undefined && {
            'real coding requests (blind4: other files; 0.781 at its reading before session 35, cue rows since from its errors)':
              setMetrics(fourthCodingRequests.blind),
            'real coding requests (tune4: cue rows written beside it)': setMetrics(
              fourthCodingRequests.tuning,
            ),
          }),
          ...(seventhCodingRequests !== undefined && {
            'real coding requests (blind7h: Claude Code prompts of 25 other repositories, never tuned on)': {
              ...setMetrics(seventhCodingRequests.blind),
              target: '≥ 0.90',
            },
            'real coding requests (tune7: its other 24 repositories, cue rows written beside it)': setMetrics(
              seventhCodingRequests.tuning,
            ),
          }),
          ...(sixthBlindCodingRequests !== undefined && {
            'real coding requests (blind6: 40 more files; 0.828 at its first reading, cue rows since from its errors)':
              setMetrics(sixthBlindCodingRequests),
          }),
          ...(fifthCodingRequests !== undefined && {
            'real coding requests (tune5: more files, cue rows written beside it)':
              setMetrics(fifthCodingRequests),
          }),
          ...(codingRequests !== undefined &&
            realRequestMetrics(
              [...codingRequests, ...(blindCodingRequests ?? [])],
              thirdCodingRequests ?? [],
            )),
          ...(multilingualCodingRequests !== undefined && multilingualMetrics(multilingualCodingRequests)),
        },
  cases: [
    {
      name: 'parse one request (rotating 318 held-out phrasings)',
      fn: () => parser.parse(phrasings[next++ % phrasings.length]!),
      targetMedianMicros: 20,
    },
    ...(realRequests.length === 0
      ? []
      : [
          {
            // Longer than the phrasings (up to 300 characters, pasted errors and code): informative only.
            name: 'parse one real coding-agent request (rotating 513, up to 300 chars)',
            fn: () => parser.parse(realRequests[nextReal++ % realRequests.length]!),
          },
        ]),
    { name: 'parse a 100 KB input', fn: () => parser.parse(hundredKilobytes), targetMedianMicros: 50_000 },
    { name: 'createGoalParser() with the default vocabulary', fn: () => createGoalParser() },
  ],
})

/** Area under the ROC curve: chance that an in-scope query outscores an out-of-scope one. */
function auroc(inScope: number[], outOfScope: number[]): number {
  const all = [
    ...inScope.map((score) => [score, 1] as const),
    ...outOfScope.map((score) => [score, 0] as const),
  ]
  all.sort((left, right) => left[0] - right[0])
  let rankSum = 0
  for (let start = 0; start < all.length; ) {
    let end = start
    while (end < all.length && all[end]![0] === all[start]![0]) end++
    const averageRank = (start + end + 1) / 2
    for (let index = start; index < end; index++) if (all[index]![1] === 1) rankSum += averageRank
    start = end
  }
  return (rankSum - (inScope.length * (inScope.length + 1)) / 2) / (inScope.length * outOfScope.length)
}

type Predict = (text: string) => Promise<{ label: string; score: number }> | { label: string; score: number }

/** Expected calibration error over ten confidence bins (in-scope queries only). */
function calibrationError(scored: ReadonlyArray<readonly [number, boolean]>): number {
  const bins = Array.from({ length: 10 }, () => ({ count: 0, right: 0, confidence: 0 }))
  for (const [score, right] of scored) {
    const bin = bins[Math.min(9, Math.floor(score * 10))]!
    bin.count++
    bin.confidence += score
    if (right) bin.right++
  }
  return bins.reduce((sum, bin) => sum + Math.abs(bin.right - bin.confidence) / Math.max(1, scored.length), 0)
}

async function evaluate(predict: Predict, test: Row[], unknown: ReadonlySet<string>) {
  const inScores: number[] = []
  const outScores: number[] = []
  const scored: Array<readonly [number, boolean]> = []
  let correct = 0
  const started = performance.now()
  for (const row of test) {
    const { label, score } = await predict(row.text)
    if (unknown.has(row.label)) outScores.push(score)
    else {
      inScores.push(score)
      scored.push([score, label === row.label])
      if (label === row.label) correct++
    }
  }
  const microsPerUtterance = ((performance.now() - started) * 1000) / test.length
  return {
    accuracy: correct / inScores.length,
    auroc: auroc(inScores, outScores),
    calibrationError: calibrationError(scored),
    microsPerUtterance,
  }
}

async function trainNlp(rows: Row[]) {
  const manager = new NlpManager({
    languages: ['en'],
    forceNER: false,
    autoSave: false,
    autoLoad: false,
    nlu: { log: false },
  })
  for (const row of rows) manager.addDocument('en', row.text, row.label)
  await manager.train()
  return async (text: string) => {
    const result = await manager.process('en', text)
    // Best real intent (nlp.js may put its 'None' verdict first): fair to it on both metrics.
    const best = (result.classifications as Array<{ intent: string; score: number }>).find(
      (c) => c.intent !== 'None',
    )
    return { label: best?.intent ?? 'None', score: best?.score ?? 0 }
  }
}

const state: { train: Row[]; test: Row[]; unknown: Set<string>; focal: Record<string, IntentClassifier> } = {
  train: [],
  test: [],
  unknown: new Set(),
  focal: {},
}
const metrics: Record<string, BenchMetrics> = {}
const present = existsSync(join(dataDirectory, 'train.csv'))

function subset(perIntent: number | undefined): Row[] {
  const seen = new Map<string, number>()
  return state.train.filter((row) => {
    if (state.unknown.has(row.label)) return false
    const count = seen.get(row.label) ?? 0
    seen.set(row.label, count + 1)
    return perIntent === undefined || count < perIntent
  })
}

const classifierSuite = defineSuite({
  name: 'goal: banking77 intent classifier vs node-nlp',
  timeMs: 1000,
  async setup() {
    if (!present) return
    state.train = readCsv(join(dataDirectory, 'train.csv'))
    state.test = readCsv(join(dataDirectory, 'test.csv'))
    const labels = [...new Set(state.train.map((row) => row.label))].sort()
    // Ten intents (every 8th, from the 4th) are never trained on: their test queries are out of scope.
    state.unknown = new Set(labels.filter((_, index) => index % 8 === 3).slice(0, 10))
    for (const [name, perIntent] of [
      ['10 per intent', 10],
      ['full train set', undefined],
    ] as const) {
      const rows = subset(perIntent)
      let started = performance.now()
      const focal = trainIntentClassifier({ examples: rows })
      const focalTrainMs = performance.now() - started
      started = performance.now()
      const nlp = await trainNlp(rows)
      const nlpTrainMs = performance.now() - started
      state.focal[name] = focal
      const focalScores = await evaluate(
        (text) => {
          const result = focal.classify(text)
          return { label: result.label, score: result.confidence }
        },
        state.test,
        state.unknown,
      )
      const nlpScores = await evaluate(nlp, state.test, state.unknown)
      metrics[`${name} (${rows.length} examples, 67 intents; 10 held out)`] = {
        'focal accuracy': focalScores.accuracy,
        'nlp.js accuracy': nlpScores.accuracy,
        'focal AUROC': focalScores.auroc,
        'nlp.js AUROC': nlpScores.auroc,
        'focal µs/utt': focalScores.microsPerUtterance,
        'nlp.js µs/utt': nlpScores.microsPerUtterance,
        'focal ECE': focalScores.calibrationError,
        'nlp.js ECE': nlpScores.calibrationError,
        'focal train ms': focalTrainMs,
        'nlp.js train ms': nlpTrainMs,
      }
      if (perIntent === undefined) {
        let index = 0
        const cases: BenchCase[] = [
          {
            name: 'focal classify (full model)',
            fn: () => focal.classify(state.test[index++ % state.test.length]!.text),
          },
          {
            name: 'nlp.js process (full model)',
            fn: () => nlp(state.test[index++ % state.test.length]!.text),
            peerOf: 'focal classify (full model)',
          },
        ]
        classifierSuite.cases = cases
      }
    }
  },
  measure: () =>
    present
      ? metrics
      : { skipped: { reason: `banking77 not found at ${dataDirectory}; classifier comparison skipped` } },
})

export default [parseSuite, classifierSuite]
