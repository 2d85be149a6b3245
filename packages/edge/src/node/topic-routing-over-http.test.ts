import { loadDefinition } from '@focal/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { keepSessionTokens } from '../testing/keep-session-tokens.ts'
import { type LoopbackFocal, serveOnLoopback } from '../testing/serve-on-loopback.ts'

// A restaurant agent of two scenarios in one topic: the search's examples give no time and no
// party size, the booking's do. A user who answers with only those ("7:30 pm, the 5 of us") has
// moved on to booking; a city ("In San Jose") keeps the search.
const definition = loadDefinition({
  name: 'restaurants',
  intents: [
    {
      id: 'find_restaurant',
      description: 'Find restaurants by city and cuisine',
      examples: ['Find me a restaurant', 'Any good Italian places in town?', 'Search for somewhere to eat'],
    },
    {
      id: 'book_table',
      description: 'Reserve a table at a restaurant',
      examples: [
        'Book a table for 2 at 7 pm',
        'Reserve a table for four at 8:30 pm',
        'A table for three please',
      ],
    },
    {
      id: 'weather',
      description: 'The weather forecast',
      examples: ['Will it rain tomorrow?', 'What is the weather?'],
    },
  ],
  scenarios: [
    { id: 'find-restaurant', topic: 'restaurants', intents: ['find_restaurant'], steps: [{ id: 'search' }] },
    { id: 'book-table', topic: 'restaurants', intents: ['book_table'], steps: [{ id: 'book' }] },
    { id: 'forecast', intents: ['weather'], steps: [{ id: 'city' }] },
  ],
})

let served: LoopbackFocal

beforeAll(async () => {
  served = await serveOnLoopback({ definition })
})

afterAll(async () => {
  await served?.close()
})

describe('routing by the values a user gives (Node server, no model)', () => {
  it('an answer of a time and a party size moves the conversation from the search to the booking', async () => {
    const http = keepSessionTokens()
    let sessionId: string | undefined
    const scenarios: Array<string | null> = []
    for (const text of ['Find me a restaurant', 'In San Jose', '7:30 pm, the 5 of us']) {
      const response = await http(`${served.origin}/v1/turn`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(sessionId === undefined ? { text } : { sessionId, text }),
      })
      expect(response.status).toBe(200)
      sessionId = ((await response.json()) as { sessionId: string }).sessionId
      // Where the conversation is, as the API reports the session.
      const snapshot = (await (await http(`${served.origin}/v1/sessions/${sessionId}`)).json()) as {
        state: { navigation: { scenario: string | null } }
      }
      scenarios.push(snapshot.state.navigation.scenario)
    }
    expect(scenarios).toEqual(['find-restaurant', 'find-restaurant', 'book-table'])
  })
})
