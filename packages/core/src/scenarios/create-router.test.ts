import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type DefinitionScenario, scenarioSchema } from '../definition/definition-schema.ts'
import { createIntentEvidence, type IntentEvidence } from '../sensor/create-intent-evidence.ts'
import { createRouter } from './create-router.ts'
import type { NavigationState, RouteInput } from './types.ts'

const scenario = (input: Record<string, unknown>): DefinitionScenario => scenarioSchema.parse(input)

const scenarios = [
  scenario({
    id: 'refunds',
    intents: ['refund'],
    steps: [
      { id: 'verify', transitions: [{ to: 'request', condition: 'has(fields.email)' }] },
      { id: 'request', transitions: [{ to: 'verify', condition: 'has(fields.reset)' }] },
      { id: 'done', terminal: true },
    ],
    transitions: [{ to: 'done', intents: ['thanks'] }],
  }),
  scenario({ id: 'pricing', intents: ['pricing'], steps: [{ id: 'quote' }] }),
  scenario({ id: 'cancellation', intents: ['cancel'], steps: [{ id: 'request' }] }),
]
const inRefunds: NavigationState = { scenario: 'refunds', step: 'verify', transitionCounts: {} }

function input(scores: Record<string, number>, overrides: Partial<RouteInput> = {}): RouteInput {
  const alternatives = Object.entries(scores)
    .map(([intent, confidence]) => ({ intent, confidence }))
    .sort((left, right) => right.confidence - left.confidence)
  return {
    alternatives,
    intent: alternatives[0]?.intent ?? 'unknown',
    topicShift: false,
    variables: { fields: {} },
    ...overrides,
  }
}

describe('createRouter', () => {
  const router = createRouter({ scenarios })

  it('enters the best scenario above the entry threshold at its first step', () => {
    const decision = router.route(
      { scenario: null, step: null, transitionCounts: {} },
      input({ refund: 0.7 }),
    )
    expect(decision).toMatchObject({ scenario: 'refunds', step: 'verify', decision: 'entered' })
  })

  it('never enters a scenario whose request the message denies, whatever its score', () => {
    const denied = {
      words: 2,
      logLikelihoods: { refund: 0, pricing: 0, cancel: 0, thanks: 0 },
      topics: {},
      withinTopic: {},
      negatedIntent: 'refund',
    }
    const idle: NavigationState = { scenario: null, step: null, transitionCounts: {} }
    // A classifier still sure of "refund" ("I don't want a refund, what do plans cost?").
    const decision = router.route(idle, input({ refund: 0.9, pricing: 0.6 }, { evidence: denied }))
    expect(decision).toMatchObject({ scenario: 'pricing', decision: 'entered' })
    expect(decision.scores.find((score) => score.scenario === 'refunds')?.score).toBe(0)
  })

  /** Evidence as the sensor reports it: log-likelihoods per intent (only differences matter). */
  const evidence = (logLikelihoods: Record<string, number>, words = 2) => ({
    words,
    logLikelihoods: { refund: 0, pricing: 0, cancel: 0, thanks: 0, ...logLikelihoods },
    topics: {},
    withinTopic: {},
  })

  it('stays when another scenario explains the words less than the stickiness (drift to price)', () => {
    const decision = router.route(
      inRefunds,
      input({ pricing: 0.8 }, { evidence: evidence({ pricing: 2.5 }) }),
    )
    expect(decision).toMatchObject({ scenario: 'refunds', decision: 'stayed' })
    expect(decision.reason).toMatch(/under the stickiness/)
    expect(decision.scores.find((score) => score.scenario === 'refunds')).toMatchObject({ boosted: true })
  })

  it('switches when another scenario explains the words beyond the stickiness, pausing the current one', () => {
    const decision = router.route(inRefunds, input({ cancel: 0.7 }, { evidence: evidence({ cancel: 3.5 }) }))
    expect(decision).toMatchObject({
      scenario: 'cancellation',
      step: 'request',
      decision: 'switched',
      previousScenario: 'refunds',
    })
    expect(decision.state.paused).toEqual([{ scenario: 'refunds', step: 'verify' }])
  })

  it('lowers the stickiness for a switch cue and drops it for a negated current scenario', () => {
    expect(router.route(inRefunds, input({}, { evidence: evidence({ cancel: 2 }) })).decision).toBe('stayed')
    expect(
      router.route(inRefunds, input({}, { evidence: evidence({ cancel: 2 }), topicShift: true })).decision,
    ).toBe('switched')
    const negated = { ...evidence({ pricing: 0.5 }), negatedIntent: 'refund' }
    expect(router.route(inRefunds, input({}, { evidence: negated }))).toMatchObject({ scenario: 'pricing' })
  })

  describe('in two levels: a topic, then a scenario within it', () => {
    const grouped = createRouter({
      scenarios: [
        scenario({ id: 'find-bus', topic: 'buses', intents: ['find_bus'], steps: [{ id: 'search' }] }),
        scenario({ id: 'buy-bus', topic: 'buses', intents: ['buy_bus'], steps: [{ id: 'book' }] }),
        scenario({ id: 'find-hotel', topic: 'hotels', intents: ['find_hotel'], steps: [{ id: 'search' }] }),
        scenario({ id: 'book-hotel', topic: 'hotels', intents: ['book_hotel'], steps: [{ id: 'book' }] }),
      ],
    })
    const inFindBus: NavigationState = { scenario: 'find-bus', step: 'search', transitionCounts: {} }
    const twoLevel = (topics: Record<string, number>, withinTopic: Record<string, number>) => {
      const topicOf: Record<string, string> = {
        find_bus: 'buses',
        buy_bus: 'buses',
        find_hotel: 'hotels',
        book_hotel: 'hotels',
      }
      const logLikelihoods = Object.fromEntries(
        Object.entries(topicOf).map(([intent, topic]) => [
          intent,
          (topics[topic] ?? 0) + (withinTopic[intent] ?? 0),
        ]),
      )
      return { words: 2, logLikelihoods, topics, withinTopic }
    }

    it('moves within the topic on the words that tell its scenarios apart ("book it" while finding a bus)', () => {
      const decision = grouped.route(
        inFindBus,
        input({}, { evidence: twoLevel({ buses: 2, hotels: -1 }, { buy_bus: 1, find_bus: -0.2 }) }),
      )
      expect(decision).toMatchObject({ scenario: 'buy-bus', decision: 'switched' })
    })

    it('leaves the topic only on evidence beyond the stickiness, whatever the other level says', () => {
      // "book" speaks for booking a hotel within the hotel topic, but the words are about the bus.
      const booking = twoLevel({ buses: 2, hotels: 0.5 }, { buy_bus: 1.5, book_hotel: 2.5 })
      expect(grouped.route(inFindBus, input({}, { evidence: booking })).scenario).toBe('buy-bus')
      const hotel = twoLevel({ buses: 0, hotels: 2.5 }, { book_hotel: 1 })
      expect(grouped.route(inFindBus, input({}, { evidence: hotel })).scenario).toBe('find-bus')
    })

    it('needs answerStickiness more to leave the topic on one word that the current topic explains too', () => {
      // One word ("tickets", after a yes to a proposal) that speaks for the bus too, more for the hotel.
      const shared = twoLevel({ buses: 0.5, hotels: 3.6 }, { find_hotel: 0.5 })
      const decision = grouped.route(inFindBus, input({}, { evidence: { ...shared, words: 1 } }))
      expect(decision.scenario).toBe('find-bus')
      expect(decision.reason).toMatch(/raised: one word, which the current topic explains too/)
      // Two words of the hotel topic, or one the bus does not explain, leave on the stickiness alone.
      expect(grouped.route(inFindBus, input({}, { evidence: shared })).scenario).toBe('find-hotel')
      const own = twoLevel({ buses: -0.5, hotels: 2.6 }, { find_hotel: 0.5 })
      expect(grouped.route(inFindBus, input({}, { evidence: { ...own, words: 1 } })).scenario).toBe(
        'find-hotel',
      )
    })

    it("takes the other topic's best scenario once the topic clears the stickiness", () => {
      const hotel = twoLevel({ buses: -1, hotels: 2.5 }, { book_hotel: 1, find_hotel: -1 })
      expect(grouped.route(inFindBus, input({}, { evidence: hotel })).scenario).toBe('book-hotel')
    })

    it("picks the new topic's scenario by its own words, not by float noise in the shared topic value", () => {
      // 7.07 + 1.54 - 1.54 is 7.069999999999999 while 7.07 - 1.72 + 1.72 is 7.07: the topic
      // margins differ by 1e-15, which must not outrank the within-topic evidence.
      const hotel = twoLevel({ buses: 0, hotels: 7.07 }, { book_hotel: -1.72, find_hotel: 1.54 })
      expect(grouped.route(inFindBus, input({}, { evidence: hotel })).scenario).toBe('find-hotel')
    })
  })

  it('prefers, among topics that clear the stickiness, one the user has been in', () => {
    const hotels = createRouter({
      scenarios: [
        scenario({ id: 'weather', topic: 'weather', intents: ['weather'], steps: [{ id: 'city' }] }),
        scenario({ id: 'hotel-a', topic: 'hotels-a', intents: ['hotel_a'], steps: [{ id: 'book' }] }),
        scenario({ id: 'hotel-b', topic: 'hotels-b', intents: ['hotel_b'], steps: [{ id: 'book' }] }),
      ],
    })
    const topics = { weather: 0, 'hotels-a': 3.5, 'hotels-b': 3.2 }
    const evidence = {
      words: 2,
      logLikelihoods: { weather: 0, hotel_a: 3.5, hotel_b: 3.2 },
      topics,
      withinTopic: { weather: 0, hotel_a: 0, hotel_b: 0 },
    }
    const fresh: NavigationState = { scenario: 'weather', step: 'city', transitionCounts: {} }
    expect(hotels.route(fresh, input({}, { evidence })).scenario).toBe('hotel-a')
    const returning: NavigationState = { ...fresh, paused: [{ scenario: 'hotel-b', step: 'book' }] }
    expect(hotels.route(returning, input({}, { evidence }))).toMatchObject({
      scenario: 'hotel-b',
      decision: 'resumed',
    })
    // The preference never lowers the stickiness: a weak hotel message still stays.
    const weak = {
      ...evidence,
      topics: { weather: 0, 'hotels-a': 1, 'hotels-b': 2 },
      logLikelihoods: { weather: 0, hotel_a: 1, hotel_b: 2 },
    }
    expect(hotels.route(returning, input({}, { evidence: weak })).scenario).toBe('weather')
  })

  it('stays on a message with no topic words, however the classifier scored it', () => {
    const decision = router.route(inRefunds, input({ cancel: 0.99 }, { evidence: evidence({}, 0) }))
    expect(decision).toMatchObject({ scenario: 'refunds', decision: 'stayed' })
  })

  it('follows an accepted offer of the engine: "yes" after "shall I cancel it?"', () => {
    const offer = evidence({ cancel: 4 })
    const decision = router.route(inRefunds, input({}, { evidence: evidence({}, 0), offer }))
    expect(decision).toMatchObject({ scenario: 'cancellation', decision: 'switched' })
  })

  it('moves to another topic on an accepted proposal only when its own words say as much as one word of it', () => {
    // Six topics: one word that only one of them uses is worth about ln 6 ≈ 1.8 nats.
    const more = createRouter({
      scenarios: [
        ...scenarios,
        ...['weather', 'hotels', 'music'].map((id) =>
          scenario({ id, intents: [id], steps: [{ id: 'main' }] }),
        ),
      ],
    })
    const yes = { evidence: evidence({}, 0), offerProposal: true }
    // "Would you like to try 11 am instead?" → "Yes, okay": "try" leans to pricing, by less than a word of it.
    const retry = more.route(inRefunds, input({}, { ...yes, offer: evidence({ pricing: 1.5 }, 1) }))
    expect(retry).toMatchObject({ scenario: 'refunds', decision: 'stayed' })
    // The same lean as a switch cue of the user's own still moves (the stickiness less the cue).
    const cued = more.route(
      inRefunds,
      input({}, { evidence: evidence({ pricing: 1.5 }, 1), topicShift: true }),
    )
    expect(cued).toMatchObject({ scenario: 'pricing', decision: 'switched' })
    // "Shall I cancel the order instead?" → "Yes": the proposal's words are of the cancellation.
    const cancel = more.route(inRefunds, input({}, { ...yes, offer: evidence({ cancel: 2 }, 2) }))
    expect(cancel).toMatchObject({ scenario: 'cancellation', decision: 'switched' })
    expect(cancel.reason).toContain('lowered: the user accepted the proposal')
  })

  it('leaves the topic on a question for what there is as on a request, and keeps the task within it', () => {
    // "What hotels are around there?" asks for nothing to be done, but for a search: across
    // topics it needs the stickiness alone (not + answerStickiness).
    const asks = { requestsNothing: true, evidence: evidence({ pricing: 3 }) }
    expect(router.route(inRefunds, input({}, asks))).toMatchObject({
      scenario: 'refunds',
      decision: 'stayed',
    })
    expect(router.route(inRefunds, input({}, { ...asks, asksWhatThereIs: true }))).toMatchObject({
      scenario: 'pricing',
      decision: 'switched',
    })
    // Within a topic it still asks for nothing to be done: "is there a bus with four seats?" keeps
    // the search, though "seats" leans to the purchase.
    const topical = createRouter({
      scenarios: [
        scenario({ id: 'find-bus', topic: 'buses', intents: ['find'], steps: [{ id: 'main' }] }),
        scenario({ id: 'buy-bus', topic: 'buses', intents: ['buy'], steps: [{ id: 'main' }] }),
      ],
    })
    const searching: NavigationState = { scenario: 'find-bus', step: 'main', transitionCounts: {} }
    const lean = {
      words: 1,
      logLikelihoods: { find: 0, buy: 1.2 },
      topics: { buses: 0 },
      withinTopic: { find: 0, buy: 1.2 },
    }
    const decision = topical.route(
      searching,
      input({}, { requestsNothing: true, asksWhatThereIs: true, evidence: lean }),
    )
    expect(decision).toMatchObject({ scenario: 'find-bus', decision: 'stayed' })
  })

  it('resumes a paused scenario at its step instead of restarting it', () => {
    const away = router.route(inRefunds, input({}, { evidence: evidence({ pricing: 5 }) }))
    expect(away).toMatchObject({ scenario: 'pricing' })
    const back = router.route(away.state, input({}, { evidence: evidence({ refund: 5 }) }))
    expect(back).toMatchObject({ scenario: 'refunds', step: 'verify', decision: 'resumed' })
    expect(back.state.paused).toEqual([{ scenario: 'pricing', step: 'quote' }])
  })

  it('keeps an intent the current scenario answers as an aside', () => {
    const withAside = createRouter({ scenarios, asides: { refunds: ['pricing'] } })
    const decision = withAside.route(inRefunds, input({}, { evidence: evidence({ pricing: 8 }) }))
    expect(decision).toMatchObject({ scenario: 'refunds', decision: 'stayed' })
  })

  it('moves to an option the user chose from its own question, whatever the stickiness', () => {
    const sticky = createRouter({ scenarios, stickiness: 9, asides: { refunds: ['pricing'] } })
    // The words of "Cancel an order", chosen instead of going on, are far under e^9.
    const chosen = sticky.route(
      inRefunds,
      input({ cancel: 1 }, { evidence: evidence({ cancel: 3.9 }), chosen: 'cancel' }),
    )
    expect(chosen).toMatchObject({ scenario: 'cancellation', decision: 'switched' })
    expect(chosen.reason).toMatch(/chose it from the options asked/)
    // The same words not chosen stay; an aside chosen is still answered where the user is.
    expect(
      sticky.route(inRefunds, input({ cancel: 1 }, { evidence: evidence({ cancel: 3.9 }) })).decision,
    ).toBe('stayed')
    expect(
      sticky.route(
        inRefunds,
        input({ pricing: 1 }, { evidence: evidence({ pricing: 3 }), chosen: 'pricing' }),
      ),
    ).toMatchObject({ scenario: 'refunds', decision: 'stayed' })
  })

  it('takes step transitions before scenario transitions, and follows chains', () => {
    const decision = router.route(
      inRefunds,
      input({ thanks: 0.9 }, { variables: { fields: { email: 'a@b.co' } } }),
    )
    expect(decision.transitions).toEqual(['refunds:verify->request', 'refunds:request->done'])
    expect(decision.step).toBe('done')
  })

  it('stops and reports a loop when the same transition exceeds the loop guard', () => {
    const guarded = createRouter({ scenarios, loopGuard: 2 })
    const variables = { fields: { email: 'a@b.co', reset: true } }
    let state = inRefunds
    const taken: string[] = []
    let loop: { transition: string; count: number } | undefined
    for (let turn = 0; turn < 5 && loop === undefined; turn++) {
      const decision = guarded.route(state, input({}, { variables }))
      taken.push(...decision.transitions)
      loop = decision.loop
      state = decision.state
    }
    expect(loop?.count).toBe(2)
    expect(taken.filter((transition) => transition === loop?.transition)).toHaveLength(2)
  })

  it('exposes the stickiness as an option', () => {
    const loose = createRouter({ scenarios, stickiness: 1 })
    expect(loose.route(inRefunds, input({}, { evidence: evidence({ pricing: 1.5 }) })).decision).toBe(
      'switched',
    )
  })

  it('never leaves a scenario for one whose evidence lift is under the stickiness (property)', () => {
    const lift = fc.double({ min: -10, max: 10, noNaN: true })
    fc.assert(
      fc.property(
        fc.record({ refund: lift, pricing: lift, cancel: lift }),
        fc.boolean(),
        fc.double({ min: 0, max: 8, noNaN: true }),
        (logLikelihoods, topicShift, stickiness) => {
          const decision = createRouter({ scenarios, stickiness, switchCueDiscount: 1 }).route(
            inRefunds,
            input({}, { topicShift, evidence: evidence(logLikelihoods) }),
          )
          const needed = Math.max(0, stickiness - (topicShift ? 1 : 0))
          if (decision.scenario !== 'refunds') {
            const target = decision.scenario === 'pricing' ? 'pricing' : 'cancel'
            expect(logLikelihoods[target] - logLikelihoods.refund).toBeGreaterThan(needed)
          }
          if (Math.max(logLikelihoods.pricing, logLikelihoods.cancel) - logLikelihoods.refund <= needed)
            expect(decision.scenario).toBe('refunds')
        },
      ),
    )
  })
})

describe('createRouter with the evidence model', () => {
  const model = createIntentEvidence({
    intents: [
      { id: 'refund', examples: ['I want a refund', 'refund my order', 'money back please'], keywords: [] },
      { id: 'pricing', examples: ['what are your prices', 'how much is the plan'], keywords: [] },
      { id: 'cancel', examples: ['cancel my order', 'please cancel it'], keywords: [] },
      { id: 'thanks', examples: ['thanks'], keywords: [] },
    ],
  })
  const router = createRouter({ scenarios })
  const routeOn = (evidence: IntentEvidence) => router.route(inRefunds, input({}, { evidence })).scenario

  it('reads a measurement by its arrays, and a changed or copied one by its records', () => {
    const text = 'I want a refund for my order'
    expect(routeOn(model.measure(text))).toBe('refunds')
    const pushed = (evidence: IntentEvidence) => ({ ...evidence.logLikelihoods, cancel: 50 })
    // A spread with records of its own, records replaced, records changed in place: all move.
    const spread = model.measure(text)
    expect(routeOn({ ...spread, logLikelihoods: pushed(spread) })).toBe('cancellation')
    const replaced = model.measure(text)
    replaced.logLikelihoods = pushed(replaced)
    expect(routeOn(replaced)).toBe('cancellation')
    const changed = model.measure(text)
    changed.logLikelihoods.cancel = 50
    expect(routeOn(changed)).toBe('cancellation')
  })

  it('gives evidence no number can rank (NaN) no weight and no move', () => {
    const nan = {
      words: 2,
      logLikelihoods: { refund: 0, pricing: Number.NaN, cancel: 0.5, thanks: 0 },
      topics: {},
      withinTopic: {},
    }
    const decision = router.route(inRefunds, input({}, { evidence: nan }))
    expect(decision.scenario).toBe('refunds')
    const scores = Object.fromEntries(decision.scores.map((entry) => [entry.scenario, entry.score]))
    expect(scores.pricing).toBe(0)
    expect(scores.refunds! + scores.cancellation!).toBeCloseTo(1, 2)
  })
})
