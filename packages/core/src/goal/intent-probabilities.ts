import { type IntentModel, scoreIntentVector, softmaxInPlace, vectorizeIntentText } from './intent-model.ts'

/** The model's probability of every label for `text` (softmax at the model's temperature). */
export function intentProbabilities(model: IntentModel, text: string): Map<string, number> {
  const vector = vectorizeIntentText(text, model)
  const scores = softmaxInPlace(
    scoreIntentVector(vector, model, new Float64Array(model.labels.length)),
    model.temperature,
  )
  const probabilities = new Map<string, number>()
  model.labels.forEach((label, index) => {
    probabilities.set(label, scores[index]!)
  })
  return probabilities
}
