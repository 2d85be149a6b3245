import { describe, expect, it } from 'vitest'
import {
  asksForUpdate,
  asksIfDone,
  correctsWhatWasDone,
  declinesOrDefers,
  namedActions,
  onlyAsksAboutAction,
  plainlyRequests,
  withSwappedVerbsFixed,
} from './asks-if-done.ts'

describe('asksIfDone', () => {
  it.each([
    'thanks! did it go through?',
    'is it done?',
    'so is it cancelled or not?',
    'did you cancel it?',
    'has the refund been processed?',
    'did the refund go through',
    'was it successful',
    'did both go through?',
    "what's the status of my refund?",
    'which order did you refund?',
    'is NW-2222 cancelled?',
    'so is order NW-6060 cancelled?',
    'has my order #10042 been refunded?',
    'did my refund go through?',
    "so it's cancelled?",
    'the refund is done?',
    'how long until I get it?',
    'when will I see it?',
    'when will it show up on my card?',
    'when will it arrive?',
    'where will it go?',
    'did the cancellation of NW-8318 go through?',
    'did the cancellation for NW-8316 go through?',
    'did NW-8320 get cancelled?',
    // Outside review rv58 5, 13, 28: each got the card on file, a new refund or the fallback.
    'i dont see it on my card yet',
    "I still haven't received the money",
    'has the money been sent?',
    'can i get an email confirmation?',
    // Outside review rv60 14, 17: a new refund was asked for, or the plans' prices quoted.
    'how much have I been refunded on NW-1001?',
    'so how much did I get back?',
    'how much did you refund on NW-3003 so far?',
  ])('reads "%s" as asking whether it was done', (text) => {
    expect(asksIfDone(text)).toBe(true)
  })

  it.each([
    'I want a refund',
    'is it raining?',
    'can you cancel it?',
    'where is my order?',
    'is NW-2222 shipped?',
    'is 2 cancelled',
    "it's cancelled, I saw the email",
    'when will I get my money?',
    'how long does a refund take?',
    'did the cancellation of my plan get easier?',
    'get NW-8320 cancelled',
    // "it" is the order the message names: a delivery to look up (outside review rv52 F22).
    "I'll have to cancel my plans to wait for NW-3003, when does it arrive?",
    'I ordered NW-3003 last week, when will it arrive?',
    "i don't see my card on file",
    'I want a confirmation of my order total before I cancel',
  ])('reads "%s" as something else', (text) => {
    expect(asksIfDone(text)).toBe(false)
  })
})

describe('asksForUpdate', () => {
  it.each([
    'any update on my cancellation?',
    'is it approved yet?',
    'how long does the approval take?',
    'did it go through?',
    // Outside review rv55 M7.
    'how long will the supervisor take?',
    'has the supervisor decided?',
  ])('reads "%s" as asking how a waiting request is going', (text) => {
    expect(asksForUpdate(text)).toBe(true)
  })

  it.each(['what is the price of Plus?', 'I want a refund', 'can I talk to a supervisor?'])(
    'reads "%s" as something else',
    (text) => {
      expect(asksForUpdate(text)).toBe(false)
    },
  )
})

describe('correctsWhatWasDone', () => {
  it.each([
    'make that $20',
    "actually it's NW-3003, not NW-1001",
    'actually sorry I meant NW-2002 not NW-3003',
    'oops wrong amount, it should have been $14',
    'my mistake, that was the wrong order',
    'I meant to say the other card',
    // Session 42's review: each became a new request right after the refund or cancellation ran.
    'actually make it $20',
    'wait, I only paid $30 for it',
    'wait no dont, i changed my mind',
    // Session 44's review: each started a new refund or cancellation.
    'please undo that refund',
    'cancel that refund',
    'can you undo the cancellation? I want it after all',
    'please undo it',
    // Outside review rv55 M4: an amount corrected against the one done.
    "sorry, it's $35 not $30",
    'actually it was $35 not $30',
    // Outside review rv58 1, 29: each became a second refund, or a cap refusal of the smaller one.
    'yes, and can you make it $30 instead',
    'yes but only $20',
  ])('reads "%s" as a correction of what was just done', (text) => {
    expect(correctsWhatWasDone(text)).toBe(true)
  })

  it.each([
    'I want a refund for NW-2002',
    'what does that mean?',
    'the order was wrong when it arrived',
    'can you make it arrive sooner?',
    'now I want a refund of $20 for NW-1002',
    // A new request with "reverse" or "undo" in it (session 44's second review).
    'it arrived broken, please reverse the $20 charge, ann@example.com',
    'I want to cancel NW-3003 and undo the purchase, it was $40',
    'ok now cancel NW-2002 total $40, I want to undo that purchase',
    // An amount said "not" something else than another amount.
    "it's $35 not too much",
    'refund $20 for NW-1001 but only if it has shipped',
  ])('reads "%s" as something else', (text) => {
    expect(correctsWhatWasDone(text)).toBe(false)
  })
})

describe('onlyAsksAboutAction and plainlyRequests', () => {
  it.each([
    'is it possible to get a refund of $25 on NW-1001? just asking for now',
    'how do refunds work? like if I wanted $20 back on NW-1001',
    'if I cancel NW-1001 ($25) will I get charged a fee?',
    "cancel NW-1001 ($25) only if it hasn't shipped yet",
    'no need to refund NW-1001, it finally arrived',
    "I'm thinking about cancelling NW-1001, what happens if I do?",
    // Outside review rv52 F1-F5: each of these refunded or cancelled at once.
    'how long does a refund take for NW-1001 $20?',
    'how fast is a refund of $20 on NW-1001?',
    'do I qualify for a $20 refund on NW-1001?',
    'is there a fee to cancel NW-2002 ($40)?',
    'do you do refunds?',
    'are refunds possible on sale items?',
    'should I cancel NW-1001 or wait for it?',
    // Hedged: session 44's review saw each run at once.
    'I might want a refund of $20 for NW-1001',
    'can I still get a refund of $20 for NW-1001 after 30 days?',
    'I may need to cancel NW-2002, it was $40',
    'maybe cancel NW-2002? it was $40',
    'I probably want to cancel NW-2002',
    // Put off to a time or a condition, hedged or reported (outside review rv54 B).
    'once NW-1001 is returned, refund $20',
    'after I send NW-1002 back, can you refund $20?',
    'when I get the replacement for NW-1003, refund the $20 difference',
    'refund $20 on NW-1004 unless it ships today',
    "I'll let you know about cancelling NW-2002 ($40)",
    "I'll probably cancel NW-2003 ($40)",
    "I'd consider a $20 refund on NW-1002",
    "I was told I'd get a $20 refund on NW-1001",
    'is it too late to cancel NW-2002? $40',
    "what's the fastest way to get $20 back for NW-1004?",
    // Asked how to, or about the process around it (outside reviews rv56 N5, rv57 N4).
    "I'd like to know how to get a refund of $20 for NW-7501",
    'I want to know how to cancel NW-7502, it was $40',
    'do I need to send NW-8401 back before you refund $20?',
    'do I need to be home when you cancel NW-8402? it was $40',
  ])('reads "%s" as asking about an action, not for it', (text) => {
    expect(onlyAsksAboutAction(text)).toBe(true)
  })

  it.each([
    'I want a refund of $20 for NW-1001',
    'Cancel order NW-2002, the total was $620',
    'NW-1001, $40',
    // A hedge about something else is no hedge of the request (session 44's second review).
    'please refund $20 for NW-1001, the box was probably crushed in transit. ann@example.com',
  ])('reads "%s" as no mere question about an action', (text) => {
    expect(onlyAsksAboutAction(text)).toBe(false)
  })

  it('reads a plain request', () => {
    for (const text of [
      'ok please cancel NW-1001 then',
      "I'd like a refund",
      'pls cancel NW-5005 it was 900 bucks',
      'I also need a refund for NW-1002, $15',
      // A command that opens a clause, after facts.
      'wes@example.com refund $50 on NW-1001',
      'I paid $120 for NW-1001, refund $40',
      'the order NW-1001 cost $300, refund $20 of it',
      // Asked as a question, and said as the noun alone.
      'can you refund $20 on NW-1001?',
      'can I get $20 back on NW-1001 instead?',
      'ok then a refund for NW-1005',
      // A polite request with a filler before its verb, whose command clause is asked (rv55).
      'thanks! can you also reverse the $15 charge on NW-3003 and refund it?',
    ])
      expect(plainlyRequests(text), text).toBe(true)
  })

  it('reads no plain request in facts, a question about the action or a statement', () => {
    // The engine asks "Shall I …?" before a `confirm` call on each of these.
    for (const text of [
      'cy@example.com',
      'NW-1001, $20',
      "I was told I'd get a $20 refund on NW-1001",
      'would a $20 refund on NW-1001 be possible?',
      'can you tell me if a refund of $20 for NW-1002 is allowed?',
      'do you think I deserve a $20 refund on NW-1003?',
      'my refund for NW-1001',
      // A command asked as a question (outside review rv55 F8: it cancelled at once).
      'cancel NW-2002?? is that possible, it was $40',
      'refund NW-1001?',
    ])
      expect(plainlyRequests(text), text).toBe(false)
  })

  it('reads a hedge as putting the request off (rv55 F8b), not a plain "as soon as possible"', () => {
    for (const text of [
      'could I get $30 back on NW-1001 maybe?',
      'perhaps refund $20 on NW-1001',
      'cancel NW-2002, is that possible?',
    ])
      expect(declinesOrDefers(text), text).toBe(true)
    for (const text of ['please cancel NW-2002 as soon as possible', 'refund $20 on NW-1001 please'])
      expect(declinesOrDefers(text), text).toBe(false)
  })
})

describe('a money verb with two letters swapped (outside review rv60 3)', () => {
  it('names its action and reads as the verb, keeping every position', () => {
    expect(namedActions('cancle nw-2002 totl $30')).toEqual(['cancel'])
    expect(namedActions('i wnat a refnud pls')).toEqual(['refund'])
    expect(withSwappedVerbsFixed('Cancle NW-2002 and refnud NW-1001')).toBe(
      'cancel NW-2002 and refund NW-1001',
    )
    // Words that are no swapped verb stay as written.
    expect(withSwappedVerbsFixed('the uncle returned it')).toBe('the uncle returned it')
    expect(namedActions('my uncle called')).toEqual([])
  })
})
