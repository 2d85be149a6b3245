import {
  amountScales,
  currencyCodes,
  currencySignClass,
  currencyWords,
  scaleAlternatives,
} from '../enforcement/amount-vocabulary.ts'
import { hasInvisible, visibleText } from '../enforcement/detectors/visible-text.ts'
import { extractMoneyMentions } from '../enforcement/extract-money-mentions.ts'
import type { MoneyEntity } from './types.ts'

/**
 * Every money amount in a user's `text` with its currency (`$80`, `1,200.50 EUR`, `50 dollars`,
 * `€3k`). The parser Lane 1 binds reply amounts with, read strictly: a number with a letter or
 * digit glued to it (`$6OO`, `1e3 dollars`) is no amount, and neither is one with a minus sign
 * (`-$20`; a range such as `$20-$30` keeps both): the step asks for the amount instead.
 */
export function extractMoney(written: string): MoneyEntity[] {
  // Read as a reader sees it, as the Lane 1 scanner does: "$8\u200b0" shows $80 and was read as $8
  // (outside attack review, session 64).
  const text = hasInvisible(written) ? visibleText(written).text : written
  const mentions = extractMoneyMentions(text, { strict: true }).filter(
    ({ index, text: matched }) =>
      !negative(text, index) && !multiplied(text, index, matched) && !inexact(text, index, matched),
  )
  if (mentions.length === 0) {
    // "Total 450 in KWD": a total written without a sign, in the currency named after it.
    const named = totalInNamedCurrency(text)
    return named === undefined ? [] : [named]
  }
  // "It cost $450, with tax $510", "the total was $450 and tax was $60", "$40 plus $40 shipping":
  // a part added to an amount, so the sum meant is neither. No amount is read: the step asks for
  // it (each had been read as $450, and cancelled without the supervisor's approval over $500).
  // A part said of the order ("$20 shipping on a $620 order") leaves the order's total readable.
  if (mentions.length > 1 && mentions.some(({ index, text: matched }) => addedPart(text, index, matched)))
    return []
  // "All of it except $5 shipping", "$300 of the $800": an amount taken off another, or a part of
  // a whole, leaves the amount meant unsaid (outside review rv54 E: $45 was refunded for "all of
  // it except $5 shipping, I paid $45", and "$300 of the $800" cancelled as a $300 order).
  if (mentions.some(({ index, text: matched }) => takenOff(text, index, matched))) return []
  // "Refund $40 split between NW-8301 and NW-8302", "$40 between them": how it is shared is not
  // said (rv57 N3: all $40 went on the first order).
  if (splitBetween.test(text)) return []
  // "I paid $45 and I want 10% back", "refund half of the $60": a share of the amount is meant,
  // not the amount (rv52 F30, rv54 E: the whole $45 was refunded).
  if (mentions.length > 0 && shareOf.test(text)) return []
  // "Cancel NW-2004, shipping was $15": a part said alone is no total (it cancelled a $15 order).
  if (mentions.length === 1 && lonePart(text, mentions[0]!.index, mentions[0]!.text)) return []
  return mentions.map(({ amount, currency, text: matched, index }) => ({
    value: amount,
    currency:
      currencyNamedAfter(text, index + matched.length) ??
      (currency === 'USD' ? (countryDollars(text, index + matched.length) ?? currency) : currency),
    text: matched,
  }))
}

/**
 * The currency named after "in" right after an amount ("$20 in euros", "450 in KWD"): the one the
 * customer means, whatever sign stands before the number. Read as written, "$20 in euros" paid
 * out US$20 and "total 450 in KWD" (about $1,460) was cancelled as a $450 order with no
 * supervisor (outside review rv56 N1).
 */
export function currencyNamedAfter(text: string, end: number): string | undefined {
  const named = currencyAfterIn.exec(text.slice(end, end + 24))
  const word = (named?.[1] ?? named?.[2])?.toLowerCase()
  if (word === undefined) return undefined
  const code = word.toUpperCase()
  return currencyWords[word] ?? (currencyCodes.includes(code) ? code : undefined)
}
const currencyAfterIn = /^\s+in\s+([a-z]{3,7})\b|^\s*\(\s*([a-z]{3})\s*\)/i

/** A total written without a sign and with its currency named after "in": "total 450 in KWD". */
function totalInNamedCurrency(text: string): MoneyEntity | undefined {
  const match = cuedTotal.exec(text.slice(0, 2000))
  if (match === null) return undefined
  const end = match.index + match[0].length
  const currency = currencyNamedAfter(text, end) ?? countryDollars(text, end)
  const value = cuedTotalValue(match)
  return currency === undefined || value === undefined ? undefined : { value, currency, text: match[0] }
}

const splitBetween =
  /\b(?:split|divided|shared|spread)\s+(?:between|across|among|over)\b|\bbetween\s+(?:them|the\s+two|both(?:\s+of\s+them)?)\b/i

/** A share of an amount: "10%", "20 percent", "half" (not "half an hour"), "a third", "a quarter of". */
const shareOf =
  /\d\s*(?:%|percent\b)|\bhalf\b(?!\s+(?:an?\s+)?(?:hour|day|week|month|year|dozen|past)\b)|\b(?:a|one|two)\s+(?:third|quarter)s?\s+(?:of|back|refund)\b/i

/** Words before an amount that take it off another: "except $5", "minus $5", "less the $5". */
const takenOffBefore =
  /\b(?:except(?:\s+for)?|minus|less|excluding|without|apart\s+from|not\s+including|but\s+not|deduct(?:ing)?|take\s+off)\s+(?:the\s+|my\s+|a\s+)?$/i
/** Words after an amount that make it a part of a whole: "$300 of the $800", "$300 out of $800". */
const partOfAfter = new RegExp(
  String.raw`^\s*(?:out\s+)?of\s+(?:the\s+|my\s+|a\s+)?[${currencySignClass}]?\s?\d`,
  'i',
)

/**
 * Is the amount taken off another, or a part of one not asked for ("except $5 shipping", "I've
 * paid $300 of the $800")? "Refund $80 of the €3.5k order" asks for the $80.
 */
function takenOff(text: string, index: number, matched: string): boolean {
  if (takenOffBefore.test(text.slice(Math.max(0, index - 24), index))) return true
  return (
    partOfAfter.test(text.slice(index + matched.length, index + matched.length + 16)) &&
    !requestedBefore.test(text.slice(Math.max(0, index - 40), index))
  )
}

/**
 * A part of a price said alone and not asked for ("cancel NW-2004, shipping was $15"): no
 * order's total, no amount to refund. "Refund the $7.99 shipping" asks for it, and is read.
 */
function lonePart(text: string, index: number, matched: string): boolean {
  const before = text.slice(Math.max(0, index - 30), index)
  const after = text.slice(index + matched.length, index + matched.length + 24)
  return (
    (partBefore.test(before) || partAfter.test(after)) &&
    !requestedBefore.test(text.slice(Math.max(0, index - 40), index)) &&
    !requestedAfter.test(after)
  )
}

/**
 * Dollars of another country named after the amount ("$20 Canadian", "20 dollars (Canadian)",
 * "$450 Aussie"): read as that country's currency, never as US dollars (outside review rv54 F13
 * found "$20 Canadian" refunded as US$20). Only where the amount ends there: "the $40 Canadian
 * Tire gift card" is a store's name.
 */
const countryAfter =
  /^\s*,?\s*(?:(?:dollars?|bucks)\s*)?\(?\s*(canadian|cdn|australian|aussie|new\s+zealand|kiwi|singapore(?:an)?|hong\s+kong|mexican|brazilian)\b(?=\s*(?:$|[.,;:!?)]|(?:dollars?|bucks|on|for|to|and|please|total|refund|back)\b))/i
const countryCurrencies: Readonly<Record<string, string>> = {
  canadian: 'CAD',
  cdn: 'CAD',
  australian: 'AUD',
  aussie: 'AUD',
  'new zealand': 'NZD',
  kiwi: 'NZD',
  singapore: 'SGD',
  singaporean: 'SGD',
  'hong kong': 'HKD',
  mexican: 'MXN',
  brazilian: 'BRL',
}

/** The currency of the country named right after an amount in dollars, if any. */
function countryDollars(text: string, end: number): string | undefined {
  const country = countryAfter.exec(text.slice(end, end + 40))?.[1]
  return country === undefined ? undefined : countryCurrencies[country.toLowerCase().replace(/\s+/g, ' ')]
}

/** Words of a part of a price: tax, shipping, a fee, a tip. */
const partWords = '(?:tax|taxes|vat|gst|shipping|delivery|postage|fees?|surcharge|tip|handling|duty|duties)'
const partBefore = new RegExp(
  String.raw`(?:${partWords}|with ${partWords}|${partWords} (?:was|is|of|came to|cost|costs|were|added))\s*:?\s*$`,
  'i',
)
const partAfter = new RegExp(String.raw`^\s*(?:(?:for|in|of|on)\s+)?${partWords}(?![\w])`, 'i')

/** Words that add what follows to what came before: "and", "plus", "+", "with". */
const partAddedBefore = /(?:\band\b|\bplus\b|\+|\bwith\b)[^$\u20ac\u00a3\d]{0,20}$/i

/** Is the amount a part of a price ("tax was $60", "$40 shipping") added to another amount? */
function addedPart(text: string, index: number, matched: string): boolean {
  const before = text.slice(Math.max(0, index - 30), index)
  return (
    (partBefore.test(before) ||
      partAfter.test(text.slice(index + matched.length, index + matched.length + 24))) &&
    partAddedBefore.test(before)
  )
}

/**
 * An amount said as a bound or an estimate, or without its parts: "over $500", "at least $500",
 * "around $500", "$500+", "$500-something", "$500 or so", "$499.99 + tax", "$499 excl. VAT",
 * "$499.99 (tax not included)". The amount meant is another: the step asks for it (each was read
 * as the number written, and cancelled under a $500 approval threshold).
 */
const boundBefore =
  /(?<![a-z])(?:over|above|more than|at least|upwards of|north of|in excess of|almost|nearly|around|roughly|approximately|approx\.?|~|under|less than|below|up to|close to)\s*$/i
const boundAfter =
  /^(?:\s*\+(?![^.,;!?\d$€£]{0,24}[$€£]?\s?\d)|\s*-?\s*something\b|-?ish\b|\s+or (?:so|more|less|thereabouts|over|above)\b|\s+plus(?!\s*[$€£]?\s?\d)\b|\s*\(?\s*(?:excl\.?|excluding|before|not including|without|w\/o|pre-?)\s*(?:tax|taxes|vat|gst|shipping|fees?)\b|\s*\(?\s*(?:tax|taxes|vat|gst|shipping)\s+(?:not\s+included|excluded|extra)\b)/i
function inexact(text: string, index: number, matched: string): boolean {
  return (
    boundBefore.test(text.slice(Math.max(0, index - 24), index)) ||
    boundAfter.test(text.slice(index + matched.length, index + matched.length + 32))
  )
}

/** A count, in digits or words: "2", "two", "a couple of". */
const count = String.raw`(?:\d{1,4}|two|three|four|five|six|seven|eight|nine|ten|a couple of|several)`
/**
 * A count of things: at most three digits, so an order's number ("NW-1002, $20 each": $20 for
 * each order) is no count of items.
 */
const countOfThings = String.raw`(?:\d{1,3}|two|three|four|five|six|seven|eight|nine|ten|a couple of|several)`
/** A count multiplying the amount before it: "2 x $30", "3×$200", "2 times $30", "2 @ $300". */
const countTimesBefore = new RegExp(String.raw`(?:^|[^\w.,])${count}\s*(?:x|\u00d7|\*|times|@)\s*$`, 'i')
/** A count multiplying it after: "$30 x 2", "$300 x two", "$300 times 2", "$300 by 2". */
const timesCountAfter = new RegExp(String.raw`^\s*(?:x|\u00d7|\*|times|by)\s*${count}\b`, 'i')
/**
 * A count of things before a unit price: "2 items at $300 each", "2 items, $300 each", "two at
 * $300 each", "three shirts for €20 apiece".
 */
const countOfThingsBefore = new RegExp(
  String.raw`(?:^|[^\w.,-])${countOfThings}(?:\s+[a-z]+){0,2}\s*(?:at|@|for|,|:)?\s*$`,
  'i',
)
const unitPriceAfter = /^\s*(?:each|apiece|a piece|per (?:item|unit|piece|one|shirt|ticket|person|seat))\b/i
const countAtBefore = new RegExp(
  String.raw`(?:^|[^\w.,-])${countOfThings}(?:\s+[a-z]+){0,2}\s+(?:at|@)\s*$`,
  'i',
)
/** A count of things bought, anywhere: "$450 each, I bought two" (cancelled as a $450 order: rv56 N4). */
const boughtCount = new RegExp(
  String.raw`\b(?:bought|ordered|purchased|got|paid for)\s+${countOfThings}\b(?!\s*(?:days?|weeks?|months?|years?|hours?)\b)`,
  'i',
)
/**
 * A price per thing or per period whatever comes before it: "each was $15", "$15 per item",
 * "$45/month", "$45 a month" (outside review rv54 F14: each was refunded as the whole).
 */
const unitPriceBefore =
  /\b(?:each(?:\s+one)?|apiece|per\s+(?:item|unit|piece))\s+(?:was|is|were|are|cost|costs|at|for)?\s*$/i
const perUnitAfter =
  /^\s*(?:(?:per|a|an)\s+(?:item|unit|piece|month|year|week|day)|\/\s*(?:item|unit|piece|month|mo|year|yr|week|wk|day))\b/i
/** A unit price with its count after it: "$300 each for 2 items", "$300 apiece, 3 of them". */
const unitPriceForCountAfter = new RegExp(
  String.raw`^\s*(?:each|apiece|a piece)\W+(?:for\s+|times\s+|x\s*)?${count}\b`,
  'i',
)
/** Said more than once: "refund $25 twice", "$25 two times" (not "I was charged $40 twice"). */
const repeatedAfter = new RegExp(String.raw`^\s*(?:twice|thrice|${count}\s+times)\b`, 'i')
const chargedBefore = /\b(?:charged|billed|debited|paid|taken|deducted)(?:\s+(?:me|us|for it))?\s*$/i
/** A bare number added right after: "$400 + 200 shipping", "$400 plus 200". */
const plusNumberAfter = /^\s*(?:\+|plus)\s*\d/i

/**
 * An amount a count multiplies, or one a bare number is added to: a unit price or a part, not
 * the amount the message states ("2 x $30", "2 items at $300 each", "$300 each for 2 items",
 * "refund $25 twice", "$400 + 200 shipping"). It is not read as an amount: read as written it
 * would pay or cancel the wrong sum ($30 of $60, a $300 "total" of $600 under an approval
 * threshold); the step asks for the amount instead.
 */
function multiplied(text: string, index: number, matched: string): boolean {
  const before = text.slice(Math.max(0, index - 40), index)
  const after = text.slice(index + matched.length, index + matched.length + 32)
  if (countTimesBefore.test(before) || timesCountAfter.test(after) || plusNumberAfter.test(after)) return true
  if (unitPriceForCountAfter.test(after) || unitPriceBefore.test(before) || perUnitAfter.test(after))
    return true
  if (unitPriceAfter.test(after) && (countOfThingsBefore.test(before) || boughtCount.test(text))) return true
  // "Two chairs at $300", "three at $200": a price per thing (rv57 N2: cancelled as a $300 order).
  if (countAtBefore.test(before)) return true
  return repeatedAfter.test(after) && !chargedBefore.test(before)
}

const digitOrSign = new RegExp(`[\\d${currencySignClass}]`, 'u')

/** A minus sign right before the amount, not the dash of a range (`$20-$30`). */
function negative(text: string, index: number): boolean {
  const sign = text[index - 1]
  if (sign !== '-' && sign !== '\u2212') return false
  return !digitOrSign.test(text[index - 2] ?? '')
}

/** Words right before an amount that make it what is asked for: "refund $40", "give me back $20". */
const requestedBefore =
  /\b(?:refund(?:ed|s)?|reimburse(?:d|ment)?|(?:pay|paying|give|send|credit|return) (?:me )?(?:back )?|back|only|just)\W+(?:(?:me|of|for|the|my|about|around|exactly|only|just)\W+){0,2}$/i
/**
 * Words that correct an amount said before: "I mean $4", "sorry, $30", "actually make it $45",
 * "actually no, $30", "$450 err $650", "$450 - no wait it was $650" (the last two were cancelled
 * at $450, under the approval threshold: outside review rv56 N3).
 */
const correctionBefore =
  /\b(?:i mean|i meant|sorry|actually|make it|no wait|wait no|rather|instead|correction|i said|err|erm|uh|um|oops|whoops|typo|scratch that)\W+(?:(?:make|it|it's|its|that|to|be|a|make it|no|nope|was|is|should|been|really)\W+){0,3}$/i

/** Words right after it: "$40 refund", "$40 back". */
const requestedAfter = /^\W*(?:refund|back\b|reimbursement|credit\b)/i
/** An order's total: "total $620", "a $620 order", "paid $120", "cost $80". */
const totalBefore =
  /\b(?:total(?:ed|led)?|paid|cost|costs|spent|charged|price|priced|worth|came to)\W+(?:(?:of|was|is|me|about|around|exactly|only|just)\W+){0,2}$/i
const totalAfter = /^\W*(?:order|total|purchase|in total)\b/i

/** What joins two amounts into one reading: "and", "or", "plus", "to", a dash or a slash. */
const joiner = /^\s*(?:and|or|plus|\+|to|-|\u2013|\/|,)\s*$/i
/** An amount added to one said before, whatever stands between: "refund $45 for NW-1001 plus $10 shipping". */
const addedBefore = /(?:\bplus|\+|\bon top of that|\banother)\s*$/i

/**
 * The amount a message asks about among several it names: the one it corrects to ("refund $40,
 * I mean $4" → 4), else the one asked for ("I paid $120 for
 * NW-1001, refund $40" → 40), else the order's total ("cancel NW-2002 ($20 shipping on a $620
 * order)" → 620), each when exactly one amount has such words; undefined when the message names
 * different amounts and none stands out (a step then asks for the amount instead of guessing).
 */
export function requestedAmount(text: string, money: readonly MoneyEntity[]): MoneyEntity | undefined {
  const first = money[0]
  if (first === undefined) return undefined
  const place = (entry: MoneyEntity, from: number) => text.indexOf(entry.text, from)
  // "refund $30 for NW-1001 and $30 for NW-1001", "$45 and $45": an amount added to another, even
  // the same one, is a second amount: none is read and the step asks (one $30 ran, the other was
  // dropped unsaid).
  if (addsAnother(text, money)) return undefined
  // "charged $80 instead of $60, refund the difference": two amounts and what is asked is the
  // difference between them (outside review rv58 6: $80 was refused as over the cap).
  if (money.length === 2 && asksForDifference.test(text)) {
    const second = money[1] as MoneyEntity
    if (second.currency !== first.currency || second.value === first.value) return undefined
    const value = Math.round(Math.abs(first.value - second.value) * 100) / 100
    return { ...first, value, text: `${first.text} − ${second.text}` }
  }
  if (money.every((entry) => entry.value === first.value && entry.currency === first.currency)) return first
  let from = 0
  let previous: { requested: boolean; total: boolean; end: number } | undefined
  const read = money.map((entry) => {
    const at = place(entry, from)
    from = at < 0 ? from : at + entry.text.length
    const before = at < 0 ? '' : text.slice(Math.max(0, at - 40), at)
    const after = at < 0 ? '' : text.slice(at + entry.text.length, at + entry.text.length + 24)
    // "refund $40 and $20", "refunds of $20-$30": an amount joined to the last one is read like it.
    const joined =
      previous !== undefined &&
      at >= 0 &&
      (joiner.test(text.slice(previous.end, at)) || addedBefore.test(before))
        ? previous
        : undefined
    const reading = {
      entry,
      corrected: correctionBefore.test(before),
      requested: requestedBefore.test(before) || requestedAfter.test(after) || joined?.requested === true,
      total: totalBefore.test(before) || totalAfter.test(after) || joined?.total === true,
    }
    previous = { ...reading, end: at < 0 ? from : at + entry.text.length }
    return reading
  })
  const only = (picked: typeof read) =>
    new Set(picked.map(({ entry }) => `${entry.value} ${entry.currency}`)).size === 1
      ? picked[0]?.entry
      : undefined
  // "refund $40, I mean $4", "$20, no wait, $80": the amount the message corrects to wins.
  const corrected = read.filter((entry) => entry.corrected).at(-1)
  if (corrected !== undefined) return corrected.entry
  const requested = read.filter((entry) => entry.requested)
  // "The order cost $300, refund $20 of it": the total's "refund" after it opens the next
  // amount's request; the amount asked for is the one that is no total.
  const notTotals = requested.filter((entry) => !entry.total)
  if (requested.length > 0) return only(notTotals.length > 0 ? notTotals : requested)
  return only(read.filter((entry) => entry.total))
}

/**
 * Does the message give an amount as an estimate or a bound ("roughly $40", "like 700", "$500 or
 * so", "40ish", "around 40 bucks")? No such amount is read (`inexact`); the step asks again, saying why.
 */
export function statesInexactAmount(text: string): boolean {
  return estimatedAmount.test(text.slice(0, 300))
}
const estimatedAmount =
  /(?<![a-z])(?:over|above|more than|at least|almost|nearly|around|roughly|approximately|approx\.?|about|like|maybe|probably|perhaps|under|less than|up to|close to|somewhere around)\s*[$\u20ac\u00a3]?\s?\d|~\s*[$\u20ac\u00a3]?\s?\d|\d\s*(?:-?ish\b|\s+or so\b|\s+or thereabouts\b|-?\s*something\b)/i

/**
 * Does the message ask for an amount it only works out ("refund the difference" between two)? A
 * `confirm` tool's call on it is asked about first: the customer sees the amount before it runs.
 */
export function worksOutAmount(text: string): boolean {
  return asksForDifference.test(text) || (spokenAmount(text) !== null && extractMoney(text).length === 0)
}

/** "Refund the difference", "the difference back", "refund what I was overcharged". */
const asksForDifference =
  /\b(?:the|that) difference\b|\b(?:what|the amount|how much) (?:i was|i've been|i got|you) over-?charged\b|\bthe over-?charge\b/i

/** Does an amount come right after "and", "plus", "+" or "another" that follow an earlier amount? */
function addsAnother(text: string, money: readonly MoneyEntity[]): boolean {
  let end = -1
  for (const entry of money) {
    const at = text.indexOf(entry.text, Math.max(0, end))
    if (at < 0) return false
    if (end >= 0 && addedRightBefore.test(text.slice(end, at))) return true
    end = at + entry.text.length
  }
  return false
}
/**
 * "And", "plus", "+" or "another" right before an amount; "plus" or "+" with one or two words
 * between ("$450 + warranty $150"), and "and then" ("$450 and then $150 more"): each was cancelled
 * as one part, under the approval threshold (outside review rv56 N2, N4).
 */
const addedRightBefore =
  /(?:(?:\band|\bplus|\+|\banother)(?:\s+(?:the|a|my))?|(?:\bplus|\+)(?:\s+[a-z]+){1,2}|\band then)\s*$/i

/**
 * A number written as an order's total without a currency ("the total was 620", "I paid 45.50"):
 * the total's words, then the number, and nothing that makes it a count ("paid 3 times", "cost
 * 2 items"). A one-letter scale is one only on the digits ("2m", not "I paid 40 m ago": 40).
 * Only such words: a bare number after "refund" may be an order number. It needs the
 * `u` flag (`\p{L}`), so its word edges are `(?<!\w)` and `(?!\w)`: a `\b` under `iu` is V8's
 * slow path (see `text/cue-pattern-flags.test.ts`).
 */
export const cuedTotal: RegExp = new RegExp(
  String.raw`(?<!\w)(?:total(?:\s+(?:was|is|of|came to|comes to))?|paid|charged|cost|costs|costed)\s*:?\s+(\d{1,3}(?:,\d{3})+|\d{1,7})(?:\.(\d{1,2}))?(?:\s?(${scaleAlternatives})(?!\w)(?<!\s\p{L}))?(?![\w.,'’]*\d|[\s\u00a0\u202f]\d|[\p{L}\p{N}])(?!\s*(?:%|percent|x(?!\w)|\u00d7|\*|items?|units?|days?|weeks?|months?|years?|times?|pieces?|orders?|hours?|minutes?)(?!\w))`,
  'iu',
)
/** The order total a message writes without a currency, if any (read as the definition's own). */
export function totalWithoutCurrency(text: string): number | undefined {
  const match = cuedTotal.exec(text.slice(0, 2000)) ?? spokenAmount(text)
  if (match === null) return undefined
  // "The total was 450 in KWD", "450 canadian dollars" name their currency: `extractMoney` reads it.
  const end = match.index + match[0].length
  if (currencyNamedAfter(text, end) !== undefined || countryDollars(text, end) !== undefined) return undefined
  return cuedTotalValue(match)
}

/**
 * A number the message's own words make the amount, though bare: "cancel my order NW-2002, it was
 * 40" (what "it" cost, the order named before it), "refund 20 for NW-1001" (an order named after
 * it, so the 20 is no order number; so "and 15 on order NW-1001": rv60 8; or named before it,
 * the message ending with the number: "nw-1001 refund 40", rv60 20), "actually make it 40" as the whole message (the request at
 * hand's amount changed: rv60 4, the old $25 was refunded). Outside review rv58 22, 23: each was
 * asked for again. Read
 * like {@link cuedTotal} (groups 1-3); a `confirm` tool's call on it is asked about first
 * (`worksOutAmount`).
 */
const spokenAmountCue =
  /(?:(?<=(?:order|[A-Za-z]{1,4}-?\d{3,})\W{1,3})(?:it|that)\s+(?:was|is|cost|came to)|(?<=[A-Za-z]{1,4}[- ]?\d{3,}\W{1,3})refund(?=\s+\d{1,7}(?:\.\d{1,2})?(?:\s+(?:please|pls|thanks|dollars|bucks))?\W*$)|(?<!\w)(?:refund(?:\s+me)?|and|another|plus)(?=\s+\d{1,7}(?:\.\d{1,2})?\s+(?:for|on|from)\s+(?:order\s+)?#?[A-Za-z]{0,4}-?\d{3,})|^\W*(?:(?:no|actually|sorry|wait|oh|ok|okay|hmm|um|and|then)\W+){0,3}(?:make|change)\s+(?:it|that)(?:\s+to)?(?=\s+\d{1,7}(?:\.\d{1,2})?(?:\s+(?:instead|please|then|dollars|bucks))?\W*$))\s+(\d{1,3}(?:,\d{3})+|\d{1,7})(?:\.(\d{1,2}))?(?![\w.,'’]*\d|[\s  ]\d|[\p{L}\p{N}])(?!\s*(?:%|percent|x(?!\w)|×|\*|items?|units?|days?|weeks?|months?|years?|times?|pieces?|orders?|hours?|minutes?|am|pm|o['’]?clock|people|persons?|guests?|tickets?|seats?|rooms?|nights?|adults?|kids?|children)(?!\w))/iu
function spokenAmount(text: string): RegExpExecArray | null {
  return /\d/.test(text) ? spokenAmountCue.exec(text.slice(0, 2000)) : null
}

/** The number of a {@link cuedTotal} match, with its scale; undefined when not a positive number. */
function cuedTotalValue(match: RegExpExecArray): number | undefined {
  // "the total was 1.2k": a thousand times the number (it was read as 1.2); "2 million" two million.
  const value =
    Number(`${(match[1] as string).replaceAll(',', '')}${match[2] === undefined ? '' : `.${match[2]}`}`) *
    (match[3] === undefined ? 1 : (amountScales[match[3].toLowerCase()] as number))
  return Number.isFinite(value) && value > 0 ? value : undefined
}
