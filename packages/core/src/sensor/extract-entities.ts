import { spelledNumberPattern } from '../text/index.ts'
import { extractDates } from './extract-dates.ts'
import { extractMoney, requestedAmount, totalWithoutCurrency } from './extract-money.ts'
import { matchEvery } from './match-every.ts'
import type { PerceptionEntities } from './types.ts'

/** A named id pattern (order ids, ticket ids, SKUs). */
export interface EntityPattern {
  name: string
  pattern: RegExp
  /** How a match is written, `$1`… for its groups (`NW-$1`); else the match without spaces, in capitals. */
  value?: string
}

/** Options of {@link extractEntities}. */
export interface ExtractEntitiesOptions {
  /** Time used for relative dates. @default Date.now() */
  now?: number
  /**
   * Extra id patterns, checked before the built-in order and ticket patterns. A pattern named like
   * a built-in one (`order_id`) replaces it: a definition that says what its order ids look like
   * (`NW-1001`) does not also take "order 3003" as one.
   */
  patterns?: readonly EntityPattern[]
}

const builtInPatterns: EntityPattern[] = [
  {
    name: 'order_id',
    // `ORD-5521`, `order#5521` (any case, with a separator), `ORDER 5521` (capitals); after the
    // word "order" ("order 3003", "order number 123456", "order #5521") only the digits are the id.
    pattern:
      /\b[Oo][Rr][Dd](?:[Ee][Rr])?[-#]\s?\d{3,20}\b|\b(?:ORD|ORDER)\s?\d{3,20}\b|(?<=\b[Oo][Rr][Dd][Ee][Rr]\s(?:[Nn]umber\s|[Nn]o\.?\s|#\s?)?)#?\d{4,20}\b/gu,
  },
  { name: 'ticket_id', pattern: /\b(?:TKT|TICKET|CASE)[-#]?\s?\d{3,20}\b/gi },
]
const emailPattern = /\b[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9.-]{1,253}\.[A-Za-z]{2,24}\b/gu
const numberPattern = /(?<![\w.$€£¥₹-])\d{1,15}(?:\.\d{1,6})?(?![\w-])/gu

/** A global copy of each id pattern, made once (patterns are immutable in source and flags). */
const globalCopies = new WeakMap<RegExp, RegExp>()

function globalCopyOf(pattern: RegExp): RegExp {
  let copy = globalCopies.get(pattern)
  if (copy === undefined) {
    copy = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`)
    globalCopies.set(pattern, copy)
  }
  return copy
}

/**
 * How an id match is written: the pattern's `value` template filled from its groups (`NW-$1`),
 * else the match without spaces or a leading `#`, in capitals.
 */
function entityValue(match: RegExpExecArray, value: string | undefined): string {
  return value === undefined
    ? match[0].replace(/\s+/gu, '').replace(/^#/u, '').toUpperCase()
    : value.replace(/\$(\d)/gu, (_, group: string) => match[Number(group)] ?? '')
}

/** Every match of one id pattern in `text`: where it is and how it is written (see `entityValue`). */
export function entityMatches(
  text: string,
  { pattern, value }: EntityPattern,
): Array<{ index: number; end: number; value: string }> {
  return matchEvery(globalCopyOf(pattern), text)
    .filter((match) => match[0] !== '')
    .map((match) => ({
      index: match.index,
      end: match.index + match[0].length,
      value: entityValue(match, value),
    }))
}

/** Words that give an example: "like", "e.g.", "for example", "such as", "say". */
const exampleBefore = /\b(?:like|e\.?\s?g\.?|for example|for instance|such as|say)\W*$/i

/**
 * An email given as an example in a question ("what email do you need, like x@y.com?"): it shows
 * a form, it is nobody's address (outside review rv52: it verified x@y.com as the account).
 */
function exampleInQuestion(text: string, start: number, end: number): boolean {
  return (
    exampleBefore.test(text.slice(Math.max(0, start - 20), start)) &&
    /^[^.!\n]{0,60}\?/u.test(text.slice(end))
  )
}

/**
 * Words right before an email that make it not the writer's own: a relation ("my mom's", "a
 * friend"), or a third person's possessive ("her email is": "refund my mom's order, her email is
 * …" verified the mother's account as the writer's).
 */
/** A message that is a number in words alone: "forty", "twenty-five", "one thousand", "fifteen hundred". */
const onlyNumberWords = new RegExp(String.raw`^\W*(${spelledNumberPattern})\W*$`, 'i')

/** The value of a number spelled in words ("forty", "twenty-five", "one hundred and twenty"). */
export function spelledNumberValue(words: string): number | undefined {
  return extractMoney(`${words} dollars`)[0]?.value
}

/** Is the message a number in words alone ("forty", "twenty-five", "one thousand")? */
export function isNumberInWords(text: string): boolean {
  return text.length <= 80 && onlyNumberWords.test(text)
}

/**
 * The writer's own email among those written: not one they deny, an old one or someone else's,
 * one they wrote to ("I emailed billing@… yesterday": the store's address passed as the customer's,
 * outside review rv58 2) or the store's own, nor an example in a question; and of two, the one a correction gives ("jane@exmaple.com sorry
 * jane@example.com": the typo had been verified, outside review rv54 F15).
 */
function ownEmail(text: string, matches: readonly RegExpExecArray[]): RegExpExecArray | undefined {
  let own: RegExpExecArray | undefined
  let end = 0
  for (const match of matches) {
    const mine =
      !notOwnEmail.test(text.slice(Math.max(0, match.index - 40), match.index)) &&
      !exampleInQuestion(text, match.index, match.index + match[0].length)
    if (mine && (own === undefined || correctsEmail.test(text.slice(end, match.index)))) own = match
    end = match.index + match[0].length
  }
  return own
}

/** Words between two emails that correct the first: "sorry", "I mean", "actually", "oops", "typo". */
const correctsEmail =
  /\b(?:sorry|i mean|i meant|actually|oops|whoops|typo|correction|make that|rather|no wait|wait)\b/i

const notOwnEmail =
  /\b(?:e-?mailed|e-?mailing|wrote(?: an? e-?mail)? to|writing to|sent (?:an? )?(?:e-?mail|message|note|it|this|that|them|one)? ?to|messaged|contacted|reached out to|forwarded (?:it |this |that |them )?to|cc['\u2019]?d|copied in)\W+$|\b(?:your|the store['\u2019]s|the company['\u2019]s)\W+(?:[a-z]+\W+)?(?:e-?mail(?:\W+address)?|address)\W+(?:(?:is|was|at)\W+){0,2}$|\b(?:her|his|their)\W+(?:e-?mail(?:\W+address)?|address|account)\W+(?:(?:is|was|it'?s|at)\W+){0,2}$|(?:\b(?:not|old|former|previous|used to be|friend|husband|wife|spouse|partner|boyfriend|girlfriend|fianc[e\u00e9]e?|brother|sister|mom|mum|dad|mother|father|parent|son|daughter|kid|child|grandma|grandmother|grandpa|grandfather|aunt|uncle|cousin|niece|nephew|roommate|colleague|boss|employer|client|customer|tenant|landlord|neighbou?r|someone else)\b|(?<!\b(?:it|that|here|what|this|who|there|mine|one))['\u2019]s(?: account| email)?)\W+(?:(?:is|was|email|address|account|it'?s|at|of|the|my|his|her|their)\W+){0,3}$/i

/**
 * The writer acts for someone else, so no email in the message is their own: "I'm calling on
 * behalf of ann@…", "ann@… (not my account, I'm her assistant)".
 */
const actsForSomeoneElse =
  /\b(?:(?:account|email|order|card)\s+(?:belongs to|is under|is in the name of)\s+(?!me\b|my name\b)|belongs to (?:\S+@|my [a-z]+|him|her|them|someone)|(?:i['\u2019]?m|i am) not the (?:account (?:holder|owner)|owner|card ?holder)|the account (?:holder|owner) is|(?:i['\u2019]?m|i am) (?:just |only )?helping|under (?:his|her|their|(?:my )?[a-z]+['\u2019]s) name|(?:for|of|on) my (?:wife|husband|spouse|partner|fianc[e\u00e9]e?|mom|mum|dad|mother|father|parents?|son|daughter|kids?|child|grandma|grandmother|grandpa|grandfather|aunt|uncle|cousin|roommate|client|customer|boss|employer|friend|brother|sister)(?:['\u2019]s? (?:account|order|card|e-?mail|payment)|\s*\?|\s*$|,? (?:the |their |his |her )?(?:account|e-?mail))|\S+@\S+\s+(?:is|was)\s+(?:my [a-z]+['\u2019]s|his|hers|theirs|not mine)\b|(?:i['\u2019]?m|i am) (?:a |an |the )?(?:[a-z]+ )?(?:supervisor|manager|admin|administrator|employee|staff member|support agent)\b|for (?:customer|user|client|account) \S+@|(?:does|did|has) \S+@\S+ have|on behalf of|on \S+['\u2019]s behalf|not my (?:own )?account(?=\s*[,.;:)!]|\s*$)|(?:i['\u2019]?m|i am) (?:[a-z]+['\u2019]s|his|her|their|the account (?:holder|owner)['\u2019]s) (?:assistant|secretary|colleague|representative|agent|partner|spouse|husband|wife)|(?:calling|writing|asking|contacting you|reaching out|messaging) (?:for|on behalf of) (?:\S+@|my (?:client|customer|boss|friend|wife|husband|partner|mom|mum|dad|mother|father|son|daughter)\b))/i

/**
 * Extracts money (with currency), plain numbers, order/ticket ids, emails and dates from one text.
 *
 * @example
 * extractEntities('Refund $80 for ORD-1001 please') // { amount: 80, currency: 'USD', order_id: 'ORD-1001', ... }
 */
export function extractEntities(text: string, options: ExtractEntitiesOptions = {}): PerceptionEntities {
  const { now = Date.now(), patterns = [] } = options
  const entities: PerceptionEntities = {}
  const spans: Array<[number, number]> = []
  // Every built-in id and plain number has a digit, every email an "@": most messages have neither.
  const digits = /\d/u.test(text)
  const own = patterns.length === 0 ? undefined : new Set(patterns.map((entry) => entry.name))
  const builtIn =
    own === undefined ? builtInPatterns : builtInPatterns.filter((entry) => !own.has(entry.name))
  // An id written inside an email address is part of the address ("jo.nw-2002@example.com" names
  // no order NW-2002).
  const emailMatches = text.includes('@') ? matchEvery(emailPattern, text) : []
  for (const { name, pattern, value } of digits ? [...patterns, ...builtIn] : patterns) {
    if (entities[name] !== undefined) continue
    const global = globalCopyOf(pattern)
    global.lastIndex = 0
    let match = global.exec(text)
    while (
      match !== null &&
      match[0] !== '' &&
      overlapsAny(emailMatches, match.index, match.index + match[0].length)
    ) {
      spans.push([match.index, match.index + match[0].length])
      match = global.exec(text)
    }
    if (match !== null && match[0] !== '') {
      spans.push([match.index, match.index + match[0].length])
      // "NW-1001 or NW-1002", "NW-1001/NW-1002": either one, so neither is taken (the step asks
      // which; outside review rv58 4: the first was refunded).
      const end = global.lastIndex
      const other = global.exec(text)
      if (
        other === null ||
        other[0] === '' ||
        !eitherBetween.test(text.slice(end, other.index)) ||
        entityValue(other, value) === entityValue(match, value)
      )
        entities[name] = entityValue(match, value)
      else spans.push([other.index, other.index + other[0].length])
    }
  }
  // The ids read are no part of an amount: "NW 1001 - 45 usd", "NW 1001 45 usd" are $45 for order
  // NW-1001 (blind attack suite, session 70: the id's digits before a dash or a space made the
  // $45 a range's end or a longer number's, and it was asked for again). Read with each id blanked.
  const money = extractMoney(spans.length === 0 ? text : withSpansBlanked(text, spans))
  if (money.length > 0) {
    Object.assign(entities, { money })
    // Several amounts: the one asked for, else none (the step asks; it never takes the first).
    const requested = requestedAmount(text, money)
    if (requested !== undefined)
      Object.assign(entities, { amount: requested.value, currency: requested.currency })
  } else if (digits) {
    // "Cancel NW-2002, the total was 620": a total without a currency is still the amount.
    const total = totalWithoutCurrency(text)
    if (total !== undefined) entities.amount = total
  }
  const emails = emailMatches.map((match) => match[0])
  if (emails.length > 0) {
    Object.assign(entities, { emails })
    // The email is the writer's own: not one they deny ("not alice@x.com, it's bob@x.com"), an old
    // one, or someone else's ("my friend frank@x.com", "my husband's account, eve@x.com").
    const own = actsForSomeoneElse.test(text) ? undefined : ownEmail(text, emailMatches)
    if (own !== undefined) entities.email = own[0].toLowerCase()
  }
  const dates = extractDates(text, now)
  if (dates.length > 0) Object.assign(entities, { dates, date: dates[0]!.date })
  if (!digits) {
    // "Forty", "twenty-five", "one thousand" alone: the number the step's question asks for, as
    // "40" would be (outside review rv54 S7: each was asked again).
    const spelled = money.length === 0 && text.length <= 80 ? onlyNumberWords.exec(text)?.[1] : undefined
    const value = spelled === undefined ? undefined : spelledNumberValue(spelled)
    if (value !== undefined) Object.assign(entities, { numbers: [value], number: value })
    return entities
  }
  const numbers = plainNumbers(
    text,
    spans,
    money.map((entry) => entry.text),
    dates.map((entry) => entry.text),
  )
  if (numbers.length > 0) Object.assign(entities, { numbers, number: numbers[0] })
  return entities
}

/** What stands between two ids offered as alternatives: "or", "/", "either … or". */
const eitherBetween =
  /^\s*(?:\/|\\|\||,?\s*or(?:\s+maybe|\s+perhaps|\s+possibly)?)\s*(?:(?:order|ticket|#)\s*)?$/i

/** Whether `[start, end)` overlaps one of the matches (an id written inside an email address). */
function overlapsAny(matches: readonly RegExpExecArray[], start: number, end: number): boolean {
  return matches.some((match) => start < match.index + match[0].length && end > match.index)
}

function plainNumbers(text: string, spans: Array<[number, number]>, ...usedTexts: string[][]): number[] {
  const used = usedTexts.flat()
  const numbers: number[] = []
  for (const match of matchEvery(numberPattern, text)) {
    const start = match.index
    if (spans.some(([from, to]) => start >= from && start < to)) continue
    if (
      used.some(
        (fragment) =>
          fragment.includes(match[0]) &&
          text.indexOf(fragment) <= start &&
          start < text.indexOf(fragment) + fragment.length,
      )
    )
      continue
    numbers.push(Number(match[0]))
  }
  return numbers
}

/** `text` with each span written as spaces of its length (indexes keep their places). */
function withSpansBlanked(text: string, spans: ReadonlyArray<readonly [number, number]>): string {
  let blanked = text
  for (const [start, end] of spans)
    blanked = blanked.slice(0, start) + ' '.repeat(end - start) + blanked.slice(end)
  return blanked
}
