/**
 * A restaurant agent for tests of routing within a topic: a search and a booking under one
 * `topic`, beside a forecast of its own. The search's examples give no time and no party size,
 * the booking's do, so an answer of only those ("7:30 pm, the 5 of us") speaks for the booking.
 * Used by the engine's test and by the HTTP test of the same conversation.
 */
export const restaurantTopics = {
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
}
