import { type IntentModel, type IntentVector, scoreIntentVector, softmaxInPlace } from './intent-model.ts'

/** Labels with fewer examples than this keep all of them for training. */
const minimumPerLabel = 3
/**
 * Fewer held-out examples than this and the fit is noise (a handful of easy in-scope examples
 * always favour the sharpest softmax, which makes off-topic text look confident): keep 1.
 */
const minimumHeldOut = 50
/** Never sharper than 0.5: sharper softmaxes hide out-of-scope text behind confident labels. */
const candidateTemperatures = [0.5, 0.7, 1, 1.4, 2, 2.8, 4]

/** Every fifth example of each label (for labels with 3+ examples) is held out; undefined if too few. */
export function holdOutIntentExamples(
  targets: readonly number[],
  labelCount: number,
): { train: number[]; heldOut: number[] } | undefined {
  const perLabel = new Array<number>(labelCount).fill(0)
  for (const target of targets) perLabel[target]!++
  const seen = new Array<number>(labelCount).fill(0)
  const train: number[] = []
  const heldOut: number[] = []
  targets.forEach((target, index) => {
    const position = seen[target]!++
    if (perLabel[target]! >= minimumPerLabel && position % 5 === 4) heldOut.push(index)
    else train.push(index)
  })
  return heldOut.length >= Math.max(minimumHeldOut, labelCount) ? { train, heldOut } : undefined
}

/** The temperature that minimises the held-out negative log-likelihood. */
export function fitIntentTemperature(
  model: IntentModel,
  heldOut: readonly number[],
  vectors: readonly IntentVector[],
  targets: readonly number[],
): number {
  const scores = new Float64Array(model.labels.length)
  let best = { temperature: 1, loss: Number.POSITIVE_INFINITY }
  for (const temperature of candidateTemperatures) {
    let loss = 0
    for (const example of heldOut) {
      scoreIntentVector(vectors[example]!, model, scores)
      softmaxInPlace(scores, temperature)
      loss -= Math.log(Math.max(scores[targets[example]!]!, 1e-12))
    }
    if (loss < best.loss) best = { temperature, loss }
  }
  return best.temperature
}
