import type { IntentFeatureOptions } from './intent-features.ts'

/** One labelled utterance. */
export interface IntentExample {
  text: string
  label: string
}

/** What `IntentClassifier.classify` returns. */
export interface IntentClassification {
  label: string
  /**
   * 0..1: the model's probability for `label` (softmax over labels, temperature-calibrated on
   * held-out examples when there are enough) times the share of the text's n-grams the model has
   * seen (unseen words pull it down). Low confidence means "out of scope".
   */
  confidence: number
  /** The other labels, best first, with the same kind of confidence. */
  alternatives: Array<{ label: string; confidence: number }>
}

/** The serialisable form of a trained classifier (`toJSON` / `loadIntentClassifier`). */
export interface IntentClassifierJson {
  format: 'focal-intent-classifier'
  version: 1
  labels: string[]
  features: IntentFeatureOptions
  /** Feature hashes (32-bit FNV-1a of each n-gram), in weight order. */
  vocabulary: number[]
  /** Inverse document frequency per feature. */
  idf: number[]
  /** Per label: `[featureIndex, weight, featureIndex, weight, ...]`, near-zero weights dropped. */
  weights: number[][]
  bias: number[]
  temperature: number
}

/** A trained lexical intent classifier: pure TypeScript, serialisable, microseconds per call. */
export interface IntentClassifier {
  readonly labels: readonly string[]
  classify(text: string): IntentClassification
  /**
   * The confidence of every label, in `labels` order (what `classify` ranks), written into a
   * reused array: valid until the next call.
   */
  confidences(text: string): Float64Array
  toJSON(): IntentClassifierJson
}
