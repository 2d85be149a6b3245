import { loadDefinition } from '@focal/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { restaurantTopics } from '../../../core/src/testing/restaurant-topics.ts'
import { converseOverHttp } from '../testing/converse-over-http.ts'
import { type LoopbackFocal, serveOnLoopback } from '../testing/serve-on-loopback.ts'

// The search's examples give no time and no party size, the booking's do: a user who answers
// with only those ("7:30 pm, the 5 of us") has moved on to booking; a city keeps the search.
const definition = loadDefinition(restaurantTopics)

let served: LoopbackFocal

beforeAll(async () => {
  served = await serveOnLoopback({ definition })
})

afterAll(async () => {
  await served?.close()
})

describe('routing by the values a user gives (Node server, no model)', () => {
  it('an answer of a time and a party size moves the conversation from the search to the booking', async () => {
    const scenarios: Array<string | null> = []
    await converseOverHttp(
      served.origin,
      ['Find me a restaurant', 'In San Jose', '7:30 pm, the 5 of us'],
      async ({ sessionId, http }) => {
        // Where the conversation is, as the API reports the session.
        const snapshot = (await (await http(`${served.origin}/v1/sessions/${sessionId}`)).json()) as {
          state: { navigation: { scenario: string | null } }
        }
        scenarios.push(snapshot.state.navigation.scenario)
      },
    )
    expect(scenarios).toEqual(['find-restaurant', 'find-restaurant', 'book-table'])
  })
})
