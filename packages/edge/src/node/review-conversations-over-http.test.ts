/**
 * Conversations from an outside review of the demo agent (rv48c, issue 15), sent to `/v1/turn` of
 * the demo definition served on 127.0.0.1 with no model (the rules' approved replies), as the
 * review's scripts sent them: what the customer reads, and which tool ran on which order, turn by
 * turn. The same conversations run through the engine in the demo suite
 * (`examples/definitions/refund-support.conversations.yaml`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { converseOverHttp } from '../testing/converse-over-http.ts'
import { readRefundSupport } from '../testing/read-refund-support.ts'
import { type LoopbackFocal, serveOnLoopback } from '../testing/serve-on-loopback.ts'

/** What a `/v1/turn` answer says, as far as these conversations read it. */
interface Turn {
  type: string
  text?: string
  clarification?: { question: string; options: Array<{ label: string }> }
  provenance: {
    route?: { scenario: string | null }
    tools: Array<{ id: string; status: string }>
  }
}

let served: LoopbackFocal
beforeAll(async () => {
  served = await serveOnLoopback({ definition: readRefundSupport() })
})
afterAll(() => served.close())

/** The turns of one conversation over HTTP, each answer parsed. */
async function converse(...texts: string[]): Promise<Turn[]> {
  const { bodies } = await converseOverHttp(served.origin, texts)
  return bodies.map((body) => JSON.parse(body) as Turn)
}

/** The reply, or a clarification's question with its options' labels. */
const shown = (turn: Turn): string =>
  turn.clarification === undefined
    ? (turn.text ?? '')
    : [turn.clarification.question, ...turn.clarification.options.map((option) => option.label)].join(' | ')

/** The tools that ran this turn, as `tool:status`. */
const ran = (turn: Turn): string[] => turn.provenance.tools.map((tool) => `${tool.id}:${tool.status}`)

describe('the demo agent over HTTP: conversations of outside review rv48c', () => {
  it('D7: an order number given in place of an option is looked up, never cancelled', async () => {
    const [asked, answered] = await converse('I want to check on my order', 'NW-3003, it was $30')
    expect(asked?.type).toBe('clarification')
    expect(shown(answered!)).toBe('Order NW-3003 has shipped with UPS and should arrive Thursday.')
    expect(ran(answered!)).toEqual(['lookup_order:ran'])
  })

  // Refunds count per order across sessions (the demo's `shared` order id): each conversation
  // refunds orders of its own.
  it('D9: the facts of another refund right after one are that refund again, asked about or capped', async () => {
    const plus = await converse('refund $49 for NW-1101, ann@example.com', 'plus $49 for NW-1102')
    expect(ran(plus[0]!)).toEqual(['issue_refund:ran'])
    expect(shown(plus[1]!)).toBe('Shall I refund $49 for order NW-1102 now?')
    expect(ran(plus[1]!)).toEqual([])

    const another = await converse('refund $40 for NW-1201, ann@example.com', 'and another $40 for NW-1201')
    expect(ran(another[0]!)).toEqual(['issue_refund:ran'])
    expect(shown(another[1]!)).toContain(
      "I'm sorry, I can't refund $40 for order NW-1201 in chat: refunds are capped at $50 per order",
    )
    expect(ran(another[1]!)).toEqual(['issue_refund:blocked'])

    const counter = await converse('refund $30 for NW-1301, ann@example.com', 'what about 25?')
    expect(ran(counter[0]!)).toEqual(['issue_refund:ran'])
    expect(shown(counter[1]!)).toContain("I'm sorry, I can't refund $25 for order NW-1301 in chat")
    expect(ran(counter[1]!)).toEqual(['issue_refund:blocked'])
  })

  it('D12: a denial ends at a dash or a colon, and the question after it is answered', async () => {
    for (const text of [
      'not a refund question - where is NW-3003?',
      'this is not a refund question: where is my order NW-3003?',
    ]) {
      const [turn] = await converse(text)
      expect(shown(turn!), text).toBe('Order NW-3003 has shipped with UPS and should arrive Thursday.')
      expect(ran(turn!), text).toEqual(['lookup_order:ran'])
    }
  })

  it('D10: a card number pasted with the email the refund asked for stays in the refund', async () => {
    const [, pasted, asked, refunded] = await converse(
      'I want a refund',
      'my card is 4111 1111 1111 1111, email ann@example.com',
      'NW-1401, $20',
      'yes',
    )
    expect(shown(pasted!)).toBe(
      "Thanks, I've verified the account for ann@example.com. Please don't share full card numbers in chat; I've hidden it. I can't change the card on file here: you can update it under Account → Payment methods. A refund can only go back to the card on file, not to a card number given in chat. Which order is it (for example NW-1001), and how much should be refunded?",
    )
    expect(pasted?.provenance.route?.scenario).toBe('refunds')
    expect(ran(pasted!)).toEqual([])
    // A card typed in the refund has the refund asked about before it runs (outside review rv56 N11).
    expect(shown(asked!)).toContain('Shall I refund $20 for order NW-1401 now?')
    expect(ran(asked!)).toEqual([])
    expect(ran(refunded!)).toEqual(['issue_refund:ran'])
  })

  it('a number that counts days is no amount: "it\'s been 25 days" to "How much?" refunds nothing', async () => {
    const turns = await converse('I want a refund for NW-1501, ann@example.com', "it's been 25 days", '20')
    expect(shown(turns[0]!)).toContain('How much should be refunded?')
    expect(shown(turns[1]!)).toContain('How much should be refunded?')
    expect(ran(turns[1]!)).toEqual([])
    expect(shown(turns[2]!)).toContain("Done — I've refunded $20 for order NW-1501")
    expect(ran(turns[2]!)).toEqual(['issue_refund:ran'])
  })

  it('"then" with no comma joins two requests: each runs on its own order, the other is offered', async () => {
    const [asked] = await converse('my email is ann@example.com. refund $20 on NW-1601 then cancel NW-2602')
    expect(asked?.clarification?.question).toBe('You asked about two things. Which one should I do first?')
    expect(asked?.clarification?.options.map((option) => option.label)).toEqual([
      'I want a refund',
      'Cancel an order',
    ])
    const [first, second] = await converse(
      'ann@example.com, refund $20 on NW-1701 then $15 on NW-1702',
      'yes',
    )
    expect(shown(first!)).toContain("Done — I've refunded $20 for order NW-1701")
    expect(ran(first!)).toEqual(['issue_refund:ran'])
    expect(shown(second!)).toContain("Done — I've refunded $15 for order NW-1702")
  })

  it('a refund in euros is refused for its currency, never told of the dollar cap', async () => {
    const turns = await converse(
      'I want a refund for NW-1801, ann@example.com',
      '€1.000',
      'ok, a refund for NW-1801 then',
      '$20',
    )
    expect(turns[1]?.type).toBe('refused')
    expect(shown(turns[1]!)).toContain('in US dollars')
    expect(shown(turns[1]!)).not.toContain('capped at $50')
    expect(ran(turns[1]!)).toEqual(['issue_refund:blocked'])
    // The refused amount is no amount for the next request.
    expect(shown(turns[2]!)).toContain('How much should be refunded?')
    expect(ran(turns[3]!)).toEqual(['issue_refund:ran'])
    expect(shown(turns[3]!)).toContain('refunded $20 for order NW-1801')
    const [small] = await converse('refund €30 for NW-1802, my email is ann@example.com')
    expect(shown(small!)).toContain("I'm sorry, I can't refund €30 in chat: refunds here are in US dollars.")
  })
})

describe("the demo agent over HTTP: an order's cost and a refund in one message (rv48c D14)", () => {
  it("refunds the amount asked for, not the order's cost", async () => {
    const [turn] = await converse('the order NW-2101 cost $300, refund $20 of it, ann@example.com')
    expect(ran(turn!)).toEqual(['issue_refund:ran'])
    expect(shown(turn!)).toContain("Done — I've refunded $20 for order NW-2101")
  })
})

describe('the demo agent over HTTP: a customer who cannot give the order number (rv48c D14)', () => {
  it('is told how to find it, not "Sorry, I didn\'t catch that", and reaches a person when stuck', async () => {
    const turns = await converse(
      'where is my order?',
      "I don't know the order number",
      'no idea',
      "I can't find it",
      'I really dont have it',
    )
    expect(turns[1]?.type).toBe('reply')
    expect(shown(turns[1]!)).toContain('your order confirmation email has your order number')
    expect(shown(turns[1]!)).not.toContain("didn't catch that")
    expect(turns[4]?.type).toBe('handoff')
  })
})

describe('the demo agent over HTTP: a refund resumed after a detour (rv48c D13)', () => {
  it('refunds the amount given after the detour as it would have without it', async () => {
    const turns = await converse(
      'I want a refund for NW-2001',
      'ann@example.com',
      'wait, where is my order NW-3003?',
      'ok back to the refund',
      '20 dollars',
    )
    expect(ran(turns[2]!)).toEqual(['lookup_order:ran'])
    expect(shown(turns[3]!)).toContain('How much should be refunded?')
    expect(ran(turns[4]!)).toEqual(['issue_refund:ran'])
    expect(shown(turns[4]!)).toContain("Done — I've refunded $20 for order NW-2001")
  })
})

describe('a stickier demo agent over HTTP: an option chosen from its own question', () => {
  // The demo definition with `stickiness: 9`: a refund asked for inside the cancellation falls short
  // of leaving it, and the engine asks ("Go on with order cancellation" first).
  let sticky: LoopbackFocal
  beforeAll(async () => {
    const definition = readRefundSupport().replace('\n  stickiness: 3\n', '\n  stickiness: 9\n')
    expect(definition).toContain('stickiness: 9')
    sticky = await serveOnLoopback({ definition })
  })
  afterAll(() => sticky.close())

  it('moves to the refund chosen, and never cancels the order given for it', async () => {
    const { bodies } = await converseOverHttp(sticky.origin, [
      'I want to cancel an order',
      'I want a refund of $20 for order NW-1901, my email is ann@example.com',
      'I want a refund',
      'NW-1901, $20',
    ])
    const [, asked, chosen, refunded] = bodies.map((body) => JSON.parse(body) as Turn)
    expect(asked?.clarification?.options.map((option) => option.label)).toEqual(
      expect.arrayContaining(['Go on with order cancellation', 'I want a refund']),
    )
    expect(chosen?.provenance.route?.scenario).toBe('refunds')
    expect(ran(refunded!)).toEqual(['issue_refund:ran'])
    expect(shown(refunded!)).toContain("Done — I've refunded $20 for order NW-1901")
  })
})
