import { type IntentFeatureOptions, intentFeatureCounts } from './intent-features.ts'

/** A sparse, L2-normalised TF-IDF vector plus how much of the text the model knew. */
export interface IntentVector {
  indices: Int32Array
  values: Float64Array
  /**
   * Share of the text's n-gram mass the model knows (0..1), each n-gram weighted by its IDF; an
   * unseen n-gram weighs as much as the rarest seen one, so unfamiliar content words pull it down.
   */
  coverage: number
}

/** The numbers a classifier runs on; weights are feature-major (`weights[feature * labels + label]`). */
export interface IntentModel {
  labels: readonly string[]
  features: IntentFeatureOptions
  featureIndex: ReadonlyMap<number, number>
  idf: Float64Array
  /** Largest IDF: the weight of an n-gram the model never saw. */
  maxIdf: number
  weights: Float64Array
  bias: Float64Array
  temperature: number
}

/** Turns text into the model's TF-IDF vector (sublinear term frequency, unit length). */
export function vectorizeIntentText(
  text: string,
  model: Pick<IntentModel, 'features' | 'featureIndex' | 'idf' | 'maxIdf'>,
): IntentVector {
  const counts = intentFeatureCounts(text, model.features)
  const indices: number[] = []
  const values: number[] = []
  let total = 0
  let known = 0
  let norm = 0
  const unseenWeight = model.maxIdf
  for (const [feature, count] of counts) {
    const index = model.featureIndex.get(feature)
    const tf = 1 + Math.log(count)
    if (index === undefined) {
      total += tf * unseenWeight
      continue
    }
    const value = tf * model.idf[index]!
    total += value
    known += value
    indices.push(index)
    values.push(value)
    norm += value * value
  }
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0
  return {
    indices: Int32Array.from(indices),
    values: Float64Array.from(values, (value) => value * scale),
    coverage: total > 0 ? known / total : 0,
  }
}

/** Raw scores (logits) of every label for `vector`, written into `into`. */
export function scoreIntentVector(
  vector: IntentVector,
  model: IntentModel,
  into: Float64Array,
): Float64Array {
  const labelCount = model.labels.length
  into.set(model.bias)
  for (let k = 0; k < vector.indices.length; k++) {
    const offset = vector.indices[k]! * labelCount
    const value = vector.values[k]!
    for (let label = 0; label < labelCount; label++)
      into[label] = into[label]! + model.weights[offset + label]! * value
  }
  return into
}

/** Softmax of `scores / temperature`, in place. */
export function softmaxInPlace(scores: Float64Array, temperature: number): Float64Array {
  let max = Number.NEGATIVE_INFINITY
  for (const score of scores) if (score > max) max = score
  let sum = 0
  for (let index = 0; index < scores.length; index++) {
    const value = Math.exp((scores[index]! - max) / temperature)
    scores[index] = value
    sum += value
  }
  for (let index = 0; index < scores.length; index++) scores[index] = scores[index]! / sum
  return scores
}
