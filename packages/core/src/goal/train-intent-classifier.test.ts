import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { FocalError } from '../errors/index.ts'
import { supportIntentExamples } from './fixtures/support-intent-examples.ts'
import { loadIntentClassifier } from './load-intent-classifier.ts'
import { trainIntentClassifier } from './train-intent-classifier.ts'

const classifier = trainIntentClassifier({ examples: supportIntentExamples })

// Paraphrases never seen in training, and vague or off-topic lines a support bot receives.
const inScope: ReadonlyArray<readonly [string, string]> = [
  ['can you refund me', 'refund'],
  ['I need my money returned', 'refund'],
  ['how much is the basic plan', 'pricing'],
  ['my package is late', 'order-status'],
  ['I am locked out of my account', 'account-access'],
  ['forgot the password for my login', 'account-access'],
]
const outOfScope = ['help', 'I have a problem', 'hello', 'tell me a joke', 'thanks', 'asdf', '']

describe('trainIntentClassifier', () => {
  it('labels unseen paraphrases of its intents', () => {
    for (const [text, label] of inScope) expect(classifier.classify(text).label, text).toBe(label)
  })

  it('gives vague and off-topic requests lower confidence than any in-scope paraphrase', () => {
    const lowestInScope = Math.min(...inScope.map(([text]) => classifier.classify(text).confidence))
    for (const text of outOfScope) {
      expect(classifier.classify(text).confidence, text).toBeLessThan(lowestInScope)
      expect(classifier.classify(text).confidence, text).toBeLessThan(0.3)
    }
  })

  it('gives every label in confidences() the confidence classify() ranks it with', () => {
    for (const text of [...inScope.map(([line]) => line), ...outOfScope]) {
      const { label, confidence, alternatives } = classifier.classify(text)
      const ranked = new Map([
        [label, confidence],
        ...alternatives.map((entry) => [entry.label, entry.confidence] as const),
      ])
      const confidences = classifier.confidences(text)
      expect(confidences.length, text).toBe(classifier.labels.length)
      for (const [index, name] of classifier.labels.entries())
        expect(confidences[index], `${text}: ${name}`).toBe(ranked.get(name))
    }
  })

  it('leaves n-grams seen in fewer examples than minDocumentFrequency out of the model', () => {
    const pruned = trainIntentClassifier({ examples: supportIntentExamples, minDocumentFrequency: 2 })
    expect(pruned.toJSON().vocabulary.length).toBeLessThan(classifier.toJSON().vocabulary.length / 2)
    expect(pruned.classify('please refund my order').label).toBe('refund')
  })

  it('lists every other label as an alternative, best first, confidences summing to at most 1', () => {
    const result = classifier.classify('where is my parcel')
    expect(result.alternatives.map((alternative) => alternative.label).sort()).toEqual(
      classifier.labels.filter((label) => label !== result.label).sort(),
    )
    const confidences = [
      result.confidence,
      ...result.alternatives.map((alternative) => alternative.confidence),
    ]
    expect(confidences).toEqual([...confidences].sort((left, right) => right - left))
    expect(confidences.reduce((sum, value) => sum + value, 0)).toBeLessThanOrEqual(1 + 1e-6)
  })

  it('is deterministic for a given seed', () => {
    const again = trainIntentClassifier({ examples: supportIntentExamples })
    expect(again.toJSON()).toEqual(classifier.toJSON())
  })

  it('rejects missing or malformed examples with invalid-argument', () => {
    expect(() => trainIntentClassifier({ examples: [] })).toThrowError(/examples: must be a non-empty array/)
    expect(() => trainIntentClassifier({ examples: [{ text: 'x', label: '' }] })).toThrowError(
      /examples\[0\]\.label/,
    )
    try {
      trainIntentClassifier({ examples: [{ text: 3 as never, label: 'a' }] })
      expect.unreachable()
    } catch (error) {
      expect(FocalError.isInstance(error) && error.code).toBe('invalid-argument')
    }
  })

  it('returns a classification for any string, never throwing', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 2500 }), (text) => {
        const result = classifier.classify(text)
        expect(result.confidence).toBeGreaterThanOrEqual(0)
        expect(result.confidence).toBeLessThanOrEqual(1)
      }),
      { numRuns: 100 },
    )
  }, 60_000)
})

describe('loadIntentClassifier', () => {
  it('restores a classifier from JSON that classifies exactly like the trained one', () => {
    const restored = loadIntentClassifier(JSON.parse(JSON.stringify(classifier)))
    for (const text of [...inScope.map(([text]) => text), ...outOfScope]) {
      const original = classifier.classify(text)
      const loaded = restored.classify(text)
      expect(loaded.label).toBe(original.label)
      expect(loaded.confidence).toBeCloseTo(original.confidence, 4)
    }
  })

  it('rejects malformed JSON with a located invalid-argument error', () => {
    const json = classifier.toJSON()
    const cases: Array<[unknown, RegExp]> = [
      [null, /must be an object/],
      [{ ...json, format: 'other' }, /format/],
      [{ ...json, version: 2 }, /unsupported version 2/],
      [{ ...json, labels: ['a', 'a', 'b', 'c'] }, /labels: must not repeat/],
      [{ ...json, idf: json.idf.slice(1) }, /idf: must have/],
      [
        { ...json, weights: [[999999, 1], ...json.weights.slice(1)] },
        /weights\[0\]\[0\]: feature index 999999 out of range/,
      ],
      [{ ...json, bias: json.bias.map(() => 'x') }, /bias\[0\]: must be a finite number/],
      [{ ...json, temperature: 0 }, /temperature/],
    ]
    for (const [input, message] of cases) {
      expect(() => loadIntentClassifier(input)).toThrowError(message)
      try {
        loadIntentClassifier(input)
      } catch (error) {
        expect(FocalError.isInstance(error) && error.code).toBe('invalid-argument')
      }
    }
  })
})
