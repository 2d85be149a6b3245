import { forEachIntentFeature, type IntentFeatureOptions } from './intent-features.ts'

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
  // Known features are counted by index in a small map; unseen ones only by hash.
  const known = new Map<number, number>()
  const unseen = new Map<number, number>()
  forEachIntentFeature(text, model.features, (feature) => {
    const index = model.featureIndex.get(feature)
    if (index === undefined) unseen.set(feature, (unseen.get(feature) ?? 0) + 1)
    else known.set(index, (known.get(index) ?? 0) + 1)
  })
  let unseenMass = 0
  for (const count of unseen.values()) unseenMass += (1 + Math.log(count)) * model.maxIdf
  const indices = new Int32Array(known.size)
  const values = new Float64Array(known.size)
  let position = 0
  let knownMass = 0
  let norm = 0
  for (const [index, count] of known) {
    const value = (1 + Math.log(count)) * model.idf[index]!
    indices[position] = index
    values[position++] = value
    knownMass += value
    norm += value * value
  }
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0
  for (let k = 0; k < values.length; k++) values[k] = values[k]! * scale
  const total = knownMass + unseenMass
  return { indices, values, coverage: total > 0 ? knownMass / total : 0 }
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
