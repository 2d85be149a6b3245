import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { supportIntentExamples } from './fixtures/support-intent-examples.ts'
import { intentFeatureCounts } from './intent-features.ts'
import { type IntentModel, scoreIntentText, scoreIntentVector, vectorizeIntentText } from './intent-model.ts'
import { trainIntentClassifier } from './train-intent-classifier.ts'

const json = trainIntentClassifier({ examples: supportIntentExamples }).toJSON()

/** A fresh model from the trained JSON each time: the vectorizer's word memo belongs to one model. */
function modelOf(): IntentModel {
  const labelCount = json.labels.length
  const weights = new Float64Array(json.vocabulary.length * labelCount)
  json.weights.forEach((pairs, label) => {
    for (let index = 0; index < pairs.length; index += 2)
      weights[pairs[index]! * labelCount + label] = pairs[index + 1]!
  })
  return {
    labels: json.labels,
    features: json.features,
    featureIndex: new Map(json.vocabulary.map((hash, index) => [hash, index])),
    idf: Float64Array.from(json.idf),
    maxIdf: Math.max(1, ...json.idf),
    weights,
    bias: Float64Array.from(json.bias),
    temperature: json.temperature,
  }
}

/** The vector straight from the definition: every feature counted in a map, in first-seen order. */
function referenceVector(text: string, model: IntentModel) {
  const known = new Map<number, number>()
  let unseenMass = 0
  for (const [feature, count] of intentFeatureCounts(text, model.features)) {
    const index = model.featureIndex.get(feature)
    if (index === undefined) unseenMass += (1 + Math.log(count)) * model.maxIdf
    else known.set(index, (known.get(index) ?? 0) + count)
  }
  const entries = [...known].map(
    ([index, count]) => [index, (1 + Math.log(count)) * model.idf[index]!] as const,
  )
  const mass = entries.reduce((sum, [, value]) => sum + value, 0)
  const norm = Math.sqrt(entries.reduce((sum, [, value]) => sum + value * value, 0))
  return {
    indices: entries.map(([index]) => index),
    values: entries.map(([, value]) => (norm > 0 ? value / norm : 0)),
    coverage: mass + unseenMass > 0 ? mass / (mass + unseenMass) : 0,
  }
}

const texts = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc
    .array(
      fc.constantFrom('refund', 'my', 'order', 'the', 'the', 'plan', 'Refunds', 'pasword', "don't", 'ORD-1'),
      {
        maxLength: 12,
      },
    )
    .map((words) => words.join(' ')),
)

describe('vectorizeIntentText', () => {
  it('gives the vector the feature counts define, with repeated words and unseen n-grams', () => {
    const model = modelOf()
    fc.assert(
      fc.property(texts, (text) => {
        const vector = vectorizeIntentText(text, model)
        const reference = referenceVector(text, model)
        expect([...vector.indices]).toEqual(reference.indices)
        for (const [position, value] of vector.values.entries())
          expect(value).toBeCloseTo(reference.values[position]!, 12)
        expect(vector.coverage).toBeCloseTo(reference.coverage, 12)
      }),
      { numRuns: 300 },
    )
  })

  it('counts the unseen n-grams of long texts as the definition does, thousands of them repeated', () => {
    const model = modelOf()
    // Words no example uses, so most of their n-grams are unseen: more distinct ones than a
    // short message has, each word written several times.
    const words = fc.stringMatching(/^[a-z]{3,12}$/u)
    fc.assert(
      fc.property(fc.array(words, { minLength: 50, maxLength: 400 }), fc.nat(3), (list, repeats) => {
        const text = Array.from({ length: repeats + 1 }, () => list.join(' ')).join(' ')
        const vector = vectorizeIntentText(text, model)
        expect(vector.coverage).toBeCloseTo(referenceVector(text, model).coverage, 12)
        // The same text again, after a shorter one: nothing of the longer count is left over.
        vectorizeIntentText('refund my order', model)
        expect(vectorizeIntentText(text, model).coverage).toBe(vector.coverage)
      }),
      { numRuns: 40 },
    )
  })

  it('scores a text exactly as scoring its vector does, also after its word memo starts over', () => {
    const model = modelOf()
    const direct = new Float64Array(model.labels.length)
    const viaVector = new Float64Array(model.labels.length)
    const check = (text: string) => {
      const coverage = scoreIntentText(text, model, direct)
      const vector = vectorizeIntentText(text, model)
      scoreIntentVector(vector, model, viaVector)
      expect(coverage).toBe(vector.coverage)
      expect([...direct]).toEqual([...viaVector])
    }
    check('I want a refund for my order')
    // More distinct words than the memo keeps: it starts over and still gives the same numbers.
    for (let index = 0; index < 10_050; index++) check(`refund word${index.toString(36)} my order`)
    check('I want a refund for my order')
    fc.assert(
      fc.property(texts, (text) => check(text)),
      { numRuns: 200 },
    )
  })
})
