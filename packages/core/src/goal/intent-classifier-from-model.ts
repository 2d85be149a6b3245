import type {
  IntentClassification,
  IntentClassifier,
  IntentClassifierJson,
} from './intent-classifier-types.ts'
import { type IntentModel, scoreIntentText, softmaxInPlace } from './intent-model.ts'

/** Weights smaller than this are dropped from JSON: they never change a decision. */
const weightFloor = 1e-5
const round = (value: number) => Math.round(value * 1e6) / 1e6

function modelToJson(model: IntentModel): IntentClassifierJson {
  const size = model.idf.length
  const labelCount = model.labels.length
  const weights = model.labels.map((_, label) => {
    const pairs: number[] = []
    for (let feature = 0; feature < size; feature++) {
      const weight = model.weights[feature * labelCount + label]!
      if (Math.abs(weight) >= weightFloor) pairs.push(feature, round(weight))
    }
    return pairs
  })
  return {
    format: 'focal-intent-classifier',
    version: 1,
    labels: [...model.labels],
    features: { wordBigrams: model.features.wordBigrams, charGrams: [...model.features.charGrams] },
    vocabulary: [...model.featureIndex.keys()],
    idf: Array.from(model.idf, round),
    weights,
    bias: Array.from(model.bias, round),
    temperature: model.temperature,
  }
}

/** Wraps trained numbers as an `IntentClassifier`. */
export function intentClassifierFromModel(model: IntentModel): IntentClassifier {
  const scratch = new Float64Array(model.labels.length)
  const confidences = new Float64Array(model.labels.length)
  function confidencesOf(text: string): Float64Array {
    const coverage = scoreIntentText(typeof text === 'string' ? text : '', model, scratch)
    const probabilities = softmaxInPlace(scratch, model.temperature)
    for (let index = 0; index < probabilities.length; index++)
      confidences[index] = round(probabilities[index]! * coverage)
    return confidences
  }
  return {
    labels: model.labels,
    confidences: confidencesOf,
    classify(text: string): IntentClassification {
      const scored = confidencesOf(text)
      // Ranked by probability (the unrounded order), as before the confidences were kept.
      const order = model.labels
        .map((_, index) => index)
        .sort((left, right) => scratch[right]! - scratch[left]!)
      const ranked = order.map((index) => ({ label: model.labels[index]!, confidence: scored[index]! }))
      const [best, ...alternatives] = ranked
      return { label: best?.label ?? '', confidence: best?.confidence ?? 0, alternatives }
    },
    toJSON: () => modelToJson(model),
  }
}
