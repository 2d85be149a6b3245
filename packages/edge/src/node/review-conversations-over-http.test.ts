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
    tools: Array<{ id: string; status: string; args?: Record<string, unknown> }>
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

  it('D9: the facts of another refund right after one are that refund again, asked about or capped', async () => {
    const plus = await converse('refund $49 for NW-1001, ann@example.com', 'plus $49 for NW-1002')
    expect(ran(plus[0]!)).toEqual(['issue_refund:ran'])
    expect(shown(plus[1]!)).toBe('Shall I refund $49 for order NW-1002 now?')
    expect(ran(plus[1]!)).toEqual([])

    const another = await converse('refund $40 for NW-1001, ann@example.com', 'and another $40 for NW-1001')
    expect(shown(another[1]!)).toContain(
      "I'm sorry, I can't refund $40 for order NW-1001 in chat: refunds are capped at $50 per order",
    )
    expect(ran(another[1]!)).toEqual(['issue_refund:blocked'])

    const counter = await converse('refund $30 for NW-1001, ann@example.com', 'what about 25?')
    expect(shown(counter[1]!)).toContain("I'm sorry, I can't refund $25 for order NW-1001 in chat")
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
})
