import { describe, expect, it } from 'vitest'
import type { LanguageModel } from '../llm/types.ts'
import { restaurantTopics } from '../testing/restaurant-topics.ts'
import { createEngine } from './create-engine.ts'

/** Two car-rental scenarios under one topic, beside a weather scenario: the shape of a booking agent. */
const definition = {
  intents: [
    {
      id: 'search_cars',
      label: 'Search cars',
      description: 'Find rental cars available at a place and time',
      examples: [
        'Find me a rental car',
        'Which cars can I rent in Fresno?',
        'Search for a car to rent next week',
        'Look for an available car at the airport',
        'I need a car for the weekend, what do you have?',
      ],
    },
    {
      id: 'reserve_car',
      label: 'Reserve a car',
      description: 'Book the rental car the user picked',
      examples: [
        'Reserve this car for me',
        'Book the car please',
        'I want to book it',
        'Make the reservation for that car',
        'Go ahead and reserve it',
      ],
    },
    {
      id: 'weather',
      label: 'Weather',
      description: 'The weather forecast for a city',
      examples: [
        'What is the weather in Fresno?',
        'Will it rain tomorrow?',
        'How hot will it be this weekend?',
      ],
    },
  ],
  scenarios: [
    {
      id: 'search-cars',
      topic: 'cars',
      intents: ['search_cars'],
      steps: [{ id: 'search', required: [{ field: 'picked', question: 'Reserve the car then?' }] }],
    },
    {
      id: 'reserve-car',
      topic: 'cars',
      intents: ['reserve_car'],
      steps: [
        {
          id: 'confirm',
          required: [
            {
              field: 'confirmed',
              question: 'Please confirm the car we found in the search for you: is that right?',
            },
          ],
        },
      ],
    },
    { id: 'forecast', intents: ['weather'], steps: [{ id: 'city', required: ['city'] }] },
  ],
}

describe('routing within a topic, in a turn', () => {
  it('enters a topic the message is clear about without asking which of its scenarios', async () => {
    const engine = createEngine({ definition, ledger: false })
    const result = await engine.turn({ sessionId: 'a', text: "I'd like to rent a car" })
    expect(result.type).not.toBe('clarification')
    expect((await engine.getSession('a'))?.navigation.scenario).toMatch(/^(search-cars|reserve-car)$/)
  })

  it('a "yes" to the engine\'s proposal moves within the topic; a "yes" to its confirmation stays', async () => {
    const engine = createEngine({ definition, ledger: false })
    await engine.turn({ sessionId: 'b', text: 'Find me a rental car in Fresno' })
    expect((await engine.getSession('b'))?.navigation.scenario).toBe('search-cars')
    // The reply asked "Reserve the car then?": any question that is not a confirmation proposes.
    await engine.turn({ sessionId: 'b', text: 'Yes please' })
    expect((await engine.getSession('b'))?.navigation.scenario).toBe('reserve-car')
    // The reply asked to confirm the car "we found in the search": a yes confirms, it does not search again.
    await engine.turn({ sessionId: 'b', text: 'Yes, that is right' })
    expect((await engine.getSession('b'))?.navigation.scenario).toBe('reserve-car')
  })

  it('a "yes" to the engine\'s confirmation of details goes on to the action, not the search', async () => {
    const reply = { text: 'A car at the airport from March 9th to March 14th. Is that correct?' }
    const model = { generate: async () => reply } as unknown as LanguageModel
    const engine = createEngine({ definition, ledger: false, model, lane2: false, alignmentJudge: false })
    await engine.turn({ sessionId: 'y', text: 'Find me a rental car in Fresno' })
    await engine.turn({ sessionId: 'y', text: 'Pick it up at the airport on March 9th' })
    expect((await engine.getSession('y'))?.navigation.scenario).toBe('search-cars')
    await engine.turn({ sessionId: 'y', text: 'Yes, that is correct.' })
    expect((await engine.getSession('y'))?.navigation.scenario).toBe('reserve-car')
  })

  it('a "yes" to a confirmation lowers nothing that leaving the topic needs', async () => {
    const reply = { text: 'A car at the airport from March 9th to March 14th. Is that correct?' }
    const model = { generate: async () => reply } as unknown as LanguageModel
    const engine = createEngine({ definition, ledger: false, model, lane2: false, alignmentJudge: false })
    // A question that asks for nothing to be done needs answerStickiness more to leave, with a yes
    // to the confirmation before it or without (the yes had made it 2.5 nats: "How many days
    // will the transfer take?" went to a hotel on "days").
    for (const [sessionId, text] of [
      ['with', 'Correct. Will it rain or be hot there?'],
      ['without', 'Will it rain or be hot there?'],
    ] as const) {
      await engine.turn({ sessionId, text: 'Find me a rental car in Fresno' })
      await engine.turn({ sessionId, text: 'Pick it up at the airport on March 9th' })
      await engine.turn({ sessionId, text })
      expect((await engine.getSession(sessionId))?.navigation.scenario, text).not.toBe('forecast')
    }
  })

  it('leaves the topic on its own words, and a slot answer moves nowhere', async () => {
    const engine = createEngine({ definition, ledger: false })
    await engine.turn({ sessionId: 'c', text: 'Search for a car to rent' })
    await engine.turn({ sessionId: 'c', text: 'San Jose, on Friday evening' })
    expect((await engine.getSession('c'))?.navigation.scenario).toBe('search-cars')
    await engine.turn({ sessionId: 'c', text: 'What will the weather be like there, will it rain?' })
    expect((await engine.getSession('c'))?.navigation.scenario).toBe('forecast')
  })
})

describe("a yes to the engine's proposal, with thanks or said by echoing it", () => {
  /** The car search and reservation as steps that ask for nothing (the model's reply asks). */
  const asking = {
    ...definition,
    scenarios: definition.scenarios.map((scenario) => ({ ...scenario, steps: [{ id: 'main' }] })),
  }
  const yesAfter = (reply: string, text: string) =>
    afterModelReply(asking, reply, 'Find me a rental car in Fresno', text)

  it('takes the proposal ("Shall I book the car?" → "Yes, thank you"), not the thanks alone', async () => {
    for (const text of ['Yes, thank you', 'Yes please, thanks!', 'Sure, thanks.']) {
      const turn = await yesAfter('I found a Civic at the airport. Shall I book the car for you?', text)
      expect(turn.scenario, text).toBe('reserve-car')
      expect(turn.reason, text).not.toMatch(/only thanks/)
    }
  })

  it('takes a yes said by echoing the proposal ("I would.", "I do, please") as accepting it', async () => {
    for (const text of ['I would.', 'I do, please.', 'I sure do.', 'Could you do so please?']) {
      const turn = await yesAfter('I found a Civic at the airport. Would you like me to book the car?', text)
      expect(turn.scenario, text).toBe('reserve-car')
    }
  })

  it('still only thanks after a confirmation, or a proposal made on the way', async () => {
    const confirmed = await yesAfter(
      'A Civic at the airport on March 9th. Is that correct?',
      'Yes, thank you',
    )
    expect(confirmed).toMatchObject({ scenario: 'search-cars', reason: expect.stringMatching(/only thanks/) })
    const onTheWay = await yesAfter('I can book the car later. Anything else?', 'Yes, thank you')
    expect(onTheWay).toMatchObject({ scenario: 'search-cars', reason: expect.stringMatching(/only thanks/) })
  })
})

/**
 * The scenario and route reason after `text`, in a session that opened with `first` and whose
 * model (the engine's reply) always says `reply`.
 */
async function afterModelReply(
  definition: Parameters<typeof createEngine>[0]['definition'],
  reply: string,
  first: string,
  text: string,
) {
  const model = { generate: async () => ({ text: reply }) } as unknown as LanguageModel
  const engine = createEngine({ definition, ledger: false, model, lane2: false, alignmentJudge: false })
  await engine.turn({ sessionId: 'm', text: first })
  const turn = await engine.turn({ sessionId: 'm', text })
  return {
    scenario: (await engine.getSession('m'))?.navigation.scenario,
    reason: turn.provenance.route?.reason,
  }
}

describe('corrections and closings within a task, across a conversation', () => {
  it('a cue that changes a value ("actually, change that to …") or closes the task stays in it', async () => {
    const engine = createEngine({ definition, ledger: false })
    await engine.turn({ sessionId: 'k', text: 'Find me a rental car in Fresno' })
    await engine.turn({ sessionId: 'k', text: 'Yes please' })
    expect((await engine.getSession('k'))?.navigation.scenario).toBe('reserve-car')
    // "next week" is a date, and "actually … change that to" corrects it: neither is the weather's.
    await engine.turn({ sessionId: 'k', text: 'Actually, can you change that to Thursday next week?' })
    expect((await engine.getSession('k'))?.navigation.scenario).toBe('reserve-car')
    await engine.turn({ sessionId: 'k', text: "Cool, thanks. That's all, I don't need anything else." })
    expect((await engine.getSession('k'))?.navigation.scenario).toBe('reserve-car')
    // A real move still moves.
    await engine.turn({ sessionId: 'k', text: 'Actually, what is the weather in Fresno?' })
    expect((await engine.getSession('k'))?.navigation.scenario).toBe('forecast')
  })
})

describe('a correction of what the engine just asked, across a conversation', () => {
  async function afterConfirmation(text: string) {
    const engine = createEngine({ definition, ledger: false })
    await engine.turn({ sessionId: 'c', text: 'Find me a rental car in Fresno' })
    const asked = await engine.turn({ sessionId: 'c', text: 'Yes please' })
    const turn = await engine.turn({ sessionId: 'c', text })
    return {
      asked: asked.type === 'reply' ? asked.text : undefined,
      scenario: (await engine.getSession('c'))?.navigation.scenario,
      reason: turn.provenance.route?.reason,
    }
  }

  it('changes a value of the task: its switch cue lowers nothing, though its words lean elsewhere', async () => {
    // "hot" and "rain" are the weather's words (e^1.6 likelier): with the cue's discount they had
    // moved a correction of the pickup day to the forecast.
    for (const text of [
      'Sorry, could it be this weekend instead, when it is hot?',
      'Actually, it will be tomorrow, rain or not',
    ]) {
      const turn = await afterConfirmation(text)
      expect(turn.asked, text).toBe('Please confirm the car we found in the search for you: is that right?')
      expect(turn.scenario, text).toBe('reserve-car')
      expect(turn.reason, text).not.toMatch(/switch cue/)
    }
  })

  it('still moves on a cue with a question about something else, or a request of its own', async () => {
    for (const text of [
      'Actually, what is the weather in Fresno tomorrow?',
      'No, actually, will it rain tomorrow in Fresno?',
    ]) {
      const turn = await afterConfirmation(text)
      expect(turn.scenario, text).toBe('forecast')
      expect(turn.reason, text).toMatch(/lowered by a switch cue/)
    }
  })
})

describe('a question about the task at hand, within its topic, in a turn', () => {
  /** A bus search and a ticket purchase under one topic; only the search's examples say "leaving". */
  const buses = (answerStickiness?: number) => ({
    ...(answerStickiness === undefined ? {} : { settings: { answerStickiness } }),
    intents: [
      {
        id: 'find_bus',
        label: 'Find a bus',
        description: 'Find a bus journey between two cities',
        examples: [
          'Find me a bus to Fresno',
          'Is there a bus leaving tomorrow morning?',
          'Search for buses leaving Sacramento',
          'Which buses are leaving for Reno on Friday?',
          'Look for a bus to Reno',
        ],
      },
      {
        id: 'buy_bus',
        label: 'Buy bus tickets',
        description: 'Buy tickets for a bus journey',
        examples: [
          'Buy two bus tickets to Fresno',
          'I want to purchase a bus ticket',
          'Book me a seat on the bus',
          'Get me three tickets for that bus',
          'Reserve bus tickets for my family',
        ],
      },
    ],
    scenarios: [
      { id: 'find-bus', topic: 'buses', intents: ['find_bus'], steps: [{ id: 'search' }] },
      {
        id: 'buy-tickets',
        topic: 'buses',
        intents: ['buy_bus'],
        steps: [{ id: 'buy', required: [{ field: 'travelers', question: 'How many travelers?' }] }],
      },
    ],
  })
  const askAfterPurchase = async (text: string, answerStickiness?: number) => {
    const engine = createEngine({ definition: buses(answerStickiness), ledger: false })
    await engine.turn({ sessionId: 'q', text: 'I want to purchase bus tickets to Fresno' })
    const before = (await engine.getSession('q'))?.navigation.scenario
    const turn = await engine.turn({ sessionId: 'q', text })
    return {
      before,
      after: (await engine.getSession('q'))?.navigation.scenario,
      reason: turn.provenance.route?.reason,
    }
  }

  it('goes on with the purchase when the user asks where the bus leaves from', async () => {
    const asked = await askAfterPurchase('Which station is it leaving from?')
    expect(asked.before).toBe('buy-tickets')
    expect(asked.after).toBe('buy-tickets')
    expect(asked.reason).toMatch(/under the stickiness e\^1\.75, raised: it asks for nothing to be done/)
    // Without the raise one search word ("leaving") was enough to start a new search.
    expect((await askAfterPurchase('Which station is it leaving from?', 0)).after).toBe('find-bus')
  })

  it('reads "also" / "by the way" in a question about the item at hand as no switch cue', async () => {
    for (const text of [
      'Also, which station is it leaving from?',
      'Which station is it leaving from, by the way?',
      'One more thing, is the bus leaving from the main station?',
    ]) {
      const asked = await askAfterPurchase(text)
      expect(asked.after, text).toBe('buy-tickets')
      expect(asked.reason, text).not.toMatch(/switch cue/)
    }
    // "Also" before a request of its own is still a cue.
    const search = await askAfterPurchase('Also search for a bus leaving earlier')
    expect(search.after).toBe('find-bus')
    expect(search.reason).toMatch(/lowered by a switch cue/)
  })

  it('moves to the search when the user asks for one', async () => {
    const asked = await askAfterPurchase('Find me one leaving earlier')
    expect(asked.after).toBe('find-bus')
    expect(asked.reason).toMatch(/needed e\^0\.75\)/)
  })

  it('moves to the search when the user asks for another option, with no search verb', async () => {
    const asked = await askAfterPurchase('Are there any other buses?')
    expect(asked.before).toBe('buy-tickets')
    expect(asked.after).toBe('find-bus')
    // Another option is a request: within the topic it needs no raise.
    expect(asked.reason).toMatch(/needed e\^0\.75\)/)
  })
})

describe("slot values that tell a topic's scenarios apart, in a turn", () => {
  it('an answer with a time and a party size moves from the search to the booking; a city stays', async () => {
    const engine = createEngine({ definition: restaurantTopics, ledger: false })
    await engine.turn({ sessionId: 's', text: 'Find me a restaurant' })
    expect((await engine.getSession('s'))?.navigation.scenario).toBe('find-restaurant')
    await engine.turn({ sessionId: 's', text: 'In San Jose' })
    expect((await engine.getSession('s'))?.navigation.scenario).toBe('find-restaurant')
    const moved = await engine.turn({ sessionId: 's', text: '7:30 pm, the 5 of us' })
    expect((await engine.getSession('s'))?.navigation.scenario).toBe('book-table')
    expect(moved.provenance.route?.decision).toBe('switched')
    // The audit trail says what moved it: the values, not words.
    expect(moved.provenance.route?.reason).toMatch(
      /^the time or count given is e\^[\d.]+ times likelier under "book-table"/,
    )
  })

  it('a time or a count never pulls the user out of another topic', async () => {
    const engine = createEngine({ definition: restaurantTopics, ledger: false })
    await engine.turn({ sessionId: 't', text: 'What is the weather like, will it rain?' })
    const stayed = await engine.turn({ sessionId: 't', text: 'at 7 pm for 4' })
    expect((await engine.getSession('t'))?.navigation.scenario).toBe('forecast')
    expect(stayed.provenance.route?.decision).toBe('stayed')
  })
})

describe('a past search named in a request, in a turn', () => {
  it('"reserve the car you found" moves from the search to the booking', async () => {
    // "found" and "looked at" say what was done: only "reserve" and "book" say what is asked.
    for (const text of ['Please reserve the car you found', 'Book the one we looked at']) {
      const engine = createEngine({ definition, ledger: false })
      await engine.turn({ sessionId: 'p', text: 'Find me a rental car at the airport' })
      expect((await engine.getSession('p'))?.navigation.scenario).toBe('search-cars')
      const turn = await engine.turn({ sessionId: 'p', text })
      expect((await engine.getSession('p'))?.navigation.scenario, text).toBe('reserve-car')
      expect(turn.provenance.route?.reason, text).toMatch(/likelier under "reserve-car"/)
    }
  })
})

describe('returning to a topic the user has been in, in a turn', () => {
  const hotels = [
    'Find me a hotel',
    'Search for hotels in town',
    'I need a hotel room',
    'Look for a hotel please',
  ]
  const withReturn = (returnPreference?: number) => ({
    ...(returnPreference === undefined ? {} : { settings: { returnPreference } }),
    intents: [
      // The first hotel service: the same words, and rooms with a view the second one does not have.
      { id: 'hotel_a', label: 'Hotels', examples: [...hotels, 'A hotel room with a view'] },
      // The second hotel service: the same words, and an inn the first one does not have.
      { id: 'hotel_b', label: 'Hotels', examples: [...hotels, 'Find an inn for the night'] },
      {
        id: 'weather',
        label: 'Weather',
        description: 'The weather forecast for a city',
        examples: ['What is the weather there?', 'Will it rain tomorrow?', 'Weather forecast please'],
      },
    ],
    scenarios: [
      { id: 'hotel-a', topic: 'hotels-a', intents: ['hotel_a'], steps: [{ id: 'search' }] },
      { id: 'hotel-b', topic: 'hotels-b', intents: ['hotel_b'], steps: [{ id: 'search' }] },
      { id: 'forecast', intents: ['weather'], steps: [{ id: 'city' }] },
    ],
  })
  const conversation = async (returnPreference?: number) => {
    const engine = createEngine({ definition: withReturn(returnPreference), ledger: false })
    await engine.turn({ sessionId: 'r', text: 'Find an inn for the night' })
    const first = (await engine.getSession('r'))?.navigation.scenario
    await engine.turn({ sessionId: 'r', text: 'What is the weather forecast there, will it rain?' })
    const detour = (await engine.getSession('r'))?.navigation.scenario
    await engine.turn({ sessionId: 'r', text: 'Back to the hotel: a room with a view' })
    return { first, detour, back: (await engine.getSession('r'))?.navigation.scenario }
  }

  it('tells two alike-labelled services apart in a clarification, and a pick by its text reaches the one picked', async () => {
    const engine = createEngine({ definition: withReturn(), ledger: false })
    const asked = await engine.turn({ sessionId: 'c', text: 'hotel please' })
    expect(asked.type).toBe('clarification')
    if (asked.type !== 'clarification') return
    const labels = asked.clarification.options.map((option) => option.label)
    expect(labels).toEqual(expect.arrayContaining(['Hotels (hotels-a)', 'Hotels (hotels-b)']))
    expect(new Set(labels).size).toBe(labels.length)
    const second = asked.clarification.options.find((option) => option.id === 'hotel_b')!
    await engine.turn({ sessionId: 'c', text: second.value })
    expect((await engine.getSession('c'))?.navigation.scenario).toBe('hotel-b')
  })

  it('goes back to the hotel service the user searched, though the words lean a little to the other', async () => {
    expect(await conversation()).toEqual({ first: 'hotel-b', detour: 'forecast', back: 'hotel-b' })
  })

  it('takes settings.returnPreference from the definition (0: the paused topic has no edge, the words decide)', async () => {
    expect((await conversation(0)).back).toBe('hotel-a')
  })
})

describe("a name the engine's own reply offered, across a conversation", () => {
  /**
   * A film search beside a doctor's appointments: "book" is the appointments' word. A stickiness
   * of 1.5 (e^1.5) lets "book" alone (about e^2) leave the films.
   */
  const filmsAndDoctors = {
    settings: { stickiness: 1.5 },
    intents: [
      {
        id: 'find_film',
        label: 'Find films',
        description: 'Find films to watch by genre or actor',
        examples: ['Find me a drama to watch', 'I want to watch a comedy', 'Any films with Tom Hanks?'],
      },
      {
        id: 'appointment',
        label: 'Doctor appointments',
        description: 'Book an appointment with a doctor',
        examples: [
          'Book an appointment with my doctor',
          'I need to book a visit',
          'Book me a checkup',
          'Book a dentist for Friday',
          'Can you book my doctor?',
        ],
      },
    ],
    scenarios: [
      { id: 'films', intents: ['find_film'], steps: [{ id: 'find' }] },
      { id: 'doctor', intents: ['appointment'], steps: [{ id: 'book' }] },
    ],
  }

  const afterOffer = (text: string) =>
    afterModelReply(
      filmsAndDoctors,
      'I found one drama. What do you think of Green Book?',
      'Find me a drama to watch',
      text,
    )

  it('reads its capitalised mention as a pick of what was offered, not as the topic its words name', async () => {
    const picked = await afterOffer('Okay, Green Book sounds perfect to me.')
    expect(picked.scenario).toBe('films')
    expect(picked.reason).toMatch(/^stayed/)
    // The same words, not offered as a name, still speak for the appointment.
    const asked = await afterOffer('Okay, book sounds perfect to me, book me a checkup.')
    expect(asked.scenario).toBe('doctor')
  })
})

describe('"I\'m all set" at the end of a task, across a conversation', () => {
  /** The car rental beside alarms, whose examples say "set" (e^2.2 for the word alone, over a stickiness of 1.5). */
  const withAlarms = {
    ...definition,
    settings: { stickiness: 1.5 },
    intents: [
      ...definition.intents,
      {
        id: 'alarm',
        label: 'Alarms',
        description: 'Set an alarm on the phone',
        examples: [
          'Set an alarm for 7 am',
          'Set a new alarm',
          'I need an alarm set for tomorrow',
          'Set my alarm',
        ],
      },
    ],
    scenarios: [...definition.scenarios, { id: 'alarms', intents: ['alarm'], steps: [{ id: 'set' }] }],
  }

  it('is a closing, not a request to set an alarm; "set an alarm" still is one', async () => {
    const engine = createEngine({ definition: withAlarms, ledger: false })
    await engine.turn({ sessionId: 'a', text: 'Find me a rental car in Fresno' })
    for (const text of ["Thank you, I'm all set.", 'I think we are all set for now.']) {
      const turn = await engine.turn({ sessionId: 'a', text })
      expect((await engine.getSession('a'))?.navigation.scenario, text).toBe('search-cars')
      expect(turn.provenance.route?.reason, text).toMatch(
        /^stayed: (?:the message only thanks|no topic words)/,
      )
    }
    await engine.turn({ sessionId: 'a', text: 'Now set an alarm for 7 am please' })
    expect((await engine.getSession('a'))?.navigation.scenario).toBe('alarms')
  })
})
