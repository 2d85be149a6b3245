import { FocalError } from '../errors/index.ts'
import { intentClassifierFromModel } from './intent-classifier-from-model.ts'
import type { IntentClassifier, IntentClassifierJson } from './intent-classifier-types.ts'

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const isFiniteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value)

function fail(path: string, message: string): never {
  throw new FocalError({
    code: 'invalid-argument',
    message: `invalid intent classifier JSON: ${path ? `${path}: ` : ''}${message}`,
    issues: [{ path, message }],
  })
}

function checkNumbers(value: unknown, path: string, length?: number): asserts value is number[] {
  if (!Array.isArray(value)) fail(path, 'must be an array of numbers')
  if (length !== undefined && value.length !== length)
    fail(path, `must have ${length} entries, has ${value.length}`)
  const bad = value.findIndex((item) => !isFiniteNumber(item))
  if (bad >= 0) fail(`${path}[${bad}]`, 'must be a finite number')
}

function checkHeader(json: Record<string, unknown>): void {
  if (json.format !== 'focal-intent-classifier') fail('format', 'must be "focal-intent-classifier"')
  if (json.version !== 1) fail('version', `unsupported version ${String(json.version)}`)
  const { labels, features } = json
  if (!Array.isArray(labels) || labels.length === 0) fail('labels', 'must be a non-empty array')
  labels.forEach((label, index) => {
    if (typeof label !== 'string' || label === '') fail(`labels[${index}]`, 'must be a non-empty string')
  })
  if (new Set(labels).size !== labels.length) fail('labels', 'must not repeat a label')
  if (!isRecord(features) || typeof features.wordBigrams !== 'boolean')
    fail('features.wordBigrams', 'must be a boolean')
  checkNumbers(features.charGrams, 'features.charGrams')
  features.charGrams.forEach((size, index) => {
    if (!Number.isInteger(size) || size < 1 || size > 8)
      fail(`features.charGrams[${index}]`, 'must be an integer 1..8')
  })
  if (!isFiniteNumber(json.temperature) || json.temperature <= 0)
    fail('temperature', 'must be a positive number')
}

function denseWeights(weights: unknown, labelCount: number, featureCount: number): Float64Array {
  if (!Array.isArray(weights) || weights.length !== labelCount)
    fail('weights', `must have one array per label (${labelCount})`)
  const dense = new Float64Array(labelCount * featureCount)
  weights.forEach((pairs: unknown, label) => {
    checkNumbers(pairs, `weights[${label}]`)
    if (pairs.length % 2 !== 0) fail(`weights[${label}]`, 'must hold [featureIndex, weight] pairs')
    for (let index = 0; index < pairs.length; index += 2) {
      const feature = pairs[index]!
      if (!Number.isInteger(feature) || feature < 0 || feature >= featureCount) {
        fail(`weights[${label}][${index}]`, `feature index ${feature} out of range 0..${featureCount - 1}`)
      }
      dense[feature * labelCount + label] = pairs[index + 1]!
    }
  })
  return dense
}

/** Restores a classifier from `toJSON()` output without retraining; rejects malformed JSON with a located error. */
export function loadIntentClassifier(json: unknown): IntentClassifier {
  if (!isRecord(json)) fail('', 'must be an object')
  checkHeader(json)
  const data = json as unknown as IntentClassifierJson
  checkNumbers(data.vocabulary, 'vocabulary')
  const featureCount = data.vocabulary.length
  checkNumbers(data.idf, 'idf', featureCount)
  checkNumbers(data.bias, 'bias', data.labels.length)
  const featureIndex = new Map<number, number>()
  data.vocabulary.forEach((hash, index) => {
    if (!Number.isInteger(hash) || hash < 0 || hash > 0xffffffff)
      fail(`vocabulary[${index}]`, 'must be a 32-bit hash')
    if (featureIndex.has(hash)) fail(`vocabulary[${index}]`, 'repeats a feature')
    featureIndex.set(hash, index)
  })
  return intentClassifierFromModel({
    labels: [...data.labels],
    features: { wordBigrams: data.features.wordBigrams, charGrams: [...data.features.charGrams] },
    featureIndex,
    idf: Float64Array.from(data.idf),
    maxIdf: data.idf.reduce((max, value) => Math.max(max, value), 1),
    weights: denseWeights(data.weights, data.labels.length, featureCount),
    bias: Float64Array.from(data.bias),
    temperature: data.temperature,
  })
}
