import { describe, expect, it } from 'vitest'
import { decodeIntentModel } from './decode-intent-model.ts'
import { defaultIntentModel } from './default-intent-model.ts'
import { stemFeature } from './intent-features.ts'
import { intentProbabilities } from './intent-probabilities.ts'

describe('decodeIntentModel', () => {
  it('rebuilds hashes, IDFs, weights and biases from the compact text form', () => {
    const model = decodeIntentModel({
      labels: ['a', 'b'],
      temperature: 1,
      bias: [10, -10],
      features: 'zz 25 0:150 1:-50;a 12 1:7',
    })
    expect([...model.featureIndex]).toEqual([
      [Number.parseInt('zz', 36), 0],
      [10, 1],
    ])
    expect([...model.idf]).toEqual([2.5, 1.2])
    expect([...model.weights]).toEqual([1.5, -0.5, 0, 0.07])
    expect([...model.bias]).toEqual([0.1, -0.1])
    expect(model.maxIdf).toBe(2.5)
  })

  it('rejects a weight for a label the model does not have', () => {
    expect(() =>
      decodeIntentModel({ labels: ['a'], temperature: 1, bias: [0], features: 'zz 10 3:5' }),
    ).toThrow(/bad label/)
  })

  it('decodes the built-in model into probabilities over the goal intents', () => {
    const model = decodeIntentModel(defaultIntentModel)
    const probabilities = intentProbabilities(model, 'add a unit test for the parser')
    expect([...probabilities.values()].reduce((a, b) => a + b, 0)).toBeCloseTo(1)
    expect([...probabilities].sort((left, right) => right[1] - left[1])[0]?.[0]).toBe('modify')
  })
})

describe('the built-in model and stemWord', () => {
  // Hand-written: verbs a request leads with. Each one's stem is a key of the model, so a change to
  // stemWord that renames a stem (writ -> write) cannot silently drop the verb's learned weights.
  it.each(
    (
      'write writes wrote written writing note add fix create update delete remove rename run test ' +
      'explain show find check review compare debug refactor implement build deploy change make use read open list'
    ).split(' '),
  )('resolves the stem of %j to a feature of the model', (verb) => {
    const model = decodeIntentModel(defaultIntentModel)
    expect(model.featureIndex.has(stemFeature(verb))).toBe(true)
  })
})
