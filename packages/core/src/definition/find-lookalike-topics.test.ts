import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { findLookalikeTopics } from './find-lookalike-topics.ts'
import { loadDefinition } from './load-definition.ts'

const hotelExamples = (brand: string) => ({
  intents: [
    {
      id: `${brand}-search`,
      examples: ['find me a hotel in Paris', 'I need a hotel room', 'search hotels with a pool'],
      keywords: ['hotel'],
    },
    {
      id: `${brand}-book`,
      examples: ['book the hotel for two nights', 'reserve a room at that hotel'],
      keywords: ['reserve'],
    },
  ],
  scenarios: [
    { id: `${brand}-search`, topic: brand, intents: [`${brand}-search`], steps: [{ id: 'main' }] },
    { id: `${brand}-book`, topic: brand, intents: [`${brand}-book`], steps: [{ id: 'main' }] },
  ],
})

function definitionOf(...parts: Array<{ intents: object[]; scenarios: object[] }>) {
  return loadDefinition(
    JSON.stringify({
      name: 'lookalikes',
      intents: parts.flatMap((part) => part.intents),
      scenarios: parts.flatMap((part) => part.scenarios),
    }),
  )
}

const weather = {
  intents: [{ id: 'weather', examples: ['will it rain tomorrow', 'what is the forecast for Lyon'] }],
  scenarios: [{ id: 'weather', intents: ['weather'], steps: [{ id: 'main' }] }],
}

describe('findLookalikeTopics', () => {
  it('reports two topics written alike, with their scenarios, and not the distinct one', () => {
    const found = findLookalikeTopics(
      definitionOf(hotelExamples('hotels-a'), hotelExamples('hotels-b'), weather),
    )
    expect(found).toEqual([
      {
        topics: ['hotels-a', 'hotels-b'],
        similarity: 1,
        scenarios: [
          ['hotels-a-search', 'hotels-a-book'],
          ['hotels-b-search', 'hotels-b-book'],
        ],
      },
    ])
  })

  it('reports nothing when every topic has words of its own', () => {
    expect(findLookalikeTopics(definitionOf(hotelExamples('hotels'), weather))).toEqual([])
  })

  it("reports none of the demo's topics at the default threshold, and its closest pair below it", () => {
    const demo = loadDefinition(
      readFileSync(join(import.meta.dirname, '../../../../examples/definitions/refund-support.yaml'), 'utf8'),
    )
    expect(findLookalikeTopics(demo)).toEqual([])
    const closest = findLookalikeTopics(demo, 0)[0]
    expect(closest?.topics).toEqual(['refunds', 'refund_status'])
    expect(closest?.similarity).toBeLessThan(0.7)
  })
})
