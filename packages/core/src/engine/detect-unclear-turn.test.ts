import { describe, expect, it } from 'vitest'
import type { CompiledEngine } from './compile-engine.ts'
import { deniedIds, idBreaks, requestBesideStatements, requestClauseOf } from './detect-unclear-turn.ts'

/** The demo's order ids, the only part of a compiled engine these readers use. */
const compiled = {
  entityPatterns: [{ name: 'order_id', pattern: /\bNW[- ]?0*([1-9]\d{3,})\b/iu, value: 'NW-$1' }],
} as unknown as CompiledEngine

describe('deniedIds', () => {
  it('sets aside an id the message keeps, leaves out, calls fine or says was done before (rv54 C)', () => {
    for (const [text, denied, instead] of [
      ['NW-1001 is fine. refund $20 on NW-1002.', 'NW-1001', 'NW-1002'],
      ["refund $20 on my order other than NW-1003, it's NW-1004", 'NW-1003', 'NW-1004'],
      ['I got a refund for NW-1005 last week. now NW-1006 needs $20 back', 'NW-1005', 'NW-1006'],
      ['keep NW-2002 but cancel NW-2003, it was $40', 'NW-2002', 'NW-2003'],
      ['cancel everything except NW-2005: NW-2006 ($40)', 'NW-2005', 'NW-2006'],
      ['not NW-1001 but NW-2002', 'NW-1001', 'NW-2002'],
    ] as const)
      expect(deniedIds(compiled, text), text).toEqual([{ name: 'order_id', denied, instead }])
  })

  it('takes the id picked by its place among the ids listed before it (rv54 F10)', () => {
    expect(
      deniedIds(compiled, 'I have two orders, NW-1001 and NW-1002. refund $20 on the second one'),
    ).toEqual([{ name: 'order_id', denied: 'NW-1001', instead: 'NW-1002' }])
    expect(deniedIds(compiled, 'NW-1001 and NW-1002, the first one please')).toEqual([
      { name: 'order_id', denied: 'NW-1002', instead: 'NW-1001' },
    ])
  })

  it('sets nothing aside in two requests or one id said plainly', () => {
    for (const text of [
      'cancel NW-2002 and refund $20 on NW-1001',
      'refund $20 on NW-1001',
      'NW-1001 is broken, refund $20',
      'the first one: NW-1001',
    ])
      expect(deniedIds(compiled, text), text).toEqual([])
  })
})

describe('idBreaks', () => {
  it('splits two requests, but not an id set aside or picked by its place', () => {
    expect(
      idBreaks(compiled, 'cancel NW-2002, and refund $20 on NW-1001').map((entry) => entry.second),
    ).toEqual(['NW-1001'])
    expect(idBreaks(compiled, 'keep NW-2002, and cancel NW-2003')).toEqual([])
    expect(idBreaks(compiled, 'I have NW-1001 and NW-1002, refund the second one')).toEqual([])
  })
})

describe('requestClauseOf', () => {
  it.each([
    ['my package NW-1001 is lost, I want a refund', 'I want a refund'],
    ["it's lost. refund it, $40", 'refund it'],
    ['the box came crushed; please cancel NW-2002', 'please cancel NW-2002'],
  ])('finds the one request in %j', (text, request) => {
    expect(requestClauseOf(text)).toBe(request)
  })

  it.each([
    // One clause: nothing to set apart.
    'I want a refund',
    // No clause asks for anything.
    'my package is lost, it never came',
    // Two requests: each is read on its own elsewhere.
    'cancel NW-2002, and I want a refund for NW-1001',
    // A question beside the request asks too ("do you have any?" is no story around a booking).
    "I'd like to rent a car for three days. Do you have any available?",
    'I want to rent a car, which I will need from March 4th',
  ])('finds none in %j', (text) => {
    expect(requestClauseOf(text)).toBeUndefined()
  })
})

describe('requestBesideStatements', () => {
  it.each([
    // Outside review rv58 3: the card's words took the message to the card on file.
    ['i want a refund. my email is ann@example.com and my card is 4111 1111 1111 1111', 'i want a refund'],
    ['cancel NW-2002, the total was $40', 'cancel NW-2002'],
  ])('finds the request beside what the customer says their things are in %j', (text, request) => {
    expect(requestBesideStatements(text)).toBe(request)
  })

  it.each([
    // Nothing says what a thing is.
    'i want a refund and where is my order?',
    // Two clauses ask.
    'refund NW-1001, and my card is 4111 1111 1111 1111, and cancel NW-2002',
    // A statement alone asks for nothing.
    'my card is 4111 1111 1111 1111',
  ])('finds none in %j', (text) => {
    expect(requestBesideStatements(text)).toBeUndefined()
  })
})
