import type { IntentVector } from './intent-model.ts'

/** Inputs of one SGD run. */
export interface IntentWeightTraining {
  vectors: readonly IntentVector[]
  targets: readonly number[]
  /** Which examples to train on. */
  order: readonly number[]
  labelCount: number
  featureCount: number
  epochs: number
  learningRate: number
  seed: number
}

/** Gradients this small are skipped: they would not move a decision and cost most of the time. */
const gradientFloor = 1e-5
/** The bias learns slower than the weights so frequent labels do not swamp rare ones. */
const biasRate = 0.1

function shuffle(order: number[], state: { seed: number }): void {
  for (let index = order.length - 1; index > 0; index--) {
    state.seed = (state.seed * 1103515245 + 12345) % 2147483648
    const other = Math.floor((state.seed / 2147483648) * (index + 1))
    const swap = order[index]!
    order[index] = order[other]!
    order[other] = swap
  }
}

/** Softmax regression by stochastic gradient descent; returns feature-major weights and biases. */
export function trainIntentWeights(training: IntentWeightTraining): {
  weights: Float64Array
  bias: Float64Array
} {
  const { vectors, targets, labelCount, featureCount } = training
  const weights = new Float64Array(labelCount * featureCount)
  const bias = new Float64Array(labelCount)
  const scores = new Float64Array(labelCount)
  const order = [...training.order]
  const state = { seed: training.seed }
  for (let epoch = 0; epoch < training.epochs; epoch++) {
    shuffle(order, state)
    const rate = training.learningRate / (1 + epoch / 2)
    for (const example of order) {
      const { indices, values } = vectors[example]!
      scores.set(bias)
      for (let k = 0; k < indices.length; k++) {
        const offset = indices[k]! * labelCount
        const value = values[k]!
        for (let label = 0; label < labelCount; label++)
          scores[label] = scores[label]! + weights[offset + label]! * value
      }
      let max = Number.NEGATIVE_INFINITY
      for (const score of scores) if (score > max) max = score
      let sum = 0
      for (let label = 0; label < labelCount; label++) {
        scores[label] = Math.exp(scores[label]! - max)
        sum += scores[label]!
      }
      const target = targets[example]!
      for (let label = 0; label < labelCount; label++) {
        const gradient = scores[label]! / sum - (label === target ? 1 : 0)
        // Tiny gradients would not move a decision; zero them so the update loop can skip work.
        scores[label] = gradient < gradientFloor && gradient > -gradientFloor ? 0 : rate * gradient
        bias[label] = bias[label]! - scores[label]! * biasRate
      }
      for (let k = 0; k < indices.length; k++) {
        const offset = indices[k]! * labelCount
        const value = values[k]!
        for (let label = 0; label < labelCount; label++) {
          const step = scores[label]!
          if (step !== 0) weights[offset + label] = weights[offset + label]! - step * value
        }
      }
    }
  }
  return { weights, bias }
}
