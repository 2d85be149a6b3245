import { describe, expect, it } from 'vitest'
import { cloneStoredValue } from '../ledger/clone-stored-value.ts'
import { createIntentEvidence, intentEvidenceArrays } from './create-intent-evidence.ts'

const intents = [
  {
    id: 'find_bus',
    description: 'Find a bus journey between two cities',
    examples: [
      'Find me a bus to Fresno',
      'Are there buses from Sacramento tomorrow?',
      'Look for a bus on March 5th',
    ],
    keywords: [],
  },
  {
    id: 'buy_bus',
    description: 'Buy tickets for a bus journey',
    examples: [
      'Book the bus for two',
      'I want to reserve bus tickets',
      'Please book a bus ticket to San Diego',
    ],
    keywords: [],
  },
  {
    id: 'find_hotel',
    description: 'Find a hotel in a city',
    examples: ['Find me a hotel in Fresno', 'Look for a hotel with a pool', 'Any hotels in San Diego?'],
    keywords: [],
  },
  {
    id: 'book_hotel',
    description: 'Reserve rooms at a hotel',
    examples: ['Book a hotel room', 'I want to reserve two rooms', 'Please book the hotel for Friday'],
    keywords: [],
  },
]
const topicOf = { find_bus: 'buses', buy_bus: 'buses', find_hotel: 'hotels', book_hotel: 'hotels' }
const model = createIntentEvidence({ intents, topicOf })
const best = (record: Record<string, number>) => Object.entries(record).sort((a, b) => b[1] - a[1])[0]![0]

describe('createIntentEvidence', () => {
  it('reads the topic from what the message is about and the intent from what is asked of it', () => {
    const evidence = model.measure('Can you book the bus?')
    expect(best(evidence.topics)).toBe('buses')
    expect(evidence.withinTopic.buy_bus).toBeGreaterThan(evidence.withinTopic.find_bus!)
    expect(best(evidence.logLikelihoods)).toBe('buy_bus')
    expect(best(model.measure('find a hotel please').logLikelihoods)).toBe('find_hotel')
  })

  it('keeps the levels apart: the combined evidence is the topic plus the intent within it', () => {
    const evidence = model.measure('reserve a hotel room')
    for (const [intent, topic] of Object.entries(topicOf))
      expect(evidence.logLikelihoods[intent]).toBeCloseTo(
        evidence.topics[topic]! + evidence.withinTopic[intent]!,
        9,
      )
  })

  it('never counts slot values: names the examples capitalise, dates, times of day, number words', () => {
    // "Fresno", "Sacramento" and "San Diego" appear in bus and hotel examples alike, "March" in one only.
    for (const text of [
      'Fresno',
      'from San Diego',
      'on the fifth of March',
      'Friday evening, two people',
      'fresno',
      // The "th" of "11th" is a word of letters; dates are answers, not topics.
      'the 11th of this month',
      'Monday next week at 8 am',
    ])
      expect(model.measure(text).words).toBe(0)
    // A capitalised word the examples never wrote in lower case is a name too ("Kittea Cat").
    expect(model.measure('Try Kittea Cat').words).toBe(0)
  })

  it('reads no topic in the words before a name\'s last one, nor in "next" of a date', () => {
    // "new" and "next" are an alarm's words here; "New York" is a place and "next Friday" a date.
    const alarms = createIntentEvidence({
      intents: [
        ...intents,
        {
          id: 'add_alarm',
          description: 'Set a new alarm',
          examples: ['Add a new alarm', 'Set a new alarm for the next hour', 'I need a new alarm'],
          keywords: [],
        },
      ],
      topicOf,
    })
    expect(alarms.measure('a new alarm').words).toBeGreaterThan(0)
    expect(best(alarms.measure('Find me a bus to New York').topics)).toBe('buses')
    expect(alarms.measure('from New York on Friday next week').words).toBe(0)
    // Written all in capitals word by word (Title Case), capitals mark no name: the words count.
    expect(alarms.measure('I Need A New Alarm').words).toBeGreaterThan(0)
  })

  it('reads "one way" / "one-way" of a ticket or a flight as one word, not two fillers', () => {
    const flights = createIntentEvidence({
      intents: [
        {
          id: 'one_way',
          description: 'Search for one way flights',
          examples: ['I need a one way flight to Denver', 'Find me a one-way ticket to Austin'],
          keywords: [],
        },
        {
          id: 'round_trip',
          description: 'Search for round trip flights',
          examples: ['I need a round trip flight to Denver', 'Find me a return ticket to Austin'],
          keywords: [],
        },
      ],
      topicOf: { one_way: 'flights', round_trip: 'flights' },
    })
    for (const text of ['can you look for a one-way flight for me?', 'I want a one way economy ticket']) {
      // "oneway" and the flight or ticket: two words, and the one-way search e^1 likelier.
      const { words, withinTopic } = flights.measure(text)
      expect(words).toBe(2)
      expect(withinTopic.one_way! - withinTopic.round_trip!).toBeGreaterThan(1)
    }
    // Not the filler phrases: "one way or another" and "one way to do it" say nothing of a flight.
    expect(flights.measure('one way or another').words).toBe(0)
    expect(flights.measure('is there one way to do it').words).toBe(0)
  })

  it('reads a task verb the examples do not use by its kind of action (book, purchase: a booking)', () => {
    // "purchase" and "rent" appear in no example; "reserve" and "book" do, in the booking intents.
    for (const text of ['I want to purchase a bus ride', 'rent me a bus']) {
      const evidence = model.measure(text)
      expect(evidence.withinTopic.buy_bus, text).toBeGreaterThan(evidence.withinTopic.find_bus!)
    }
    // "seek" appears in no example: a search, like "find" and "look for".
    const seek = model.measure('seek a hotel room')
    expect(seek.withinTopic.find_hotel).toBeGreaterThan(seek.withinTopic.book_hotel!)
    // What the action is about stays the words' business: an action speaks within a topic only.
    const bare = model.measure('purchase')
    expect(bare.topics.buses).toBe(bare.topics.hotels)
    expect(bare.words).toBe(0)
    // "order" is not in the list: it is a thing as often as an action ("where is my order?").
    const order = model.measure('order a bus')
    expect(order.withinTopic.buy_bus).toBe(model.measure('a bus').withinTopic.buy_bus)
  })

  it('reads a search verb as what is to be done with a topic, never as which topic', () => {
    // The hotel examples happen to say "search", the movie examples "find": "search for movies"
    // is still about movies, and the verb still tells the search from the booking within a topic.
    const sources = [
      { id: 'find_movie', examples: ['Find me a movie', 'Find a good film to watch'], keywords: [] },
      { id: 'rent_movie', examples: ['Rent the movie', 'I want to rent a film'], keywords: [] },
      { id: 'find_hotel', examples: ['Search for a hotel', 'Search hotels in Fresno'], keywords: [] },
      { id: 'book_hotel', examples: ['Book the hotel', 'Reserve a hotel room'], keywords: [] },
    ]
    const grouped = createIntentEvidence({
      intents: sources,
      topicOf: { find_movie: 'movies', rent_movie: 'movies', find_hotel: 'hotels', book_hotel: 'hotels' },
    })
    const evidence = grouped.measure('search for movies')
    expect(best(evidence.topics)).toBe('movies')
    expect(best(evidence.logLikelihoods)).toBe('find_movie')
    const verb = grouped.measure('search')
    expect(verb.topics.movies).toBe(verb.topics.hotels)
    expect(verb.withinTopic.find_hotel).toBeGreaterThan(verb.withinTopic.book_hotel!)
    // Without topics each intent is a topic of its own, and the verb is all it has to go by.
    const flat = createIntentEvidence({ intents: sources }).measure('search')
    expect(best(flat.logLikelihoods)).toBe('find_hotel')
  })

  it('reads no evidence in a preference verb ("interested", "prefer", "love"): it says how, not what about', () => {
    const outings = createIntentEvidence({
      intents: [
        {
          id: 'events',
          examples: ["I'm interested in concerts", 'I would love to see a show', 'I prefer live music'],
          keywords: [],
        },
        { id: 'hotels', examples: ['Find me a hotel', 'Book a hotel room'], keywords: [] },
      ],
    })
    for (const text of ["I'm interested in a hotel", 'I would love a hotel', 'I prefer a hotel']) {
      const evidence = outings.measure(text)
      expect(evidence.words, text).toBe(1)
      expect(best(evidence.logLikelihoods), text).toBe('hotels')
    }
  })

  it('reads no evidence in the past form of a task verb ("the hotel you found", "the bus I booked")', () => {
    for (const [text, without] of [
      ['reserve the hotel you found', 'reserve the hotel'],
      ['the hotel we looked at, book it', 'the hotel, book it'],
      ['find the bus I booked', 'find the bus'],
    ] as const)
      expect(model.measure(text).logLikelihoods, text).toEqual(model.measure(without).logLikelihoods)
    const found = model.measure('reserve the hotel you found')
    expect(found.withinTopic.book_hotel).toBeGreaterThan(found.withinTopic.find_hotel!)
  })

  it('reads no evidence in thanks for what was done ("Thanks for getting the tickets. I need a cab")', () => {
    const outings = createIntentEvidence({
      intents: [
        {
          id: 'tickets',
          examples: ['Get me tickets for the game', 'Two tickets to the concert'],
          keywords: [],
        },
        { id: 'ride', examples: ['Call me a cab', 'I need a cab to the airport'], keywords: [] },
      ],
    })
    for (const [text, without] of [
      ['Thanks for getting the tickets. I need a cab to get there', 'I need a cab to get there'],
      ['Thank you so much for the tickets, I need a cab', 'I need a cab'],
      // The thanks ends where "and", "now" or "also" opens a request of its own: read to the end of
      // the sentence, the cab was thanked for and the message read as only thanks.
      ['Thanks for that and I also need a cab to get there', 'I also need a cab to get there'],
      ['Thanks for that now could you get me a cab there?', 'could you get me a cab there?'],
    ] as const) {
      expect(outings.measure(text).logLikelihoods, text).toEqual(outings.measure(without).logLikelihoods)
      expect(best(outings.measure(text).logLikelihoods), text).toBe('ride')
    }
    // What the thanks is for goes on over "and" before a thing, not a clause.
    expect(outings.measure('Thanks for getting the tickets and the cab').words).toBe(0)
  })

  it('reads that a message gives a quantity or a time as evidence within a topic, learned from the examples', () => {
    // "I want to reserve two rooms" gives a quantity; no text of the hotel search does. (The bus
    // search's description, "between two cities", gives one as much as "Book the bus for two".)
    const party = model.measure('for 3 of us')
    expect(party.values).toBe(1)
    expect(party.words).toBe(0)
    expect(party.withinTopic.book_hotel).toBeGreaterThan(party.withinTopic.find_hotel!)
    // A value kind says nothing about the topic.
    expect(party.topics.buses).toBe(party.topics.hotels)
    // No example gives a time: a time is no evidence here, and an ordinal day is a date, not a count.
    expect(model.measure('at 8:30 pm').values).toBe(0)
    expect(model.measure('on the 4th').values).toBe(0)
    const timed = createIntentEvidence({
      intents: [
        { id: 'list_alarms', examples: ['Show my alarms', 'Which alarms do I have?'], keywords: [] },
        {
          id: 'add_alarm',
          examples: ['Set an alarm for 7 am', 'Add an alarm at half past six'],
          keywords: [],
        },
      ],
      topicOf: { list_alarms: 'alarms', add_alarm: 'alarms' },
    })
    const answer = timed.measure('Give me 3:45 pm')
    expect(answer.values).toBe(1)
    expect(answer.withinTopic.add_alarm).toBeGreaterThan(answer.withinTopic.list_alarms!)
  })

  it('shrinks the evidence of a word the definition saw once', () => {
    const pool = model.measure('pool') // once, in a find_hotel example
    const hotel = model.measure('hotel') // in most hotel examples
    expect(pool.words).toBe(1)
    const lift = (evidence: typeof pool) => evidence.topics.hotels! - evidence.topics.buses!
    expect(lift(pool)).toBeGreaterThan(0)
    expect(lift(pool)).toBeLessThan(lift(hotel))
  })

  it('trusts a word one example used less within a topic than for the topic (withinReliability)', () => {
    // "tickets" is in one of buy_bus's texts: it says the message is about buses more surely than
    // that it asks to buy rather than to find.
    const within = (withinReliability?: number) => {
      const evidence = createIntentEvidence({
        intents,
        topicOf,
        ...(withinReliability === undefined ? {} : { withinReliability }),
      }).measure('tickets')
      return {
        lift: evidence.withinTopic.buy_bus! - evidence.withinTopic.find_bus!,
        topic: evidence.topics.buses! - evidence.topics.hotels!,
      }
    }
    const even = within(0.1)
    const fewer = within()
    expect(fewer.lift).toBeGreaterThan(0)
    expect(fewer.lift).toBeLessThan(even.lift)
    expect(fewer.topic).toBeCloseTo(even.topic, 9)
  })

  it('reads a word one letter off a known one as that word, when only one is that close', () => {
    const typo = model.measure('I need a hotle in Fresno, with a poool') // "pool" with a letter doubled
    expect(typo.words).toBe(1)
    expect(best(typo.topics)).toBe('hotels')
    expect(best(model.measure('Pleese find a hotell').logLikelihoods)).toBe('find_hotel')
    // Short words are too easily one letter off something else: "bud" is not read as "bus".
    expect(model.measure('bud').words).toBe(0)
  })

  it('never reads a word with another first letter as a typo ("cracked" is not "tracked")', () => {
    const tracking = createIntentEvidence({
      intents: [
        { id: 'order_status', examples: ['track my package', 'where is my order'], keywords: ['track'] },
        { id: 'refund', examples: ['I want a refund', 'refund my order'], keywords: ['refund'] },
      ],
    })
    // "crack" is one letter off "track", but a first letter is seldom the one mistyped, and a
    // word such as "crack", "pool" or "bold" is more likely a word of its own.
    expect(tracking.measure('the lid was cracked').words).toBe(0)
    expect(tracking.measure('please trakc my package').words).toBeGreaterThan(0)
    expect(best(tracking.measure('i want a refnud').logLikelihoods)).toBe('refund')
  })

  it('stays a number when an intent has no word to learn from (its examples are all names and dates)', () => {
    const sparse = createIntentEvidence({
      intents: [...intents, { id: 'dates_only', examples: ['Friday', 'March 5th'], keywords: [] }],
      topicOf,
    })
    for (const value of Object.values(sparse.measure('book the bus on Friday').logLikelihoods))
      expect(Number.isFinite(value)).toBe(true)
  })

  it('caps what one word can say, whatever the counts', () => {
    // A hundred intents, each with its own word in every example: uncapped, that word alone would
    // be about log(50) = 3.9 nats for its intent.
    const many = createIntentEvidence({
      intents: Array.from({ length: 100 }, (_, index) => {
        const word = `topicword${String.fromCharCode(97 + (index % 26))}${String.fromCharCode(97 + Math.floor(index / 26))}`
        return {
          id: `intent${index}`,
          examples: [`${word} please`, `about ${word}`, `the ${word} one`],
          keywords: [],
        }
      }),
    })
    const evidence = many.measure('topicwordaa')
    expect(evidence.words).toBe(1)
    expect(evidence.logLikelihoods.intent0).toBeGreaterThan(2)
    for (const value of Object.values(evidence.logLikelihoods))
      expect(Math.abs(value)).toBeLessThanOrEqual(2.5)
  })

  it('names the intent a negated clause speaks for ("not a hotel")', () => {
    expect(model.measure('this is not about a hotel, I need the bus').negatedIntent).toMatch(/hotel/)
    expect(model.measure("I don't want a hotel").negatedIntent).toMatch(/hotel/)
  })

  it('denies no request that the words it affirms ask for ("not the hotel near the airport, find me a hotel")', () => {
    // Blind attack suite, session 70: "I don't want to return it, I just want my money back" was
    // denied the refund it asked for in its next clause, and went unanswered.
    for (const text of [
      "I don't want the hotel near the airport, find me a hotel with a pool",
      'not a hotel with a gym, find a hotel with a pool in Fresno',
    ]) {
      const evidence = model.measure(text)
      expect(best(evidence.logLikelihoods), text).toBe('find_hotel')
      expect(evidence.negatedIntent, text).toBeUndefined()
    }
    // Affirmed words that speak for another request, or too little, leave the denial as it was.
    expect(model.measure("I don't want a hotel, I need the bus").negatedIntent).toMatch(/hotel/)
    expect(model.measure("I don't need a room by the airport, find me a hotel in Fresno").negatedIntent).toBe(
      'book_hotel',
    )
  })

  it('ends a negated clause at a dash or a colon ("not a hotel question - I need the bus")', () => {
    for (const text of [
      'not a hotel question - I need the bus',
      'this is not a hotel question: I need the bus',
      'not a hotel question \u2014 I need the bus',
    ]) {
      const evidence = model.measure(text)
      expect(evidence.negatedIntent, text).toMatch(/hotel/)
      expect(evidence.words, text).toBeGreaterThan(0)
    }
  })

  it('denies nothing for indifference to a value ("I don\'t care about the pool", "doesn\'t matter which hotel")', () => {
    for (const text of ["Yes, book it. I don't care about the hotel pool", "It doesn't matter which hotel"])
      expect(model.measure(text).negatedIntent, text).toBeUndefined()
  })

  it('reads "never" as a complaint about the thing, not a denial of it ("never got my hotel")', () => {
    expect(model.measure('I never got the hotel I booked').negatedIntent).toBeUndefined()
  })

  it('denies nothing for a negated slot value ("no pool", "without a pool")', () => {
    expect(model.measure('Find a hotel with no pool').negatedIntent).toBeUndefined()
    expect(model.measure('a hotel without a pool').negatedIntent).toBeUndefined()
  })

  it('treats an intent without a topic as a topic of its own', () => {
    const flat = createIntentEvidence({ intents })
    const evidence = flat.measure('book the bus')
    expect(Object.keys(evidence.topics).sort()).toEqual(intents.map((intent) => intent.id).sort())
    expect(Object.values(evidence.withinTopic).every((value) => value === 0)).toBe(true)
  })

  it('names the intent a text speaks for most and its lead, as measure ranks them', () => {
    for (const text of [
      'book the bus to Fresno',
      'find me a hotel with a pool',
      'reserve two rooms',
      'hello',
    ]) {
      const { logLikelihoods, words } = model.measure(text)
      const [first, second] = Object.values(logLikelihoods).sort((a, b) => b - a)
      expect(model.leader(text)).toEqual({ words, intent: best(logLikelihoods), lead: first! - second! })
    }
    expect(model.leader('book the bus').intent).toBe('buy_bus')
    const single = createIntentEvidence({ intents: intents.slice(0, 1) })
    expect(single.leader('find a bus').lead).toBe(Number.POSITIVE_INFINITY)
  })

  it('gives the router its arrays until the records are read, and every copy the records', () => {
    const evidence = model.measure('Please book the bus to Fresno')
    const arrays = intentEvidenceArrays(evidence)!
    expect(arrays.intents).toEqual(intents.map((intent) => intent.id))
    // A spread is another object: it is read through its records, never the arrays.
    expect(intentEvidenceArrays({ ...evidence })).toBeUndefined()
    // The records agree with the arrays they are built from...
    arrays.intents.forEach((id, index) => {
      expect(evidence.withinTopic[id]).toBe(arrays.within[index])
      expect(evidence.logLikelihoods[id]).toBe(
        arrays.topics[arrays.intentTopic[index]!]! + arrays.within[index]!,
      )
    })
    // ...and once read they may be changed, so the arrays are no longer handed out.
    expect(intentEvidenceArrays(evidence)).toBeUndefined()
    const records = {
      words: evidence.words,
      values: evidence.values,
      logLikelihoods: { ...evidence.logLikelihoods },
      topics: { ...evidence.topics },
      withinTopic: { ...evidence.withinTopic },
    }
    // A store's copy, a structured clone, JSON and a spread all carry the records.
    expect(cloneStoredValue(evidence)).toEqual(records)
    expect(structuredClone(evidence)).toEqual(records)
    expect(JSON.parse(JSON.stringify(evidence))).toEqual(records)
    expect({ ...evidence }.topics).toEqual(records.topics)
    evidence.topics = { buses: 1 }
    expect(evidence.topics).toEqual({ buses: 1 })
  })
})
