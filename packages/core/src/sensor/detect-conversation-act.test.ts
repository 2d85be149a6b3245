import { describe, expect, it } from 'vitest'
import {
  cancelsItAlone,
  cancelsThatAlone,
  detectConversationAct,
  withdrawsRequest,
  withRequestCalledOffAsNeverMind,
} from './detect-conversation-act.ts'

describe('detectConversationAct', () => {
  it('reads a yes said by echoing the question ("I would.", "I do, please") as an affirmation', () => {
    for (const text of [
      'I would.',
      'I do, please.',
      'I sure do.',
      'I sure would, yes.',
      'We will, thanks',
      'Could you do so please?',
      'Can you do that?',
      'That would be great, on the 13th of this month.',
      // Contracted (rv49: "I'd like that, thanks" was a thank-you).
      "I'd like that, thanks",
      'I’d love that',
    ])
      expect(detectConversationAct(text), text).toBe('affirm')
  })

  it('reads a yes typed in a hurry, or a thumbs-up alone, as an affirmation (rv54 S1)', () => {
    for (const text of ['ya go ahead', 'yea', 'y', 'yah sure', '👍', '👍🏽', '👌', '✅'])
      expect(detectConversationAct(text), text).toBe('affirm')
    for (const text of ['yards', '👎', '👍 but only $10 please', ''])
      expect(detectConversationAct(text), text).not.toBe('affirm')
  })

  it('reads no yes into a clause the auxiliary opens', () => {
    for (const text of [
      'I would like to book a table',
      'I am looking for a bus',
      'I do not want that',
      'I will be staying three days',
      'Could you do a search for hotels?',
      'That would be too expensive',
    ])
      expect(detectConversationAct(text), text).not.toBe('affirm')
  })
})

describe('withdrawsRequest', () => {
  it('reads a kept order, a stopped request and a bare change of mind as taking the request back (rv52 F10-F12, F25)', () => {
    for (const text of [
      "I changed my mind, I'll keep it",
      'I want to keep it actually',
      'actually keep the order',
      'changed my mind',
      "no wait, I don't want that anymore",
      'please withdraw the request',
      "please don't go through with it",
      'stop the cancellation please',
      'cancel the cancellation',
      'stop',
      'nvm',
      'abort, abort',
      'undo that',
      'cancel, I changed my mind',
    ])
      expect(withdrawsRequest(text), text).toBe(true)
  })

  it('reads a stop with "please" or a complaint about the help before or after it as taking back (rv53 F2, F8, F9)', () => {
    for (const text of [
      'stop it please',
      "stop it, you're wasting my time",
      "ugh stop, you're useless",
      'this is useless, stop',
      'stop wasting my time',
      "please stop, you're not helping",
      "stop it, you don't understand",
      "stop, this isn't helping",
      "stop. you're not listening to me",
    ])
      expect(withdrawsRequest(text), text).toBe(true)
    // A complaint alone, or a stop of something named, takes nothing back.
    for (const text of ["you're not helping", 'stop by the store', 'stop the car at 5'])
      expect(withdrawsRequest(text), text).toBe(false)
  })

  it('reads what the request rested on, said not to be so, as taking it back (rv53 F11)', () => {
    for (const text of [
      "oh wait, I wasn't charged twice after all, sorry",
      'it was not damaged after all',
      'never mind, false alarm',
      "turns out I wasn't overcharged",
      'it turned out the package was never lost',
    ])
      expect(withdrawsRequest(text), text).toBe(true)
    // "After all" without a negation, or a negation in another clause, keeps the request.
    for (const text of [
      'I do want a refund after all',
      "it wasn't delivered, so after all I want a refund",
      'turns out it arrived broken',
    ])
      expect(withdrawsRequest(text), text).toBe(false)
  })

  it('reads the request said to be unwanted, or the thing kept, as taking it back (rv54 F1-F3)', () => {
    for (const text of [
      'I decided to keep it',
      "I'm gonna keep the package",
      'disregard that',
      'ignore my last message',
      'scrap that',
      'drop it',
      'the item works fine now so forget this',
      "don't cancel NW-2002",
      "don't cancel my order",
      "I don't want to cancel it anymore",
      "I don't want a refund anymore",
      'it just arrived, so no need to cancel anymore',
      'no cancellation needed',
      'no longer needed, thanks',
      "I'm not cancelling after all",
    ])
      expect(withdrawsRequest(text), text).toBe(true)
    for (const text of [
      "don't keep it",
      'leave it at the door',
      "I'll drop it off on the 7th of March",
      'Let it be a 12:30 in the afternoon reservation, please.',
      'keep it under $50',
    ])
      expect(withdrawsRequest(text), text).toBe(false)
  })

  it('takes nothing back from a change of a detail or a stop said of something else', () => {
    for (const text of [
      'I changed my mind: with no subtitles',
      'I changed my mind, make it $30',
      'stop sending me emails about NW-1001',
      'keep it under $50',
      'where is my order?',
    ])
      expect(withdrawsRequest(text), text).toBe(false)
  })

  it('scores a message that only stops as "never mind": "stop" is no evidence for cancelling an order', () => {
    expect(withRequestCalledOffAsNeverMind('stop')).toBe('never mind')
    expect(withRequestCalledOffAsNeverMind('abort, abort')).toBe('never mind')
    expect(withRequestCalledOffAsNeverMind('stop the delivery of NW-1001')).toBe(
      'stop the delivery of NW-1001',
    )
    // "instead of a refund" names the refund only to set it aside (rv52 F27).
    expect(withRequestCalledOffAsNeverMind('instead of a refund, cancel NW-2002')).toBe(
      'never mind, cancel NW-2002',
    )
  })
})

describe('cancelsThatAlone', () => {
  it('reads "cancel that" and its fillers alone (rv52 F24, rv53 F3-F5)', () => {
    for (const text of [
      'cancel that',
      'ok cancel that please',
      'never mind, cancel that',
      'cancel that, thanks',
      'cancel all that',
      'just cancel the whole thing',
      'cancel this pls',
    ])
      expect(cancelsThatAlone(text), text).toBe(true)
  })

  it('reads nothing else: an order named, a pronoun of the order, or more of a request', () => {
    for (const text of [
      'cancel that order',
      'cancel it',
      'cancel NW-2002',
      'cancel that and refund me $20',
      "don't cancel that",
    ])
      expect(cancelsThatAlone(text), text).toBe(false)
  })
})

describe('withdrawsRequest in the words of outside review rv55', () => {
  it('reads an unwanted action, "let\'s not", an undone request and a resolved problem as taking back (F6, F7, S8, S21)', () => {
    for (const text of [
      "I don't need it cancelled anymore",
      "let's not cancel it",
      'undo the cancellation request',
      "actually don't cancel anything, just tell me where NW-3003 is",
      "don't refund either one",
      'it started working again',
      'actually I found the missing part',
      "it's fine now",
      "actually it's a gift, I need it",
      'I still need it',
    ])
      expect(withdrawsRequest(text), text).toBe(true)
    // The same words that report a problem, ask, or say yes take nothing back.
    for (const text of [
      'it stopped working again',
      "it isn't working again",
      'does it work now?',
      'the charger works now but the cable is broken',
      'I found it broken',
      'I found the box empty',
      'yes, I need it',
      'I need it refunded',
      'I need it by Friday',
      'I still need it cancelled',
      "I don't do anything online",
    ])
      expect(withdrawsRequest(text), text).toBe(false)
  })
})

describe('cancelsItAlone', () => {
  it('reads "cancel it" and its fillers alone, and nothing more (rv53 F5d)', () => {
    for (const text of ['cancel it', 'ok cancel it please', 'nvm cancel it', 'cancel it, thanks'])
      expect(cancelsItAlone(text), text).toBe(true)
    for (const text of [
      'cancel it and refund me $20',
      'cancel it now or I complain',
      "don't cancel it",
      'cancel that',
    ])
      expect(cancelsItAlone(text), text).toBe(false)
  })
})
