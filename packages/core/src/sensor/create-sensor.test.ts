import { describe, expect, it } from 'vitest'
import { createIntentEvidence } from './create-intent-evidence.ts'
import { createSensor } from './create-sensor.ts'

const intents = [
  { id: 'refund', label: 'I want a refund', keywords: ['refund', 'money back'], examples: [] },
  { id: 'pricing', label: 'Prices and plans', keywords: ['price', 'plan'], examples: [] },
  { id: 'cancel', label: 'Cancel an order', keywords: ['cancel'], examples: [] },
]
const sensor = createSensor({ intents, now: () => Date.UTC(2026, 10, 21) })

describe('createSensor', () => {
  it('perceives intent, entities and a low ambiguity for a clear request', () => {
    const perception = sensor.senseSync('I want my money back for ORD-1001, it was $80')
    expect(perception).toMatchObject({ intent: 'refund', source: 'deterministic', topicShift: false })
    expect(perception.entities).toMatchObject({ order_id: 'ORD-1001', amount: 80, currency: 'USD' })
    expect(perception.ambiguity.score).toBeLessThan(0.5)
  })

  it('senses a long message on its start and its end, never from the middle of a number', () => {
    // Session 42's diff review: the end cut inside "7045 dollars" read a $45 refund (the cap would
    // have refused the $7045 asked for).
    const end = ' refund 7045 dollars for order ORD-1001'
    const suffix = end.slice(end.indexOf('45 dollars'))
    const text = `I want a refund. Here is the log: ${'lorem ipsum '.repeat(200)}${end} ${'x'.repeat(500 - suffix.length - 1)}`
    expect(text.slice(-500).startsWith('45 dollars')).toBe(true)
    const perception = sensor.senseSync(text)
    expect(perception.entities.amount).not.toBe(45)
    // An instruction at the end of a long message counts.
    const long = `${'lorem ipsum '.repeat(200)} please cancel it`
    expect(sensor.senseSync(long).intent).toBe('cancel')
  })

  it('scores a vague message as fully ambiguous', () => {
    const perception = sensor.senseSync('I have a problem')
    expect(perception.intent).toBe('unknown')
    expect(perception.ambiguity).toEqual({ score: 1, reason: 'no intent matched the message' })
  })

  it('scores two equally likely intents as ambiguous and names both', () => {
    const perception = sensor.senseSync('refund or cancel?')
    expect(perception.ambiguity.score).toBeGreaterThan(0.5)
    expect(perception.ambiguity.reason).toMatch(/"refund" and "cancel"|"cancel" and "refund"/)
  })

  it('resolves a pending clarification when the text picks an option', () => {
    const pendingOptions = [{ id: 'pricing', label: 'Prices and plans', value: 'Prices and plans' }]
    const perception = sensor.senseSync('prices and plans', { pendingOptions })
    expect(perception).toMatchObject({ intent: 'pricing', confidence: 1, ambiguity: { score: 0 } })
  })

  it('takes a keyword in its present forms ("cancelling", "refunds")', () => {
    expect(sensor.senseSync("I'm cancelling my order").intent).toBe('cancel')
    expect(sensor.senseSync('do you do refunds?').intent).toBe('refund')
  })

  it('reads a contracted "is" after a question word as written out, never a possessive', () => {
    const status = createSensor({
      intents: [
        { id: 'status', keywords: ['where is my refund'], examples: [] },
        { id: 'account', keywords: ['husband is'], examples: [] },
      ],
    })
    expect(status.senseSync("where's my refund?").intent).toBe('status')
    expect(status.senseSync('where’s my refund?').intent).toBe('status')
    expect(status.senseSync("my husband's account").intent).toBe('unknown')
    // Typed without the apostrophe (blind attack suite, session 70), and never a word of its own.
    expect(status.senseSync('wheres my refund').intent).toBe('status')
    expect(status.senseSync('my husbands account').intent).toBe('unknown')
  })

  it('reads "cancel my refund request" as calling the request off, not as cancelling an order', () => {
    const read = sensor.senseSync('cancel my refund request')
    expect(read.intent).not.toBe('cancel')
    expect(read.act).toBe('deny')
  })

  it('reads an id between two words as a value, and a clause of what the user will do before as when (rv58)', () => {
    const orders = createSensor({
      intents: [
        { id: 'status', label: 'Where is my order?', keywords: ['where is'], examples: [] },
        { id: 'cancel', label: 'Cancel an order', keywords: ['cancel'], examples: [] },
      ],
      entityPatterns: [{ name: 'order_id', pattern: /\bNW-\d{4,}\b/iu }],
    })
    // "where NW-3003 is" reads "where is" (rv58 16: the menu came).
    expect(orders.senseSync('could you please tell me where NW-3003 is').intent).toBe('status')
    // "before I cancel …," says when the question is asked (rv58 25: the cancellation was offered);
    // its facts are still read.
    const before = orders.senseSync('before i cancel NW-3003, where is it?')
    expect(before.intent).toBe('status')
    expect(before.entities.order_id).toBe('NW-3003')
    const cancelOf = (text: string) =>
      orders.senseSync(text).alternatives.find((entry) => entry.intent === 'cancel')?.confidence ?? 0
    expect(cancelOf('before i cancel NW-3003, where is it?')).toBeLessThan(
      cancelOf('cancel NW-3003, where is it?'),
    )
  })

  it('counts no keyword inside a clause that denies its request', () => {
    const perception = sensor.senseSync("I don't want a refund, I want to cancel")
    expect(perception.intent).toBe('cancel')
    const refund = perception.alternatives.find((entry) => entry.intent === 'refund')
    expect(refund?.confidence ?? 0).toBeLessThan(0.5)
  })

  it('counts no keyword a message takes back ("forget the refund, cancel it instead")', () => {
    expect(sensor.senseSync('ok forget the refund, cancel it instead').intent).toBe('cancel')
    expect(sensor.senseSync('scrap the refund, I want to cancel').intent).toBe('cancel')
    expect(sensor.senseSync('forget the cancellation, I just want a refund').intent).toBe('refund')
  })

  it('ends a denial at a dash or a colon ("not a refund question - where is my order?")', () => {
    const orders = createSensor({
      intents: [
        ...intents,
        {
          id: 'status',
          label: 'Where is my order?',
          keywords: ['where is my order', 'where is'],
          examples: [],
        },
      ],
    })
    for (const text of [
      'not a refund question - where is NW-3003?',
      'this is not a refund question: where is my order NW-3003?',
      'not a refund question \u2014 where is my order?',
      'not a refund question\u2013where is my order?',
    ]) {
      const perception = orders.senseSync(text)
      expect(perception.intent, text).toBe('status')
      expect(perception.ambiguity.score, text).toBeLessThan(0.5)
    }
    // A hyphen inside a word or an id is no clause break: "e-mail" and "NW-3003" stay whole.
    expect(orders.senseSync("I don't want a pre-paid refund").intent).toBe('unknown')
  })

  it('counts no word that only labels a value the message gives ("my card is 4111 …")', () => {
    const cards = createSensor({
      intents: [
        ...intents,
        { id: 'card', label: 'My card on file', keywords: ['my card', 'which card'], examples: [] },
      ],
    })
    const given = cards.senseSync('my card is 4111 1111 1111 1111, email ann@example.com')
    expect(given.intent).toBe('unknown')
    expect(given.entities.email).toBe('ann@example.com')
    // Asked about, the card is the topic: a question in the clause, or the clause going on.
    expect(cards.senseSync('which card is on file? 4111 1111 1111 1111').intent).toBe('card')
    expect(cards.senseSync('my card is 4111 1111 1111 1111 can you update it').intent).toBe('card')
  })

  it('reads a negation in a condition, or before a new request, as no denial', () => {
    expect(sensor.senseSync("if it doesn't come can I get a refund").intent).toBe('refund')
    expect(sensor.senseSync("I don't want a refund please just cancel it").intent).toBe('cancel')
  })

  it('reads a negated happening as a complaint about it, not a denial ("I have not received my refund")', () => {
    expect(sensor.senseSync('I have not received my refund yet').intent).toBe('refund')
    expect(sensor.senseSync("I still don't have my money back").intent).toBe('refund')
  })

  it('reads a question word with an intensifier as without it ("where the hell is my order")', () => {
    const orders = createSensor({
      intents: [
        ...intents,
        { id: 'status', label: 'Where is my order?', keywords: ['where is my order'], examples: [] },
      ],
    })
    for (const text of [
      'where the hell is my order NW-3003',
      'Where on earth is my order NW-3003?',
      'where the fuck is my order',
    ])
      expect(orders.senseSync(text).intent, text).toBe('status')
  })

  it('flags a deliberate topic change', () => {
    expect(sensor.senseSync('actually, I want to cancel instead').topicShift).toBe(true)
    expect(sensor.senseSync('I want to cancel').topicShift).toBe(false)
  })

  it('reads no topic change in a cue that corrects a value or asks for another option of the same request', () => {
    for (const text of [
      'Actually, can you change that to Thursday next week?',
      "I'm sorry, can you change the time to 13:00 instead?",
      'Actually make it 2 people',
      'Actually I think it is just me, so for 1 instead of 2',
      'No, find me something else.',
      'Is there anything else available in the area?',
    ])
      expect(sensor.senseSync(text).topicShift, text).toBe(false)
    for (const text of [
      'Actually, I want to cancel instead',
      'Can I ask something else?',
      'Something else: where is my order?',
    ])
      expect(sensor.senseSync(text).topicShift, text).toBe(true)
  })

  it('gives the classifier what follows an opening thank-you, whose words ask for nothing', () => {
    const read: string[] = []
    const classifier = {
      classify: (text: string) => {
        read.push(text)
        return { label: 'pricing', confidence: 0.9, alternatives: [] }
      },
    }
    const thanked = createSensor({ intents, classifier })
    thanked.senseSync('ok thanks when will i get it')
    thanked.senseSync('Thank you so much. How much is Plus?')
    thanked.senseSync('thanks')
    thanked.senseSync('ok')
    expect(read).toEqual(['when will i get it', 'How much is Plus?', 'thanks', 'ok'])
  })

  it('blends a trained classifier: the higher score wins', () => {
    const classifier = {
      classify: () => ({
        label: 'pricing',
        confidence: 0.9,
        alternatives: [{ label: 'refund', confidence: 0.05 }],
      }),
    }
    const blended = createSensor({ intents, classifier })
    expect(blended.senseSync('how expensive is the premium tier').intent).toBe('pricing')
    expect(blended.senseSync('a refund please').alternatives.slice(0, 2)).toEqual([
      { intent: 'pricing', confidence: 0.9 },
      { intent: 'refund', confidence: 0.7 },
    ])
  })

  it('keeps a classifier from putting a message in a topic the words do not support', () => {
    const topical = [
      {
        id: 'bus_find',
        examples: ['find me a bus to Fresno', 'is there a bus on Monday', 'search for a bus'],
        keywords: [],
      },
      {
        id: 'bus_buy',
        examples: ['buy bus tickets', 'book the bus for two', 'reserve seats on that bus'],
        keywords: [],
      },
      {
        id: 'event_buy',
        examples: ['get me tickets to the concert', 'two tickets for the game', 'tickets for the show'],
        keywords: [],
      },
      {
        id: 'hotel_find',
        examples: ['find a hotel in Denver', 'a room for two nights', 'any hotel with a pool'],
        keywords: [],
      },
      {
        id: 'weather',
        examples: ['will it rain tomorrow', 'what is the weather in Boston', 'is it sunny today'],
        keywords: [],
      },
    ]
    const topicOf = {
      bus_find: 'buses',
      bus_buy: 'buses',
      event_buy: 'events',
      hotel_find: 'hotels',
      weather: 'weather',
    }
    // A classifier that reads "get me … tickets" as a concert whatever else the message says.
    const classifier = {
      classify: () => ({
        label: 'event_buy',
        confidence: 0.9,
        alternatives: [{ label: 'bus_buy', confidence: 0.1 }],
      }),
    }
    const sensor = createSensor({
      intents: topical,
      classifier,
      evidence: createIntentEvidence({ intents: topical, topicOf }),
    })
    const bus = sensor.senseSync('get me on a bus to Fresno, is there one on Monday')
    expect(bus.intent).toBe('bus_find')
    expect(bus.alternatives.find((entry) => entry.intent === 'event_buy')?.confidence).toBeLessThan(0.5)
    // Where the words support the classifier's topic, its confidence counts in full.
    const concert = sensor.senseSync('get me tickets to the concert')
    expect(concert.intent).toBe('event_buy')
    expect(concert.confidence).toBeGreaterThanOrEqual(0.9)
    // Without topics (each intent its own), the classifier's confidence counts in full.
    const flat = createSensor({
      intents: topical,
      classifier,
      evidence: createIntentEvidence({ intents: topical }),
    })
    const unchanged = flat.senseSync('get me on a bus to Fresno, is there one on Monday').alternatives
    expect(unchanged.find((entry) => entry.intent === 'event_buy')?.confidence).toBeGreaterThanOrEqual(0.9)
  })

  it('ranks blended ties by the lexical score, then by definition order', () => {
    // The classifier lifts 'cancel' to the keyword score of 'refund' and 'pricing' to the same:
    // equal blended scores keep the lexical winner first, then the definition's order.
    const classifier = {
      classify: () => ({
        label: 'cancel',
        confidence: 0.7,
        alternatives: [
          { label: 'pricing', confidence: 0.7 },
          { label: 'refund', confidence: 0.1 },
        ],
      }),
    }
    const blended = createSensor({ intents, classifier })
    expect(blended.senseSync('a refund please').alternatives).toEqual([
      { intent: 'refund', confidence: 0.7 },
      { intent: 'pricing', confidence: 0.7 },
      { intent: 'cancel', confidence: 0.7 },
    ])
    expect(blended.senseSync('cancel it').alternatives.map((entry) => entry.intent)).toEqual([
      'cancel',
      'pricing',
      'refund',
    ])
  })

  it('refuses two intents with one id, naming where', () => {
    expect(() => createSensor({ intents: [...intents, { ...intents[0]!, keywords: ['money'] }] })).toThrow(
      expect.objectContaining({
        code: 'invalid-argument',
        issues: [{ path: 'intents[3].id', message: 'duplicate intent id' }],
      }),
    )
  })

  it('ranks a large definition the same way: score, then lexical score, then definition order', () => {
    const many = Array.from({ length: 150 }, (_, index) => ({
      id: `intent_${index}`,
      keywords: index % 3 === 0 ? ['shared'] : [`only${index}`],
      examples: [],
    }))
    const confidences = Array.from({ length: 150 }, (_, index) => (index % 7 === 0 ? 0.7 : index % 5) / 10)
    const classifier = {
      classify: () => ({ label: 'intent_0', confidence: confidences[0]!, alternatives: [] }),
      labels: many.map((intent) => intent.id),
      confidences: () => confidences,
    }
    const ranked = createSensor({ intents: many, classifier }).senseSync('shared').alternatives
    const lexical = (id: string) => (Number(id.slice(7)) % 3 === 0 ? 0.7 : 0)
    const expected = [...many]
      .map((intent, index) => ({
        intent: intent.id,
        confidence: Math.max(lexical(intent.id), confidences[index]!),
      }))
      .sort(
        (left, right) => right.confidence - left.confidence || lexical(right.intent) - lexical(left.intent),
      )
    expect(ranked).toEqual(expected)
  })

  it("fills perception.goal with the goal parser's reading, parsed once, for readers, JSON and copies alike", () => {
    const parsed: string[] = []
    const goalParser = {
      parse: (text: string) => {
        parsed.push(text)
        return { goal: 'refund', text }
      },
    }
    const withGoal = createSensor({ intents, goalParser })
    const perception = withGoal.senseSync('refund ORD-1001')
    expect(Object.keys(perception)).toContain('goal')
    expect(perception.goal).toEqual({ goal: 'refund', text: 'refund ORD-1001' })
    expect(perception.goal).toBe(perception.goal)
    expect(JSON.parse(JSON.stringify(perception)).goal).toEqual({ goal: 'refund', text: 'refund ORD-1001' })
    expect({ ...withGoal.senseSync('refund again') }.goal).toEqual({ goal: 'refund', text: 'refund again' })
    expect(structuredClone(withGoal.senseSync('clone me')).goal).toEqual({ goal: 'refund', text: 'clone me' })
    expect(parsed).toEqual(['refund ORD-1001', 'refund again', 'clone me'])
    const replaced = withGoal.senseSync('replace')
    replaced.goal = 'set by hand'
    expect(replaced.goal).toBe('set by hand')
    expect(parsed).toHaveLength(3)
  })
})
