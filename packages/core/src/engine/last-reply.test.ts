import { describe, expect, it } from 'vitest'
import { createIntentEvidence } from '../sensor/create-intent-evidence.ts'
import type { Perception } from '../sensor/types.ts'
import {
  type AcceptedOffer,
  acceptedOffer,
  answersQuestion,
  asksWhatIsThere,
  ellipsisOf,
  opensRequest,
  requestsNothing,
} from './last-reply.ts'
import { createInitialSessionState } from './session-state.ts'

const afterReply = (reply: string) => ({
  ...createInitialSessionState(),
  history: [
    { role: 'user' as const, content: 'I need bus tickets to Los Angeles' },
    { role: 'assistant' as const, content: reply },
  ],
})
const perception = (overrides: Partial<Perception> = {}): Perception => ({
  intent: 'bus',
  confidence: 0.9,
  alternatives: [],
  entities: {},
  ambiguity: { score: 0.1, reason: 'clear' },
  topicShift: false,
  source: 'deterministic',
  ...overrides,
})
const plain = { perception: perception(), offer: undefined, clarifying: false }
const offer: AcceptedOffer = {
  evidence: { words: 1, logLikelihoods: {}, topics: {}, withinTopic: {} },
  proposal: true,
}

describe('answersQuestion', () => {
  it.each([
    ['Where are you leaving from, and when?', true],
    ['Got it. How many tickets do you need?', true],
    ['What time would you like to leave?', true],
    ['How about the 5:30 pm bus?', false],
    ['Would you like me to find a restaurant for dinner where you arrive?', false],
    ['Is there anything else I can help you with?', false],
    ['Your tickets are booked.', false],
  ])('after "%s": %s', (reply, expected) => {
    expect(answersQuestion(afterReply(reply), 'From the Italian restaurant, after dinner', plain)).toBe(
      expected,
    )
  })

  it.each([
    'Where is my order NW-3003?',
    'can you find me a restaurant',
    'I want a table at the Italian restaurant',
    'Reserve a table at a restaurant',
    'please book a table instead',
    'It arrived broken. I want a refund.',
    'Thanks. Please book a table instead',
  ])('a message that asks or requests something of its own ("%s") is not only an answer', (text) => {
    expect(answersQuestion(afterReply('Where are you leaving from?'), text, plain)).toBe(false)
  })

  it('never holds a message with a switch cue, one that accepts an offer, or an answer to a clarification', () => {
    const state = afterReply('Where are you leaving from?')
    const text = 'From the Italian restaurant'
    expect(answersQuestion(state, text, { ...plain, perception: perception({ topicShift: true }) })).toBe(
      false,
    )
    expect(answersQuestion(state, text, { ...plain, offer })).toBe(false)
    expect(answersQuestion(state, text, { ...plain, clarifying: true })).toBe(false)
    expect(answersQuestion(createInitialSessionState(), text, plain)).toBe(false)
  })
})

describe('acceptedOffer', () => {
  const model = createIntentEvidence({
    intents: [
      { id: 'bus', examples: ['Book a bus to Fresno', 'I need bus tickets'], keywords: [] },
      { id: 'cab', examples: ['Call me a cab', 'I need a taxi to the station'], keywords: [] },
    ],
  })
  const yes = perception({ act: 'affirm' })

  it.each([
    ['Shall I book a cab to the station?', true],
    ['Are you interested in a cab to the station?', true],
    ['Would you like me to call a taxi?', true],
    ['I may book a cab to the station, if you want.', true],
    ['There is a 4 pm bus. I can call you a taxi to the station too.', true],
    ['Is the 4:30 pm bus to Fresno fine?', false],
  ])('after "%s", a yes accepts it (worded as a proposal: %s)', (reply, proposal) => {
    const accepted = acceptedOffer(model, afterReply(reply), yes)
    expect(accepted?.proposal).toBe(proposal)
    expect(accepted?.evidence.words).toBeGreaterThan(0)
  })

  it.each([
    'Please confirm: a bus to Fresno at 4:30 pm.',
    'There is a taxi at 4 pm. Would that one interest you?',
    'There is a taxi at 4 pm. Would you be interested in that one?',
    'The 4:30 pm bus is free. Does it work for you?',
    'Your taxi is booked.',
    "I can't find a taxi to the station.",
    'I could not find a taxi to the station.',
  ])('after "%s", a yes accepts no offer (a confirmation, a result found, no question)', (reply) => {
    expect(acceptedOffer(model, afterReply(reply), yes)).toBeUndefined()
  })

  it('reads only a yes', () => {
    expect(acceptedOffer(model, afterReply('Shall I book a cab?'), perception())).toBeUndefined()
  })

  it('takes a yes to a confirmation as accepting an action, within the topic, where the examples teach one', () => {
    const cars = createIntentEvidence({
      intents: [
        { id: 'search', examples: ['Find me a rental car', 'Look for a car in Fresno'], keywords: [] },
        { id: 'reserve', examples: ['Reserve this car', 'Book the car please'], keywords: [] },
        { id: 'weather', examples: ['Will it rain in Fresno?'], keywords: [] },
      ],
      topicOf: { search: 'cars', reserve: 'cars' },
    })
    const reply = 'A standard car from March 9th to March 14th, pick up at the airport. Is that correct?'
    const accepted = acceptedOffer(cars, afterReply(reply), yes)
    expect(accepted?.proposal).toBe(false)
    const within = accepted!.evidence.withinTopic
    expect(within.reserve!).toBeGreaterThan(within.search!)
    // No topic is spoken for: the action says what is to be done, not what about.
    expect(accepted!.evidence.words).toBe(0)
    expect(accepted!.evidence.topics).toEqual({})
    // A result found ("Does it work for you?") is only liked by a yes.
    expect(
      acceptedOffer(cars, afterReply('There is a car at 4 pm. Does it work for you?'), yes),
    ).toBeUndefined()
  })
})

describe('requestsNothing', () => {
  it('reads a question or remark about the task at hand as asking for nothing to be done', () => {
    for (const text of [
      "What's the price, and how long is the trip?",
      'Is it pet friendly?',
      'That is confirmed and also check with cost and timing details.',
      'Tell me the address.',
    ])
      expect(requestsNothing(text, plain), text).toBe(true)
  })

  it('reads a task verb, a want or a request marker anywhere as a request, as the opening pattern does', () => {
    for (const text of [
      'Okay, and cancel it too.',
      'Then change it to Friday.',
      'Fine, get a hotel for me.',
      'Yes. I need a cab to get there.',
      'Tickets please.',
      "Great, let's do it.",
      "I don't need anything else, but book me a cab.",
    ])
      expect(requestsNothing(text, plain), text).toBe(false)
  })

  it('reads a want denied about anything more as asking for nothing ("I don\'t need anything else")', () => {
    for (const text of [
      "Cool, thank you. That was all, I don't need anything else.",
      'We will not need anything more.',
    ])
      expect(requestsNothing(text, plain), text).toBe(true)
  })

  it('is never set with a switch cue, an accepted offer or a pending clarification', () => {
    const text = 'Is it pet friendly?'
    expect(requestsNothing(text, { ...plain, perception: perception({ topicShift: true }) })).toBe(false)
    expect(requestsNothing(text, { ...plain, clarifying: true })).toBe(false)
  })
})

describe('asksWhatIsThere', () => {
  it('reads a question for what there is as a search', () => {
    for (const text of [
      'What hotels are in that area?',
      'Great, what are some hotels near there?',
      'Are there any hotels in that area?',
      'Is there a fun museum nearby?',
      'Cool. Any hotels nearby?',
      'Great. What about a hotel there?',
    ])
      expect(asksWhatIsThere(text), text).toBe(true)
  })

  it('reads no question about the thing at hand as one', () => {
    for (const text of [
      'What is the address?',
      'How much does it cost per night?',
      'Is it pet friendly?',
      'What about on March 2nd?',
      'Does it have wifi?',
    ])
      expect(asksWhatIsThere(text), text).toBe(false)
  })
})

describe('ellipsisOf', () => {
  it('reads a noun phrase asked after a question of the user as the same question of it', () => {
    expect(ellipsisOf('and my refund?', 'where is my order NW-1001 now?')).toBe('where is my refund?')
    expect(ellipsisOf('And the weather in Fresno?', 'How is the weather in San Jose?')).toBe(
      'How is the weather in Fresno?',
    )
  })

  it('reads nothing into other messages, or after a message that asked nothing', () => {
    expect(ellipsisOf('and my refund?', 'refund $10 for NW-1001')).toBeUndefined()
    expect(ellipsisOf('and refund me $20', 'where is my order?')).toBeUndefined()
    expect(ellipsisOf('my refund?', 'where is my order?')).toBeUndefined()
    expect(ellipsisOf('and my refund?', undefined)).toBeUndefined()
    // "What's the status of NW-1001?" frames its noun in more words than a head can carry.
    expect(ellipsisOf('what about the other order?', "what's the status of NW-1001?")).toBeUndefined()
  })
})

describe('opensRequest', () => {
  it('reads a request after a denial clause and a comma as after a full stop (rv53 F15)', () => {
    for (const text of [
      "I'm not cancelling it, I want $20 back on it",
      "I'm not cancelling it. I want $20 back on it",
      "I don't want to cancel, please refund $20 instead",
    ])
      expect(opensRequest(text), text).toBe(true)
    // A denial alone, or a comma after no denial, opens no request.
    for (const text of ["I'm not cancelling it", "it arrived late, it's fine now", 'NW-1001, $20'])
      expect(opensRequest(text), text).toBe(false)
  })
})
