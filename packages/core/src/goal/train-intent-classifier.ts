import { FocalError } from '../errors/index.ts'
import { fitIntentTemperature, holdOutIntentExamples } from './fit-intent-temperature.ts'
import { intentClassifierFromModel } from './intent-classifier-from-model.ts'
import type { IntentClassifier, IntentExample } from './intent-classifier-types.ts'
import {
  defaultIntentFeatureOptions,
  type IntentFeatureOptions,
  intentFeatureCounts,
} from './intent-features.ts'
import { type IntentModel, type IntentVector, vectorizeIntentText } from './intent-model.ts'
import { trainIntentWeights } from './train-intent-weights.ts'

/** Options of `trainIntentClassifier`. */
export interface TrainIntentClassifierOptions {
  /** Labelled utterances; at least one, every text a string and every label a non-empty string. */
  examples: readonly IntentExample[]
  /**
   * Passes of stochastic gradient descent over the examples. By default 12, fewer for large sets
   * (about 24,000 example updates in all, never under 4): 8,700 examples train in 4 passes with
   * the same accuracy. @default min(12, max(4, round(24000 / examples.length)))
   */
  epochs?: number
  /** Initial step size; it decays as 1 / (1 + epoch / 2). @default 1 */
  learningRate?: number
  /** Which n-grams describe a text. @default { wordBigrams: true, charGrams: [3, 4] } */
  features?: Partial<IntentFeatureOptions>
  /**
   * Fit the softmax temperature (0.5..4) on a held-out fifth of the examples so confidence tracks
   * the chance of being right. Only happens with 50+ held-out examples (about 250 examples);
   * smaller sets keep temperature 1. Costs a second training run. @default true
   */
  calibrate?: boolean
  /** Seed of the example shuffle: same seed, same model. @default 1 */
  seed?: number
  /**
   * N-grams in fewer examples than this are left out of the model (read as unseen): a smaller
   * model to ship, at little cost in accuracy when examples are long. @default 1
   */
  minDocumentFrequency?: number
}

function checkExamples(examples: unknown): asserts examples is readonly IntentExample[] {
  if (!Array.isArray(examples) || examples.length === 0) {
    throw new FocalError({ code: 'invalid-argument', message: 'examples: must be a non-empty array' })
  }
  examples.forEach((example: unknown, index) => {
    const record = example as Partial<IntentExample> | null
    if (typeof record?.text !== 'string') {
      throw new FocalError({ code: 'invalid-argument', message: `examples[${index}].text: must be a string` })
    }
    if (typeof record.label !== 'string' || record.label === '') {
      throw new FocalError({
        code: 'invalid-argument',
        message: `examples[${index}].label: must be a non-empty string`,
      })
    }
  })
}

function buildVocabulary(
  examples: readonly IntentExample[],
  features: IntentFeatureOptions,
  minDocumentFrequency: number,
) {
  const counts = new Map<number, number>()
  for (const example of examples) {
    for (const feature of intentFeatureCounts(example.text, features).keys()) {
      counts.set(feature, (counts.get(feature) ?? 0) + 1)
    }
  }
  const featureIndex = new Map<number, number>()
  const documentFrequency: number[] = []
  for (const [feature, count] of counts) {
    if (count < minDocumentFrequency) continue
    featureIndex.set(feature, featureIndex.size)
    documentFrequency.push(count)
  }
  const total = examples.length
  const idf = Float64Array.from(documentFrequency, (frequency) => Math.log((1 + total) / (1 + frequency)) + 1)
  return { featureIndex, idf }
}

/**
 * Trains a lexical intent classifier: TF-IDF over stemmed words, word bigrams and character
 * n-grams, and a softmax (multinomial logistic) regression fitted by SGD. Pure TypeScript, no
 * dependencies; a few hundred examples train in tens of milliseconds. Low confidence means out of
 * scope: trap ambiguity when `1 - confidence` exceeds a threshold you pick from your own examples.
 *
 * @example
 * const classifier = trainIntentClassifier({ examples: [{ text: 'I want my money back', label: 'refund' }, ...] })
 * classifier.classify('can I get a refund?') // { label: 'refund', confidence: 0.83, alternatives: [...] }
 * const again = loadIntentClassifier(JSON.parse(JSON.stringify(classifier)))
 */
export function trainIntentClassifier({
  examples,
  epochs,
  learningRate = 1,
  features: featureOverrides,
  calibrate = true,
  seed = 1,
  minDocumentFrequency = 1,
}: TrainIntentClassifierOptions): IntentClassifier {
  checkExamples(examples)
  const features = { ...defaultIntentFeatureOptions, ...featureOverrides }
  const labels = [...new Set(examples.map((example) => example.label))].sort()
  const { featureIndex, idf } = buildVocabulary(examples, features, minDocumentFrequency)
  const maxIdf = idf.reduce((max, value) => Math.max(max, value), 1)
  const base = { features, featureIndex, idf, maxIdf }
  const vectors: IntentVector[] = examples.map((example) => vectorizeIntentText(example.text, base))
  const targets = examples.map((example) => labels.indexOf(example.label))
  const training = {
    vectors,
    targets,
    labelCount: labels.length,
    featureCount: idf.length,
    epochs: epochs ?? Math.min(12, Math.max(4, Math.round(24_000 / examples.length))),
    learningRate,
    seed,
  }
  let temperature = 1
  const split = calibrate ? holdOutIntentExamples(targets, labels.length) : undefined
  if (split) {
    const partial = trainIntentWeights({ ...training, order: split.train })
    temperature = fitIntentTemperature(
      { ...base, labels, ...partial, temperature },
      split.heldOut,
      vectors,
      targets,
    )
  }
  const { weights, bias } = trainIntentWeights({ ...training, order: targets.map((_, index) => index) })
  const model: IntentModel = { labels, ...base, weights, bias, temperature }
  return intentClassifierFromModel(model)
}
