import { FocalError } from '../errors/index.ts'
import type { IntentModel } from './intent-model.ts'

/** A learned intent model in compact text form (what `encodeIntentModel` writes). */
export interface EncodedIntentModel {
  labels: readonly string[]
  temperature: number
  /** Per label, in hundredths. */
  bias: readonly number[]
  /**
   * One entry per n-gram, `;`-separated: `<hash base 36> <idf in tenths> <label>:<weight in hundredths> …`.
   * Word n-grams only (stems and bigrams), no character n-grams.
   */
  features: string
}

const invalid = (message: string) => new FocalError({ code: 'invalid-argument', message })

/** Rebuilds the numbers of an encoded model (word n-gram features, weights feature-major). */
export function decodeIntentModel(encoded: EncodedIntentModel): IntentModel {
  const labelCount = encoded.labels.length
  const entries = encoded.features === '' ? [] : encoded.features.split(';')
  const featureIndex = new Map<number, number>()
  const idf = new Float64Array(entries.length)
  const weights = new Float64Array(entries.length * labelCount)
  entries.forEach((entry, index) => {
    const [hash = '', tenths = '', ...pairs] = entry.split(' ')
    featureIndex.set(Number.parseInt(hash, 36), index)
    idf[index] = Number(tenths) / 10
    for (const pair of pairs) {
      const [label = '', hundredths = ''] = pair.split(':')
      const labelIndex = Number(label)
      if (!(labelIndex >= 0 && labelIndex < labelCount))
        throw invalid(`intent model: bad label in '${entry}'`)
      weights[index * labelCount + labelIndex] = Number(hundredths) / 100
    }
  })
  return {
    labels: encoded.labels,
    features: { wordBigrams: true, charGrams: [] },
    featureIndex,
    idf,
    maxIdf: idf.reduce((max, value) => Math.max(max, value), 1),
    weights,
    bias: Float64Array.from(encoded.bias, (value) => value / 100),
    temperature: encoded.temperature,
  }
}
