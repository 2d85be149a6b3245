import { describe, expect, it } from 'vitest'
import { extractEntities } from './extract-entities.ts'

const now = Date.UTC(2026, 10, 21) // Saturday 2026-11-21

describe('extractEntities', () => {
  it('reads an amount as it shows: what renders as nothing inside it is skipped', () => {
    for (const hidden of ['\u200b', '\u200d', '\u2060', '\ufeff', '\u00ad'])
      expect(extractEntities(`refund $8${hidden}0 for NW-1001`).amount, JSON.stringify(hidden)).toBe(80)
  })

  it('reads money with its currency in symbol, code and word forms', () => {
    expect(extractEntities('refund $1,200.50 please').money).toEqual([
      { value: 1200.5, currency: 'USD', text: '$1,200.50' },
    ])
    expect(extractEntities('it cost 45 EUR').money?.[0]).toMatchObject({ value: 45, currency: 'EUR' })
    expect(extractEntities('about 30 pounds').money?.[0]).toMatchObject({ value: 30, currency: 'GBP' })
    expect(extractEntities('GBP 12.5 and €3k').money?.map((entry) => [entry.value, entry.currency])).toEqual([
      [12.5, 'GBP'],
      [3000, 'EUR'],
    ])
  })

  it('reads no amount when one is added to another, even the same one: the step asks', () => {
    for (const text of ['refund $30 for NW-1001 and $30 for NW-1001', 'refund $45 and $45', '$45 plus $45'])
      expect(extractEntities(text), text).not.toHaveProperty('amount')
    // The same amount said again, not added, is one amount.
    expect(extractEntities('I paid $30 for NW-1001 and want $30 back').amount).toBe(30)
  })

  it('reads the currency named after "in", whatever the sign before the number (rv56 N1)', () => {
    expect(extractEntities('refund NW-7102 $20 in euros please')).toMatchObject({
      amount: 20,
      currency: 'EUR',
    })
    expect(extractEntities('cancel NW-7101, total 450 in KWD')).toMatchObject({
      amount: 450,
      currency: 'KWD',
    })
    // "In" before what is no currency leaves the amount's own.
    expect(extractEntities('I paid $40 in cash')).toMatchObject({ amount: 40, currency: 'USD' })
    expect(extractEntities('the total was 620 in total').amount).toBe(620)
  })

  it('reads no amount from parts added up or a unit price with its count, and the corrected one (rv56 N2-N4)', () => {
    for (const text of [
      'cancel NW-7201, $450 + warranty $150',
      'I paid $450 and then $150 more for the upgrade',
      '$450 each, I bought two',
    ])
      expect(extractEntities(text), text).not.toHaveProperty('amount')
    // "Each" over two orders is the amount of each.
    expect(extractEntities('refund NW-1001 and NW-1002, $20 each').amount).toBe(20)
    expect(extractEntities('total $450 err $650').amount).toBe(650)
    expect(extractEntities('total $450 - no wait it was $650').amount).toBe(650)
  })

  it('reads a country or a code after the amount as its currency, and no amount shared between orders (rv57)', () => {
    expect(extractEntities('cancel NW-8101, total was 450 canadian dollars')).toMatchObject({
      amount: 450,
      currency: 'CAD',
    })
    expect(extractEntities('refund NW-8102 $20 (AUD)')).toMatchObject({ amount: 20, currency: 'AUD' })
    expect(extractEntities('refund NW-8102 $20 Cdn')).toMatchObject({ amount: 20, currency: 'CAD' })
    expect(extractEntities('refund NW-8102 $20, australian')).toMatchObject({ amount: 20, currency: 'AUD' })
    for (const text of [
      'cancel NW-8201, two chairs at $300',
      'cancel NW-8202, three at $200',
      'refund $40 split between NW-8301 and NW-8302',
      'refund NW-8303 & NW-8304 - $40 between them',
    ])
      expect(extractEntities(text), text).not.toHaveProperty('amount')
    expect(extractEntities('cancel NW-8601, total $450 (sorry typo, $650)').amount).toBe(650)
    expect(extractEntities('cancel NW-8602, total $450 scratch that, $650').amount).toBe(650)
  })

  it('reads no amount from a typo, a glued exponent or a minus sign: the step asks instead', () => {
    for (const text of ['total $6OO', 'refund $5O', 'total 1e3 dollars', 'refund $0.5e3', 'refund -$20'])
      expect(extractEntities(text), text).not.toHaveProperty('amount')
    // A range keeps both ends; "$5k" and "$40.50" are amounts as written.
    expect(extractEntities('refunds of $20-$30').money?.map((entry) => entry.value)).toEqual([20, 30])
    expect(extractEntities('refund $5k').amount).toBe(5000)
    expect(extractEntities('refund $40.50').amount).toBe(40.5)
  })

  it('takes the amount asked for among several, and none when no single one is', () => {
    expect(extractEntities('I paid $120 for NW-1001, refund $40').amount).toBe(40)
    expect(extractEntities('Cancel order NW-2002 ($20 shipping on a $620 order)').amount).toBe(620)
    expect(extractEntities('I was charged $40 twice, refund $40').amount).toBe(40)
    // A total with the refund word of the next clause after it is the total, not the refund.
    expect(extractEntities('the order NW-1001 cost $300, refund $20 of it').amount).toBe(20)
    expect(extractEntities('it cost $300. refund $20 please').amount).toBe(20)
    // Two amounts asked for, or a range: which one is not for the sensor to guess.
    expect(extractEntities('refund $40 and $20 for NW-1001')).not.toHaveProperty('amount')
    expect(extractEntities('refunds of $20-$30')).not.toHaveProperty('amount')
    expect(extractEntities('it was $20, or maybe $30')).not.toHaveProperty('amount')
    // Every amount stays in `money`.
    expect(extractEntities('refund $40 and $20').money?.map((entry) => entry.value)).toEqual([40, 20])
  })

  it('reads a dollar whose country follows it as that currency, and "grand" as a thousand', () => {
    expect(extractEntities('refund $40 CAD for NW-1001')).toMatchObject({ amount: 40, currency: 'CAD' })
    expect(extractEntities('refund 40 bucks AUD')).toMatchObject({ amount: 40, currency: 'AUD' })
    expect(extractEntities('it was $40 Canadian dollars')).toMatchObject({ amount: 40, currency: 'CAD' })
    // The country alone after the amount, and the real's sign (outside review rv54 F13).
    expect(extractEntities('refund $20 Canadian on NW-1001')).toMatchObject({ amount: 20, currency: 'CAD' })
    expect(extractEntities('20 dollars (Canadian)')).toMatchObject({ amount: 20, currency: 'CAD' })
    expect(extractEntities('refund R$20 on NW-1002')).toMatchObject({ amount: 20, currency: 'BRL' })
    // A country's name alone is no currency: a store, a place (session 44's second review).
    expect(extractEntities('refund the $40 Canadian Tire gift card').currency).toBe('USD')
    expect(extractEntities('I paid $40 in Singapore at the airport').currency).toBe('USD')
    // "Grand" ends an amount to be a thousand: the "$30 grand opening discount" is $30.
    expect(extractEntities('refund the $30 grand opening discount').amount).toBe(30)
    expect(extractEntities('refund $40 USD')).toMatchObject({ amount: 40, currency: 'USD' })
    expect(extractEntities('cancel NW-2002, total was 2 grand').amount).toBe(2000)
    expect(extractEntities('refund $2 grand')).toMatchObject({ amount: 2000, currency: 'USD' })
  })

  it('reads a number said in words alone as the number, and of two emails the one a correction gives (rv54)', () => {
    expect(extractEntities('forty')).toMatchObject({ number: 40 })
    expect(extractEntities('twenty-five')).toMatchObject({ number: 25 })
    expect(extractEntities('one thousand')).toMatchObject({ number: 1000 })
    expect(extractEntities('fifteen hundred')).toMatchObject({ number: 1500 })
    // Words in a sentence count something else: no number is read from them.
    expect(extractEntities('I waited forty minutes')).not.toHaveProperty('number')
    expect(extractEntities('jane@exmaple.com sorry jane@example.com').email).toBe('jane@example.com')
    expect(extractEntities('jane@example.com, cc bob@example.com').email).toBe('jane@example.com')
  })

  it('reads no amount from a unit price a count multiplies, nor from a sum: the step asks', () => {
    for (const text of [
      'refund 2 x $30 for NW-1001',
      'it was 3x$200',
      'cancel NW-2002, 2 items at $300 each',
      'three shirts for €20 apiece',
      'refund $30 x 2',
      'refund $25 twice for NW-1001',
      'cancel NW-2002, total $400 + $200 shipping',
      'refund $45 for NW-1001 plus $10 shipping',
      // Other wordings (session 44's second review).
      'cancel NW-2002, 2 items, $300 each',
      'cancel NW-2002, it was two at $300 each',
      'cancel NW-2002, $300 x two',
      'cancel NW-2002, it was $300 each for 2 items',
      'refund $25 two times for NW-1001',
      'I was charged for both, so refund $25 twice for NW-1001',
      'cancel NW-2002, total $400 + 200 shipping',
      'cancel NW-2002, total was $400, shipping was another $200',
      'I paid 3 x 10 dollars',
      // A price per thing or per month, a part taken off or of a whole, a lone part, a share
      // (outside review rv54 E and rv52 F30: each was refunded or cancelled as the whole).
      'refund 2 of the 3 items of NW-1001, each was $15',
      '$15 per item, 3 items',
      'cancel NW-2003 - $45/month for 24 months',
      'it was $45 a month',
      'all of it except $5 shipping, I paid $45',
      'refund the $20 I paid for shipping and the $15 for gift wrap',
      "cancel NW-2002, I've paid $300 of the $800 so far",
      'cancel NW-2004, shipping was $15',
      'I paid $45 and I want 10% back',
      'I paid $80 for NW-1001, refund half',
    ])
      expect(extractEntities(text), text).not.toHaveProperty('amount')
    // Asked for, a part or a share of a whole is the amount: "refund $80 of the order".
    expect(extractEntities('refund $80 of the $300 order').amount).toBe(80)
    expect(extractEntities('refund the $7.99 shipping').amount).toBe(7.99)
    expect(extractEntities('I waited half an hour, refund $20').amount).toBe(20)
    // A charge said twice is how it was charged; "$50 each" across orders is each order's amount.
    expect(extractEntities('I was charged $40 twice, refund $40').amount).toBe(40)
    expect(extractEntities('refund $50 each for NW-1001, NW-2002 and NW-3003').amount).toBe(50)
    // An order's number before "$20 each" is no count of items.
    expect(extractEntities('refund NW-1001 and NW-1002, $20 each').amount).toBe(20)
    expect(extractEntities('refund NW 1001 and NW 1002, $20 each').amount).toBe(20)
  })

  it('reads a total written without a currency, never a count or a bare number after "refund"', () => {
    expect(extractEntities('Cancel order NW-2002, the total was 620')).toMatchObject({ amount: 620 })
    expect(extractEntities('Cancel order NW-2002, the total was 620')).not.toHaveProperty('currency')
    expect(extractEntities('I paid 45.50 for it').amount).toBe(45.5)
    expect(extractEntities('total: 1,200').amount).toBe(1200)
    for (const text of ['I paid 3 times', 'it cost 2 items', 'refund 1001', 'paid 2 orders'])
      expect(extractEntities(text), text).not.toHaveProperty('amount')
  })

  it('reads a bare number the words make the amount, and the difference asked for (rv58 6, 22, 23)', () => {
    const own = { patterns: [{ name: 'order_id', pattern: /\bNW-\d{4,}\b/iu }] }
    expect(extractEntities('cancel my order NW-2002, it was 40', own).amount).toBe(40)
    expect(extractEntities('refund 20 for NW-1001, ann@example.com', own).amount).toBe(20)
    expect(
      extractEntities('i was charged $80 instead of $60 for NW-1001, refund the difference', own).amount,
    ).toBe(20)
    // "actually make it 40" as the whole message, "and 15 on order NW-1001" (rv60 4, 8).
    expect(extractEntities('actually make it 40', own).amount).toBe(40)
    expect(extractEntities('and 15 on order NW-1001', own).amount).toBe(15)
    expect(extractEntities('nw-1001 refund 40', own).amount).toBe(40)
    for (const text of ['make it 4 people', 'can you make it 3 nights', 'make it 40 for the party of 6'])
      expect(extractEntities(text, own), text).not.toHaveProperty('amount')
    // A time, a count or a bare number with no order named around it is no amount.
    for (const text of ['cancel NW-2002, it was 10 am', 'it was 3 days ago', 'refund 20 please', 'it was 40'])
      expect(extractEntities(text, own), text).not.toHaveProperty('amount')
    // An estimate is never the amount (the step asks, saying why).
    for (const text of ['roughly $40', 'like 700', '$500 or so', 'around 40 bucks'])
      expect(extractEntities(text, own), text).not.toHaveProperty('amount')
  })

  it('takes the amount a message corrects to', () => {
    expect(extractEntities('please refund $40 for NW-1001, I mean $4').amount).toBe(4)
    expect(extractEntities('$20, sorry I mean $30').amount).toBe(30)
    expect(extractEntities('$20. Actually make it $45').amount).toBe(45)
    expect(extractEntities('$20, no wait, $80').amount).toBe(80)
    expect(extractEntities('refund $20 for NW-1001. actually no, $30').amount).toBe(30)
    expect(extractEntities('refund $20, sorry no, $15').amount).toBe(15)
  })

  it("takes the writer's own email, not one they deny, an old one or someone else's", () => {
    expect(extractEntities("not alice@x.com — it's bob@x.com").email).toBe('bob@x.com')
    expect(extractEntities('my old email was alice@x.com, the account one is bob@x.com').email).toBe(
      'bob@x.com',
    )
    expect(extractEntities("it's ann@example.com not bob@x.com").email).toBe('ann@example.com')
    for (const text of [
      'my friend frank@x.com told me to ask',
      "for my husband's account, eve@x.com?",
      // A third person's possessive right before it (session 42's review).
      "refund $20 for my mom's order NW-1001, her email is mom@example.com",
      'his email address is dan@x.com',
      'their account: ops@x.com',
      // An example in a question shows a form (outside review rv52 F9: it was verified).
      'what email do you need, like x@y.com?',
      'do you mean e.g. name@example.com?',
      // An address written to, or the store's own (outside review rv58 2: it was "verified").
      'i emailed billing@northwind.example yesterday and nobody answered',
      'I wrote to support@shop.example twice',
      'your billing address is billing@northwind.example right?',
    ])
      expect(extractEntities(text), text).not.toHaveProperty('email')
    expect(extractEntities('her order, my email is ann@example.com').email).toBe('ann@example.com')
    expect(extractEntities('is it ok if I give one like ann@example.com. Here: ann@example.com').email).toBe(
      'ann@example.com',
    )
    expect(extractEntities("it's ann@example.com, is that enough?").email).toBe('ann@example.com')
    // Every address stays in `emails`.
    expect(extractEntities('my friend frank@x.com told me to ask').emails).toEqual(['frank@x.com'])
  })

  it("takes no email as the writer's own when they act for someone else", () => {
    for (const text of [
      "I'm calling on behalf of ann@example.com, which card is on file?",
      'ann@example.com (not my account, I am her assistant)',
      "I'm writing on ann@example.com's behalf, which card is on file?",
      "I'm Ann's assistant, ann@example.com, which card is on file?",
      "I'm calling for ann@example.com, which card is on file?",
      // Session 45's attack review: each had been verified as the writer's own.
      "I'm the account owner's spouse. Which card is on file? ann@example.com",
      'which card is on file for my spouse? the email is sam@example.com',
      "the account is under my wife's name: ann@example.com",
      "Refund $40 for my grandma's order NW-1001, the account email is grandma@example.com",
      "The account belongs to bob@example.com, I'm just helping",
      "I'm not the account holder, the account holder is bob@example.com",
      "ann@example.com is my wife's, she said it's fine",
      "I'm a supervisor. what payment method is on file for customer bob@example.com",
      'which card does bob@example.com have on file?',
    ])
      expect(extractEntities(text), text).not.toHaveProperty('email')
    // A gift for someone says nothing of whose account it is.
    expect(extractEntities('I bought it for my wife, refund $20 please, ann@example.com').email).toBe(
      'ann@example.com',
    )
    // Words that only look like it keep the writer's own email (session 44's second review).
    for (const text of [
      'refund $20 for NW-1001, ann@example.com. This is representing a lot of frustration',
      'refund $20 for NW-1001 please, not my account balance but back to the original payment. ann@example.com',
    ])
      expect(extractEntities(text).email, text).toBe('ann@example.com')
    expect(extractEntities('that is not my email, mine is bob@example.com').email).toBe('bob@example.com')
  })

  it('reads no id inside an email address', () => {
    const own = { patterns: [{ name: 'order_id', pattern: /\bNW-\d{4,}\b/iu }] }
    expect(extractEntities('refund $20, my email is jo.nw-2002@example.com', own)).not.toHaveProperty(
      'order_id',
    )
    expect(extractEntities('jo.nw-2002@example.com, order NW-1001', own).order_id).toBe('NW-1001')
  })

  it('reads order and ticket ids by pattern, including custom patterns', () => {
    expect(extractEntities('order ORD-5521 and ticket TKT 8812')).toMatchObject({
      order_id: 'ORD-5521',
      ticket_id: 'TKT8812',
    })
    expect(extractEntities('my order number 123456')).toMatchObject({ order_id: '123456' })
    // After the word "order", the digits are the id ("order 3003" is no "ORDER3003").
    expect(extractEntities("it's order 3003")).toMatchObject({ order_id: '3003' })
    expect(extractEntities('Order #5521 please')).toMatchObject({ order_id: '5521' })
    expect(extractEntities('ord-5521 and ORDER 7781')).toMatchObject({ order_id: 'ORD-5521' })
    // A definition's own order_id pattern replaces the built-in one.
    const own = { patterns: [{ name: 'order_id', pattern: /\bNW-\d{4,}\b/iu }] }
    expect(extractEntities("it's order 3003", own).order_id).toBeUndefined()
    expect(
      extractEntities('sku NW-7781', { patterns: [{ name: 'order_id', pattern: /\bNW-\d{4,}\b/iu }] }),
    ).toMatchObject({ order_id: 'NW-7781' })
  })

  it('reads the amount right after an id as the amount, never as the end of a range or number (session 70)', () => {
    const nw = { patterns: [{ name: 'order_id', pattern: /\bNW[- ]?\d{4,}\b/iu }] }
    for (const text of ['NW 1001 - 45 usd', 'NW 1001 45 usd', 'NW-1001 - $45', 'order 1001 - 45 dollars'])
      expect(extractEntities(text, text.startsWith('order') ? {} : nw).amount, text).toBe(45)
    // A range or a longer number without an id before it is still asked about.
    for (const text of ['20 - 45 usd', '1 200 usd', 'between 20-45 dollars'])
      expect(extractEntities(text, nw).amount, text).toBeUndefined()
  })

  it('reads no id of two offered as either one: "NW-1001 or NW-1002", "NW-1001/NW-1002" (rv58 4)', () => {
    const own = { patterns: [{ name: 'order_id', pattern: /\bNW-\d{4,}\b/iu }] }
    for (const text of ['refund $20 on NW-1001 or NW-1002', 'refund $20 on order NW-1001/NW-1002'])
      expect(extractEntities(text, own), text).not.toHaveProperty('order_id')
    // The same id twice, or two joined by "and", still name the first.
    expect(extractEntities('NW-1001 or NW-1001', own).order_id).toBe('NW-1001')
    expect(extractEntities('refund NW-1001 and NW-1002', own).order_id).toBe('NW-1001')
  })

  it('reads emails, lower-casing the first', () => {
    expect(extractEntities('mail Jane.Doe@Example.com or ops@example.org')).toMatchObject({
      email: 'jane.doe@example.com',
      emails: ['Jane.Doe@Example.com', 'ops@example.org'],
    })
  })

  it('resolves absolute and relative dates against the clock', () => {
    const dates = (text: string) => extractEntities(text, { now }).dates?.map((entry) => entry.date)
    expect(dates('on 2026-03-04')).toEqual(['2026-03-04'])
    expect(dates('since 11/02/2026')).toEqual(['2026-11-02'])
    expect(dates('on March 3rd')).toEqual(['2026-03-03'])
    expect(dates('yesterday')).toEqual(['2026-11-20'])
    expect(dates('3 days ago')).toEqual(['2026-11-18'])
    expect(dates('seventeen days ago')).toEqual(['2026-11-04'])
    expect(dates('a week from now')).toEqual(['2026-11-28'])
    expect(dates('next friday')).toEqual(['2026-11-27'])
    expect(dates('last monday')).toEqual(['2026-11-16'])
    expect(dates('2026-02-30')).toBeUndefined()
  })

  it('keeps plain numbers apart from money, ids and dates', () => {
    expect(extractEntities('2 items, $40, ORD-1234 on 2026-01-05', { now }).numbers).toEqual([2])
  })
})
