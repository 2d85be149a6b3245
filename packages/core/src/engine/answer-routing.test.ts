import { describe, expect, it } from 'vitest'
import type { Perception } from '../sensor/types.ts'
import { createEngine } from './create-engine.ts'

/** A bus agent beside a restaurant agent; the bus trip asks where the user leaves from. */
const busAndDining = (answerStickiness?: number, question = 'Where are you leaving from, and when?') => ({
  ...(answerStickiness === undefined ? {} : { settings: { answerStickiness } }),
  intents: [
    {
      id: 'bus',
      label: 'Bus tickets',
      description: 'Find and book a bus journey between two cities',
      examples: [
        'Find me a bus to Fresno',
        'I need bus tickets to Los Angeles',
        'Book a bus ride for two',
        'Is there a bus leaving tomorrow morning?',
        'Get me a coach ticket to Reno',
      ],
    },
    {
      id: 'restaurant',
      label: 'Restaurants',
      description: 'Find a restaurant and reserve a table',
      examples: [
        'Find me a restaurant for dinner',
        'Book a table at an Italian place',
        'I want to eat sushi tonight',
        'Reserve a table for four at a restaurant',
        'Where can I get a good dinner downtown?',
      ],
    },
  ],
  scenarios: [
    {
      id: 'bus-trip',
      intents: ['bus'],
      steps: [{ id: 'route', required: [{ field: 'origin', question }] }],
    },
    { id: 'dining', intents: ['restaurant'], steps: [{ id: 'find' }] },
  ],
})

async function afterTheQuestion(text: string, answerStickiness?: number, question?: string) {
  const engine = createEngine({ definition: busAndDining(answerStickiness, question), ledger: false })
  const first = await engine.turn({ sessionId: 'trip', text: 'I need bus tickets to Los Angeles' })
  const answer = await engine.turn({ sessionId: 'trip', text })
  return {
    asked: first.type === 'reply' ? first.text : undefined,
    scenario: (await engine.getSession('trip'))?.navigation.scenario,
    reason: answer.provenance.route?.reason,
  }
}

describe("an answer to the engine's own question, across a conversation", () => {
  // Four dining words (about e^2.8 likelier under dining) in an answer to "Where are you leaving from?".
  const answer = 'From the Italian restaurant, after dinner at our table'

  it('stays in the task that asked, though its words lean to another topic', async () => {
    const turn = await afterTheQuestion(answer)
    expect(turn.asked).toBe('Where are you leaving from, and when?')
    expect(turn.scenario).toBe('bus-trip')
    expect(turn.reason).toMatch(/under the stickiness e\^3\.5/)
  })

  it('takes settings.answerStickiness from the definition (0: the same answer leaves)', async () => {
    expect((await afterTheQuestion(answer, 0)).scenario).toBe('dining')
  })

  it('never holds a user who moves on with a switch cue or a request of their own', async () => {
    for (const text of [
      'Actually I want to book a table at an Italian restaurant',
      'Reserve a table at a restaurant',
      'I need a table at the Italian restaurant for dinner',
    ]) {
      const turn = await afterTheQuestion(text)
      expect(turn.scenario, text).toBe('dining')
      expect(turn.reason, text).not.toMatch(/raised/)
    }
  })

  it('takes a "yes" to an offer worded with a question word as accepting the offer', async () => {
    const offer = 'Would you like me to find a restaurant for dinner where you arrive?'
    const turn = await afterTheQuestion('Yes please', undefined, offer)
    expect(turn.asked).toBe(offer)
    expect(turn.scenario).toBe('dining')
  })

  it('reads "make it …" / "set it for …" as setting a value of the task at hand, not as a request', async () => {
    // The same dining words as `answer`, said as a change to the trip: it stays raised.
    for (const text of [
      'Make it from the Italian restaurant, after dinner at our table',
      'No, make that from the Italian restaurant, after dinner at our table',
      'Please set it for after dinner at our table, from the Italian restaurant',
    ]) {
      const turn = await afterTheQuestion(text)
      expect(turn.scenario, text).toBe('bus-trip')
      expect(turn.reason, text).toMatch(/raised: it answers the last question/)
    }
    // "Make that reservation …" names a task: a request of its own, which leaves as one.
    const request = await afterTheQuestion(
      'Make that reservation for a table at the Italian restaurant for dinner tonight',
    )
    expect(request.scenario).toBe('dining')
    expect(request.reason).toMatch(/needed e\^2\.5\)/)
  })

  it('reads a want of the user\'s own travel ("I want to leave from …") as an answer, not a request', async () => {
    for (const text of [
      'I want to leave from the Italian restaurant, after dinner at our table',
      "I'd like to depart from the Italian restaurant, after dinner at our table",
    ]) {
      const turn = await afterTheQuestion(text)
      expect(turn.scenario, text).toBe('bus-trip')
      expect(turn.reason, text).toMatch(/raised: it answers the last question/)
    }
    // A want that names a task is a request.
    const dinner = await afterTheQuestion('I want to book a table at the Italian restaurant for dinner')
    expect(dinner.scenario).toBe('dining')
  })

  it('never holds a user who asks something of their own instead of answering', async () => {
    const turn = await afterTheQuestion('Can we get a table at the Italian restaurant for dinner?')
    expect(turn.scenario).toBe('dining')
    expect(turn.reason).toMatch(/needed e\^2\.5\)/)
  })
})

describe('a message that asks for nothing to be done, across a conversation', () => {
  it('asks about the task at hand: leaving its topic needs answerStickiness more', async () => {
    // Dining words (e^3.1) in a question that books, finds and requests nothing.
    const turn = await afterTheQuestion('What does an Italian dinner at a restaurant table for four cost?')
    expect(turn.scenario).toBe('bus-trip')
    expect(turn.reason).toMatch(/under the stickiness e\^3\.5, raised: it asks for nothing to be done/)
    // The same words leave when the definition sets no raise.
    const unraised = await afterTheQuestion(
      'What does an Italian dinner at a restaurant table for four cost?',
      0,
    )
    expect(unraised.scenario).toBe('dining')
  })

  it('reads a request for a detail ("can I get the price …?", "I need their address") as asking for nothing', async () => {
    for (const text of [
      'Can I get the price of an Italian dinner at a restaurant table for four?',
      'I need the address of the Italian restaurant where we have dinner, a table for four',
    ]) {
      const turn = await afterTheQuestion(text)
      expect(turn.scenario, text).toBe('bus-trip')
      expect(turn.reason, text).toMatch(/raised: it asks for nothing to be done/)
    }
    // Asking for the task itself is still a request.
    const booked = await afterTheQuestion('Can I get an Italian dinner at a restaurant table for four?')
    expect(booked.scenario).toBe('dining')
  })

  it('still leaves when the words clearly name the other topic, or when the user asks for it', async () => {
    const strong = await afterTheQuestion(
      'Does the good Italian restaurant downtown have sushi for dinner and a table for four?',
    )
    expect(strong.scenario).toBe('dining')
    expect(strong.reason).toMatch(/needed e\^3\.5, raised: it asks for nothing to be done/)
    // A question for what there is asks for a search: across topics it needs what a request needs.
    const search = await afterTheQuestion(
      'Is there a good Italian restaurant downtown with sushi for dinner and a table for four?',
    )
    expect(search.scenario).toBe('dining')
    expect(search.reason).toMatch(/needed e\^2\.5\)/)
    const asked = await afterTheQuestion('Please book an Italian dinner at a restaurant table for four')
    expect(asked.scenario).toBe('dining')
    expect(asked.reason).toMatch(/needed e\^2\.5\)/)
  })
})

/** A hotel booking beside a bank: "check" is a bank word, and a hotel has a check-in. */
const hotelAndBank = (question: string) => ({
  intents: [
    {
      id: 'hotel',
      label: 'Hotel booking',
      description: 'Reserve rooms at a hotel',
      examples: [
        'Book a hotel room for Friday',
        'Reserve two rooms at the hotel',
        'I want to book a hotel in Fresno',
        'Please reserve the hotel for three nights',
      ],
    },
    {
      id: 'balance',
      label: 'Account balance',
      description: 'Check the balance of a bank account',
      examples: [
        'Check my balance',
        'Check my savings account',
        'How much is in my checking account?',
        'Can you check the balance of my account?',
      ],
    },
  ],
  scenarios: [
    {
      id: 'hotel-booking',
      intents: ['hotel'],
      steps: [{ id: 'dates', required: [{ field: 'checkIn', question }] }],
    },
    { id: 'bank-balance', intents: ['balance'], steps: [{ id: 'show' }] },
  ],
})

describe("a yes to the engine's own last question, across a conversation", () => {
  async function yesAfter(question: string, yes = 'Yes, it is.') {
    const engine = createEngine({ definition: hotelAndBank(question), ledger: false })
    const first = await engine.turn({ sessionId: 'stay', text: 'Book a hotel room for Friday' })
    await engine.turn({ sessionId: 'stay', text: yes })
    return {
      asked: first.type === 'reply' ? first.text : undefined,
      scenario: (await engine.getSession('stay'))?.navigation.scenario,
    }
  }

  it('goes on with the task when the question only checks a detail of it', async () => {
    // The question's one task word is a bank's ("check"): a yes confirms the check-in, it asks
    // for no balance. Only a proposal ("Shall I…", "Would you like me to…") counts as a switch cue.
    for (const question of [
      'Is that for a check in on March 4th?',
      'Does a check in on March 4th work for you?',
    ]) {
      const turn = await yesAfter(question)
      expect(turn.asked, question).toBe(question)
      expect(turn.scenario, question).toBe('hotel-booking')
    }
  })

  it('moves where a proposal of another task leads', async () => {
    const turn = await yesAfter('Would you like me to check your account balance first?', 'Yes please')
    expect(turn.scenario).toBe('bank-balance')
  })
})

/** Live events beside movies and the weather: "something fun tonight" could be any of the first two. */
const outings = {
  intents: [
    {
      id: 'events',
      label: 'Events',
      description: 'Find live events: concerts, games and shows',
      examples: [
        'Find me a concert this weekend',
        'Are there any baseball games tonight?',
        'I want to see a live show',
        'Find an outdoor concert',
        'What events are on in town?',
        'Any sports games nearby?',
        'Any outdoor festivals this weekend?',
      ],
    },
    {
      id: 'movies',
      label: 'Movies',
      description: 'Find a movie to watch at home',
      examples: [
        'Find me a movie to watch',
        'I want to watch a comedy film',
        'Any good movies with Tom Hanks?',
        'Suggest a drama to stream tonight',
        'What films can I watch at home?',
      ],
    },
    {
      id: 'weather',
      label: 'Weather',
      description: 'The weather forecast',
      examples: [
        'What is the weather tomorrow?',
        'Will it rain?',
        'How hot will it be?',
        'Is it good weather for an outdoor walk?',
      ],
    },
  ],
  scenarios: [
    { id: 'find-events', intents: ['events'], steps: [{ id: 'find' }] },
    { id: 'find-movies', intents: ['movies'], steps: [{ id: 'find' }] },
    { id: 'forecast', intents: ['weather'], steps: [{ id: 'city' }] },
  ],
}

/** A perception two intents share about equally: the ambiguity trap asks. */
function unclear(intents: readonly string[], entities: Perception['entities'] = {}): Perception {
  return {
    intent: intents[0]!,
    confidence: 0.45,
    alternatives: intents.map((intent) => ({ intent, confidence: 0.45 })),
    entities,
    ambiguity: { score: 1, reason: `"${intents[0]}" and "${intents[1]}" are about equally likely` },
    topicShift: false,
    source: 'deterministic',
  }
}

/** A perception clear about one intent. */
function clear(intent: string, entities: Perception['entities'] = {}): Perception {
  return {
    intent,
    confidence: 0.9,
    alternatives: [{ intent, confidence: 0.9 }],
    entities,
    ambiguity: { score: 0.1, reason: 'clear' },
    topicShift: false,
    source: 'deterministic',
  }
}

/** A sensor that answers from a script by text and records what it was asked to read. */
function scriptedSensor(sensed: string[], script: Record<string, Perception>) {
  const senseSync = (text: string): Perception => {
    sensed.push(text)
    const perception = script[text]
    if (perception === undefined) throw new Error(`no scripted perception for "${text}"`)
    return structuredClone(perception)
  }
  return { senseSync, sense: async (text: string) => senseSync(text) }
}

describe('a reply to a clarification, read with the message it clarifies', () => {
  it('enters what both messages say together instead of asking again', async () => {
    const engine = createEngine({ definition: outings, ledger: false })
    const vague = await engine.turn({ sessionId: 'night', text: 'Find me something fun to do tonight' })
    expect(vague.type).toBe('clarification')
    // "an outdoor one" alone is a concert or a walk in good weather; after "something fun to do
    // tonight" it is an event.
    const reply = await engine.turn({ sessionId: 'night', text: 'an outdoor one' })
    expect(reply.type).toBe('reply')
    expect((await engine.getSession('night'))?.navigation.scenario).toBe('find-events')
  })

  it('reads the same reply alone as unclear when nothing came before it', async () => {
    const engine = createEngine({ definition: outings, ledger: false })
    const alone = await engine.turn({ sessionId: 'fresh', text: 'an outdoor one' })
    expect(alone.type).toBe('clarification')
  })

  it('keeps the reply its own facts and records what it was read with (a scripted sensor)', async () => {
    const vague = 'Find me something fun to do for $50'
    const reply = 'an outdoor one, $20'
    const sensed: string[] = []
    const engine = createEngine({
      definition: outings,
      ledger: false,
      sensor: scriptedSensor(sensed, {
        [vague]: unclear(['events', 'movies'], { amount: 50, currency: 'USD' }),
        [reply]: unclear(['events', 'weather'], { amount: 20, currency: 'USD' }),
        [`${vague} ${reply}`]: clear('events', { amount: 50, currency: 'USD' }),
      }),
    })
    expect((await engine.turn({ sessionId: 'own', text: vague })).type).toBe('clarification')
    const answered = await engine.turn({ sessionId: 'own', text: reply })
    const session = await engine.getSession('own')
    expect(session?.navigation.scenario).toBe('find-events')
    // The joined text's first amount is the earlier $50; the answer's own $20 is what it says now.
    expect(session?.fields.amount).toBe(20)
    expect(answered.provenance.route?.reason).toContain(
      `read with the message the clarification asked about: "${vague}"`,
    )
    expect(sensed).toEqual([vague, reply, `${vague} ${reply}`])
  })

  it('never pays a second reading with a sensor that has no synchronous path (a model sensor)', async () => {
    const sensed: string[] = []
    const scripted = scriptedSensor(sensed, {
      'Find me something fun to do tonight': unclear(['events', 'movies']),
      'an outdoor one': unclear(['events', 'weather']),
    })
    const engine = createEngine({ definition: outings, ledger: false, sensor: { sense: scripted.sense } })
    await engine.turn({ sessionId: 'model', text: 'Find me something fun to do tonight' })
    expect((await engine.turn({ sessionId: 'model', text: 'an outdoor one' })).type).toBe('clarification')
    expect(sensed).toEqual(['Find me something fun to do tonight', 'an outdoor one'])
  })

  it('keeps the reply its own facts: an option it picks still wins', async () => {
    const engine = createEngine({ definition: outings, ledger: false })
    await engine.turn({ sessionId: 'pick', text: 'Find me something fun to do tonight' })
    await engine.turn({ sessionId: 'pick', text: 'Movies' })
    expect((await engine.getSession('pick'))?.navigation.scenario).toBe('find-movies')
  })
})
