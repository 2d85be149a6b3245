import { numberTens, numberUnits } from '../text/index.ts'
import {
  amountScales,
  currencyCodes,
  currencySignClass,
  currencySigns,
  currencyWordKey,
  currencyWordPattern,
  currencyWords,
  dollarCountryNames,
  longestFirst,
  prefixedDollars,
  scaleAlternatives,
  spelledAmountCurrencies,
} from './amount-vocabulary.ts'
import { sentenceOf } from './sentence-of.ts'

/** One money amount mentioned in a text. */
export interface MoneyMention {
  amount: number
  /** ISO 4217 code (`USD` for `$` and `US$`, `EUR` for `€`, ...). */
  currency: string
  /** The matched text, e.g. `$3.5k`, `USD 1,200.50`, `40 euros`. */
  text: string
  /** Index of the sentence it appears in. */
  sentence: number
  /** Offset of the first character of `text`. */
  index: number
  /**
   * Named as a limit, not as an amount given: an upper bound ("up to $50", "capped at $50", "a
   * maximum of $50"), or a lower bound that is a class's threshold ("refunds of more than $50",
   * "anything over $50"). A lower bound given ("I'll refund at least $45 more") is the least the
   * reply commits to: an amount, no limit. A `sum` binding leaves a limit out (a `max` binding beside
   * it still sees it).
   */
  limit?: true
}

/** Words right before an amount that bound it from above ("up to", "capped at", "no more than"). */
const upperBoundBefore =
  /\b(?:up to|at most|no more than|not more than|no higher than|not over|less than|fewer than|under|below|capped at|cap(?:ped)? (?:of|is)|limit(?:ed)? (?:of|to|is|at)|maximum(?: of| is)?|max)\s*$/iu

/** Words right before an amount that bound it from below ("at least", "more than", "over"). */
const lowerBoundBefore =
  /\b(?:at least|more than|over|above|beyond|exceed(?:s|ing)?|in excess of|minimum(?: of| is)?)\s*$/iu

/**
 * What a lower bound qualifies when it is a threshold: a class of things, a plural noun or "any…"
 * ("refunds of more than $50", "orders over $100", "anything above $20"). After a verb ("will
 * refund at least", "refunded over") or a single thing ("a refund of over $40") it is an amount given.
 * The words ending in s that are no plural noun are the verbs and words a reply says before a bound.
 */
const thresholdOf =
  /\b(?:(?!(?:is|was|has|does|gets|its|this|thus|plus|less|us|yes|his|hers|ours|yours|theirs|as|always|perhaps)\b)[a-z]+s|any(?:thing|one)?(?:\s+[a-z]+)?|everything)(?:\s+(?:of|for|at|worth|totall?ing))?\s*$/iu

/**
 * Words right after an amount that name it the limit ("$50 is the most I can refund", "$50 was our
 * cap"): a benign control of session 70's blind draft attack was refused for adding its $50 to the
 * $35 refunded. A `max` binding still sees it: "$80 is the most we could do" is $80.
 */
const upperBoundAfter =
  /^\s+(?:is|was|would be|will be)\s+(?:the\s+|our\s+|my\s+)?(?:most|maximum|max|highest|limit|cap|ceiling)\b/iu

/** Is the amount at `index` (to `end`) of `text` named as a limit (see {@link MoneyMention.limit})? */
function namedAsLimit(text: string, index: number, end: number): boolean {
  const before = text.slice(Math.max(0, index - 64), index)
  if (upperBoundBefore.test(before) || upperBoundAfter.test(text.slice(end, end + 40))) return true
  const lower = lowerBoundBefore.exec(before)
  return lower !== null && thresholdOf.test(before.slice(0, lower.index))
}

/** Every sign an amount is written with (`$`, `US$`, `€`, ...), and its currency. */
const symbolCurrencies: Readonly<Record<string, string>> = {
  $: 'USD',
  ...prefixedDollars,
  ...currencySigns,
}

/**
 * The country of a dollar named after its amount: its ISO code (`$40 CAD`, `40 bucks AUD`), or its
 * country's name with the word dollars (`$40 Canadian dollars`). A name alone is no currency:
 * "$40 Canadian Tire gift card", "$40 in Singapore at the airport" are US dollars as written.
 */
const dollarCodes: Readonly<Record<string, string>> = {
  usd: 'USD',
  cad: 'CAD',
  aud: 'AUD',
  nzd: 'NZD',
  hkd: 'HKD',
  sgd: 'SGD',
  mxn: 'MXN',
}
const dollarCountryAfter = new RegExp(
  `^\\s?(?:(${Object.keys(dollarCodes).join('|')})(?![\\w'’])|(${Object.keys(dollarCountryNames).join('|')})\\s(?:dollars?|bucks)\\b)`,
  'i',
)

/** The currency words and codes of {@link currencyWords}, longest first, as alternatives. */
const currencyWordAlternatives = longestFirst(Object.keys(currencyWords))
  .split('|')
  .map(currencyWordPattern)
  .join('|')
/** Codes read before an amount (`USD 20`, `KWD 200`). */
const codeAlternatives = currencyCodes.join('|')
/** The letters of the dollars written with their country's (`US`, `A`, ...), before a `$`. */
const dollarPrefixes = Object.keys(prefixedDollars)
  .map((sign) => sign.slice(0, -1))
  .join('|')
/** The signs but the dollar's, read after an amount (`75 €`; a `$` after one is read apart). */
const signsAfter = currencySignClass.replace('$', '')

// Bounded quantifiers keep the pattern linear in the text length. The scale needs a word boundary:
// without it "$5 more" read as five million.
// A whole number grouped by dots, as much of Europe writes it (`1.000 €`, `2.500 EUR`,
// `€1.234,56`), is one alternative of it: read as the thousands it is where the currency is no
// dollar (`extractMoneyMentions`); it was read as `1.000`, one euro.
const amount = String.raw`(\d{1,3}(?:,\d{3}){1,5}|\d{1,3}(?:\.\d{3}){1,4}(?:,\d{1,2})?(?!\.?\d)|\d{1,15})(?:\.(\d{1,4}))?`
// "Grand" is a thousand only where it ends the amount: see `grandEndsAmount`.
const scale = String.raw`(?:\s?(${scaleAlternatives})\b)?`
/**
 * The money pattern. `strict` reads only amounts written whole: no letter or digit glued to the
 * number, nor a digit a space away (`$6OO`, `$0.5e3`, `1e3 dollars`, `$ 6 0` are no amounts; `$5k`
 * still is). Replies are read
 * leniently (a hard-safety cap must see the `$600` in `$600USD`); a user's message strictly
 * (a typo must be asked about, not read as `$6`).
 */
function moneyPatternOf(strict: boolean): RegExp {
  // Nor the end of a longer number (`1 200 $`, `1'200 $`) or of a range (`20-30 dollars`): only
  // a part of the amount written, which must be asked about, never read short (`$200` of `1 200 $`
  // passed a $500 approval threshold). An id's digits before a space are no part of it: "NW-1001
  // 20 bucks" is $20 for order NW-1001.
  const partOfNumber = String.raw`|(?<![A-Za-z][-#]?\d*)\d[\s\u00a0\u202f'’]|\d\s?[-–]\s?`
  const before = strict ? String.raw`(?<![\w.,'’]${partOfNumber})` : ''
  const after = strict ? String.raw`(?![A-Za-z0-9]|[.,]\d|\s\d)` : ''
  return new RegExp(
    [
      String.raw`((?<![A-Za-z])(?:${dollarPrefixes})\$|[${currencySignClass}])\s?${amount}${scale}${after}`,
      // The lookahead first: most words are no code before a number, and the codes are many.
      String.raw`\b(?=[a-z]{3}\s?\d)(${codeAlternatives})\s?${amount}${scale}${after}`,
      String.raw`${before}${amount}${scale}[\s-]?(${currencyWordAlternatives})\b`,
      // A symbol after the amount, as written in much of Europe and Canada: `75 €`, `20€`, `500$`
      // (a `$` that starts the next amount, `5 $10`, is that amount's).
      String.raw`(?<![\d.,${strict ? `A-Za-z_'’]${partOfNumber}` : ']'})${amount}\s?([${signsAfter}]|(?:(?:${dollarPrefixes})(?=\$))?\$(?!\s?\d))`,
    ].join('|'),
    'giu',
  )
}
const moneyPattern = moneyPatternOf(false)
const strictMoneyPattern = moneyPatternOf(true)

const units: Readonly<Record<string, number>> = Object.fromEntries(
  numberUnits.map((word, value) => [word, value]),
)
const tens: Readonly<Record<string, number>> = Object.fromEntries(
  numberTens.map((word, index) => [word, (index + 2) * 10]),
)
const numberWord = new RegExp(
  `^(?:${[...Object.keys(units), ...Object.keys(tens), 'hundred', 'thousand', 'and', 'a'].join('|')}|\\d{1,3})$`,
  'u',
)
// Up to eight words before a currency word; the number is the longest run of number words ending
// there. Its words may be digits beside a scale word ("6 hundred and 20 dollars" is 620).
// A word of the run is no currency word itself: "twenty dollars and fifty cents, then 40 euros"
// is two amounts, not one run ending in "euros" that swallows the dollars.
const spelledCurrencyAlternatives = longestFirst(spelledAmountCurrencies)
  .split('|')
  .map(currencyWordPattern)
  .join('|')
const wordMoneyPattern = new RegExp(
  String.raw`\b((?:(?!(?:${spelledCurrencyAlternatives})\b)[a-z0-9]+[\s-]+){1,8})(${spelledCurrencyAlternatives})\b`,
  'giu',
)
/** The stems of those words: a text with none has no amount spelled in words. */
const spelledCurrencyStem = new RegExp(
  `(${[...new Set(spelledAmountCurrencies.map((word) => word.replace(/s$/u, '')))].join('|')})`,
  'iu',
)

/** `seven hundred and eighty` → 780, `forty` → 40; undefined for anything else. */
function parseNumberWords(words: readonly string[]): number | undefined {
  let total = 0
  let current = 0
  let seen = false
  for (const word of words) {
    if (word === 'and') continue
    if (word === 'a') {
      current = Math.max(current, 1)
      continue
    }
    if (word in units) current += units[word]!
    else if (word in tens) current += tens[word]!
    else if (/^\d{1,3}$/u.test(word)) current += Number(word)
    else if (word === 'hundred') current = Math.max(current, 1) * 100
    else if (word === 'thousand') {
      total += Math.max(current, 1) * 1000
      current = 0
    } else return undefined
    seen = true
  }
  return seen ? total + current : undefined
}

/**
 * Does a run of number words with digits in it say more than a digit parser reads: a scale word
 * with words after it ("6 hundred and 20", "1 thousand 2 hundred")? "6 hundred" alone and "2
 * thousand" are the digit parser's (a scale after the digits).
 */
function joinsDigits(words: readonly string[]): boolean {
  const scale = words.findIndex((word) => word === 'hundred' || word === 'thousand')
  return scale >= 0 && words.slice(scale + 1).some((word) => word !== 'and')
}

/** Amounts written in words before a currency word: `forty dollars`, `twenty-five euros`. */
function wordMoneyMentions(
  text: string,
  sentence: (index: number) => number,
  strict: boolean,
): MoneyMention[] {
  const mentions: MoneyMention[] = []
  for (const match of text.matchAll(wordMoneyPattern)) {
    const words = (match[1] as string)
      .toLowerCase()
      .split(/[\s-]+/u)
      // A hyphen joins the amount to its currency word ("eighty-dollar refund"): no word after it.
      .filter((word) => word !== '')
    let start = words.length
    while (start > 0 && numberWord.test(words[start - 1]!)) start--
    // Digits are the digit parser's ("20 dollars", "2 thousand euros", "$20 - five dollars" is $20
    // and five dollars) unless a scale word joins them to more ("6 hundred and 20"): the run then
    // starts after its last digits.
    if (!joinsDigits(words.slice(start)))
      for (let index = words.length - 1; index >= start; index--)
        if (/\d/u.test(words[index]!)) {
          start = index + 1
          break
        }
    if (start === words.length) continue
    // "a dollar" is not an amount worth binding; a lone "and" or "a" never is.
    const value = parseNumberWords(
      words.slice(start).filter((word, index) => index > 0 || (word !== 'and' && word !== 'a')),
    )
    // A run must open with a unit, a ten, "a" or joined digits; in a reply also with "hundred" or
    // "thousand" ("your hundred-dollar refund": blind attack suite, session 70), at least what
    // "several hundred dollars" says, as a cap reads it (a user's is asked about). Never right
    // after digits: "2 thousand euros" is the digit parser's 2000.
    if (
      value === undefined ||
      value === 0 ||
      (/^(hundred|thousand)$/u.test(words[start] ?? '') && (strict || /\d/u.test(words[start - 1] ?? '')))
    )
      continue
    const prefix = words.slice(0, start).join(' ')
    const offset = match.index + match[0].toLowerCase().indexOf(words[start]!, prefix.length)
    const matched = text.slice(offset, match.index + match[0].length)
    // A reply's amount is kept whatever follows it (a cap must see it); a user's is asked about.
    const cents = centsAfter(text, match.index + match[0].length) ?? (strict ? undefined : 0)
    if (cents === undefined) continue
    mentions.push({
      amount: value + cents / 100,
      currency: currencyWords[currencyWordKey(match[2] as string)] as string,
      text: matched,
      sentence: sentence(offset),
      index: offset,
      ...(namedAsLimit(text, offset, offset + matched.length) ? { limit: true as const } : {}),
    })
  }
  return mentions
}

/**
 * White space (and, between words, hyphens) holding at most one line break: cents said after a
 * blank line belong to a new paragraph, not to the amount before it ("$20\n\n50 cents" is not 20.50).
 */
const oneBreak = (extra: string) =>
  String.raw`(?:[^\S\r\n]${extra})*(?:(?:\r\n|\n|\r)(?:[^\S\r\n]${extra})*)?`
const gap = String.raw`(?=\s)${oneBreak('')}`
const wordGap = String.raw`(?=[\s-])${oneBreak('|-')}`

/** Cents said after an amount ("… and fifty cents", "… 50 cents"). */
const centsPattern = new RegExp(
  String.raw`^${gap}(?:and${gap})?((?:[a-z]+${wordGap}){1,3}|\d{1,3}${oneBreak('')})(?:cents?|¢)(?![\p{L}\p{N}])`,
  'iu',
)

/**
 * The cents said right after an amount at `end` of `text`: 0 when none are, undefined when some
 * are but not as a number from 0 to 99 (the amount is then asked about, never read without them).
 */
function centsAfter(text: string, end: number): number | undefined {
  const match = centsPattern.exec(text.slice(end, end + 48))
  if (match === null) return 0
  const said = (match[1] as string).trim().toLowerCase()
  const value = /^\d+$/u.test(said) ? Number(said) : parseNumberWords(said.split(/[\s-]+/u))
  return value !== undefined && value < 100 ? value : undefined
}

/**
 * A currency whose amounts group thousands with dots where they are so written: any but the
 * dollars (`$`, `USD`, "dollars", "bucks", `A$`...), read as the US writes them.
 */
const dottedThousands = /^(?!USD|CAD|AUD|NZD|HKD|SGD)[A-Z]{3} (?![^$]*\$)(?!.*(?:dollar|buck))/iu

function toAmount(whole: string, fraction: string | undefined, multiplier: string | undefined): number {
  const value = Number(`${whole.replaceAll(',', '')}${fraction === undefined ? '' : `.${fraction}`}`)
  if (multiplier === undefined) return value
  return value * (amountScales[multiplier.toLowerCase()] as number)
}

/**
 * Every money amount in a text with its currency: `$75`, `US$5`, `USD 1,200.50`, `40 euros`,
 * `€3.5k`, `5k dollars`, `$2 million`, `75 €`, `forty dollars`, `seven hundred and eighty bucks`. The one money parser of Focal: Lane 1 binds reply amounts
 * with it and the sensor reads user amounts with it (`strict`: see `moneyPatternOf`).
 */
export function extractMoneyMentions(text: string, options: { strict?: boolean } = {}): MoneyMention[] {
  // Every amount has a digit or a currency word: most messages and sentences have neither.
  const words = spelledCurrencyStem.test(text)
  if (!words && !/\d/u.test(text)) return []
  const sentence = sentenceOf(text)
  const mentions: MoneyMention[] = []
  for (const match of text.matchAll(options.strict === true ? strictMoneyPattern : moneyPattern)) {
    const [matched, symbol, w1, f1, s1, code, w2, f2, s2, w3, f3, s3, word, w4, f4, after] = match
    let value: number
    let currency: string
    if (w4 !== undefined) {
      value = toAmount(w4, f4, undefined)
      currency = symbolCurrencies[(after as string).toUpperCase()] as string
    } else if (w1 !== undefined) {
      value = toAmount(w1, f1, s1)
      currency = symbolCurrencies[symbol as string] as string
    } else if (w2 !== undefined) {
      value = toAmount(w2, f2, s2)
      currency = (code as string).toUpperCase()
    } else {
      value = toAmount(w3 as string, f3, s3)
      currency = currencyWords[currencyWordKey(word as string)] as string
    }
    // `$1.200`, `$49.999`: three decimals are a thousands group in much of Europe, or a typo; a
    // user's amount so written is asked about (`$1.200` was read as $1.20).
    const fraction = f1 ?? f2 ?? f3 ?? f4
    if (options.strict === true && fraction !== undefined && fraction.length > 2) continue
    // `1.000 €`, `2.500 EUR`: a dot-grouped whole is thousands in another currency than the dollar,
    // the way it is written there; in dollars it stays what it was (asked about in a user's message,
    // read as `1.2` in a reply: `$1.200`).
    const whole = w1 ?? w2 ?? w3 ?? w4
    if (whole?.includes('.') === true) {
      if (!dottedThousands.test(`${currency} ${matched}`)) {
        if (options.strict === true) continue
        const [units, group] = whole.split('.')
        value = toAmount(`${units}.${group}`, undefined, undefined)
      } else value = toAmount(whole.replaceAll('.', '').replace(',', '.'), undefined, s1 ?? s2 ?? s3)
    }
    // "20 dollars and 50 cents" is 20.50; cents it cannot read make no amount (never 20).
    // The cents said after it count in a reply too: "50 dollars and 90 cents" is over a $50 cap
    // (outside review rv63 1: it was read as $50).
    const cents = centsAfter(text, match.index + matched.length) ?? (options.strict === true ? undefined : 0)
    if (cents === undefined) continue
    value += cents / 100
    // `$40 CAD`, `40 dollars AUD`: a dollar whose country is named after it is that country's.
    let written = matched
    // Read in a user's message only: a reply's amount stays as its symbol says, for Lane 1.
    if (
      options.strict === true &&
      currency === 'USD' &&
      (symbol === '$' || word !== undefined || after === '$')
    ) {
      const country = dollarCountryAfter.exec(
        text.slice(match.index + matched.length, match.index + matched.length + 24),
      )
      if (country !== null) {
        currency =
          country[1] !== undefined
            ? (dollarCodes[country[1].toLowerCase()] as string)
            : (dollarCountryNames[(country[2] as string).toLowerCase()] as string)
        written = `${matched}${country[0]}`
      }
    }
    if (Number.isFinite(value))
      mentions.push({
        amount: value,
        currency,
        text: written,
        sentence: sentence(match.index),
        index: match.index,
        ...(namedAsLimit(text, match.index, match.index + matched.length) ? { limit: true as const } : {}),
      })
  }
  if (!words) return mentions
  const spelled = wordMoneyMentions(text, sentence, options.strict === true)
  // "6 hundred and 20 dollars": the digits' "20 dollars" is part of the amount the words say.
  const within = (mention: MoneyMention) =>
    spelled.some((word) => mention.index > word.index && mention.index < word.index + word.text.length)
  return [...mentions.filter((mention) => !within(mention)), ...spelled].sort(
    (left, right) => left.index - right.index,
  )
}
