import { numberWordPattern, parseNumberWord } from '../text/index.ts'
import { amountScales, currencySignClass, currencyWords, percentWords } from './amount-vocabulary.ts'
import { extractMoneyMentions, type MoneyMention } from './extract-money-mentions.ts'
import { sentenceOf } from './sentence-of.ts'
import type { VariableBinding } from './types.ts'

const percentPattern = new RegExp(
  String.raw`(\d+(?:\.\d+)?)\s?(?:%|${percentWords.map((words) => String.raw`${words}\b`).join('|')})`,
  'giu',
)
const countPattern = new RegExp(String.raw`\b(\d+|${numberWordPattern})\s+([a-z][a-z-]+)`, 'giu')
const emailPattern = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/gu
const countStopWords = new Set([
  'to',
  'and',
  'or',
  'of',
  'in',
  'on',
  'at',
  'for',
  'the',
  'a',
  'an',
  'is',
  'are',
  'was',
  // A percentage's first word and the one-letter scales: `75 percent`, `20 per cent`, `5 k` are no counts.
  ...percentWords.map((words) => words.split(' ')[0] as string),
  ...Object.keys(amountScales).filter((scale) => scale.length === 1),
])
/** A character before a number that makes it an amount's (`$75 to`, `1,200 USD`), no count's. */
const amountBefore = new RegExp(`[${currencySignClass},.\\d]`, 'u')

/**
 * A text as a reader sees it: compatibility forms folded (`＄５００` is `$500`) and invisible
 * formatting characters dropped (`$5\u200b00` is `$500`, `re\u00adfunded` is `refunded`). A
 * refund cap read the raw text, so each of those let a $500 refund through a $50 cap. So did, in
 * outside review rv63 1, what a reader reads as $500 just as well: an HTML character reference
 * (`&#36;500`), digits of another script (`$٥٠٠`), a typographic thousands space (`$4\u00a0500`),
 * digits spaced out or an O among them after a sign (`$ 5 0 0`, `$5O0`), and an amount under a
 * money key of JSON (`{"amount": 500, "currency": "USD"}`).
 */
export function readableText(text: string): string {
  let read = text.includes('&') ? decodeCharacterReferences(text) : text
  if (typographicSpace.test(read)) read = read.replace(thousandsSpace, '$1')
  // A run forced right to left shows its characters in reverse: `$\u202e08\u202c` shows $80.
  if (read.includes('\u202e'))
    read = read.replace(rightToLeftRuns, (_, run: string) => [...run].reverse().join(''))
  read = read.normalize('NFKC').replace(/\p{Cf}/gu, '')
  if (otherDigit.test(read)) read = read.replace(otherDigits, asciiDigit)
  if (read.includes('\u20e3')) read = read.replace(keycaps, '$1')
  if (markupInAmount.test(read)) read = read.replace(markupInAmounts, '')
  if (spreadAmount.test(read))
    read = read.replace(spreadAmounts, (amount) =>
      amount.replace(/(?<=\d) (?=\d)/gu, '').replace(/[Oo]/gu, '0'),
    )
  if (commaCents.test(read)) read = read.replace(commaCentsAmounts, '$1.$2')
  if (centsAmount.test(read))
    read = read.replace(centsAmounts, (_, cents: string) => `$${Number(cents) / 100}`)
  if (read.includes('"')) read = read.replace(jsonAmount, jsonAmountRead)
  return read
}

/**
 * What a blind attack on the refund cap wrote (session 70), and how a reader sees it: a run
 * forced right to left (U+202E to U+202C or the line's end) shows reversed; a keycap digit
 * (`8️⃣`) is its digit; Markdown emphasis or HTML tags inside an amount render as nothing
 * (`$8**0**`, `<b>$8</b><b>0</b>` show $80); a run of O's ending an amount is zeros (`$1OO`); a
 * decimal comma before a currency (`75,00 €`) is cents; a count of cents of a dollar or more
 * (`7500 cents`, `150¢`) is dollars.
 */
const rightToLeftRuns = /\u202e([^\u202a-\u202e\u2066-\u2069\n]*)(?:\u202c|(?=\n)|$)/gu
const keycaps = /(\d)\ufe0f?\u20e3/gu
const markup = String.raw`(?:\*{1,3}|_{1,3}|~~|\x60|<\/?[A-Za-z][^<>]{0,40}>|<!--[^]{0,40}?-->)`
const amountCharacter = `[\\d${currencySignClass}]`
const markupInAmount = new RegExp(`${amountCharacter}${markup}+[\\d.,]`, 'u')
const markupInAmounts = new RegExp(`(?<=${amountCharacter})${markup}+(?=[\\d.,]|${markup})`, 'gu')
const commaCents = /\d,\d\d\s?(?:[\u20ac\u00a3\u00a5\u20b9$]|[A-Za-z])/u
const commaCentsAmounts =
  /(?<![\d.,])(\d{1,3}),(\d{2})(?=\s?(?:[\u20ac\u00a3\u00a5\u20b9$]|(?:eur|euros?|usd|dollars?|gbp|pounds?|chf|francs?)\b))/giu
const centsAmount = /\d{3}\s?(?:cents?\b|\u00a2)/iu
const centsAmounts = /(?<![\d.,$\u20ac\u00a3])(\d{3,9})\s?(?:cents?\b|\u00a2)/giu

/** `&#36;`, `&#x24;` and the named references of signs and spaces a reply may be written with. */
const characterReference =
  /&(?:#(\d{1,7})|#x([\da-f]{1,6})|(dollar|euro|pound|yen|cent|nbsp|amp|quot|apos|lt|gt));/giu
const namedReferences: Readonly<Record<string, string>> = {
  dollar: '$',
  euro: '€',
  pound: '£',
  yen: '¥',
  cent: '¢',
  nbsp: '\u00a0',
  amp: '&',
  quot: '"',
  apos: "'",
  lt: '<',
  gt: '>',
}
function decodeCharacterReferences(text: string): string {
  return text.replace(characterReference, (reference, decimal?: string, hex?: string, name?: string) => {
    if (name !== undefined) return namedReferences[name.toLowerCase()] ?? reference
    const point = decimal !== undefined ? Number(decimal) : Number.parseInt(hex ?? '', 16)
    return point > 0 && point <= 0x10ffff && !(point >= 0xd800 && point <= 0xdfff)
      ? String.fromCodePoint(point)
      : reference
  })
}

/** A no-break, narrow no-break or thin space between a group of digits and three more: `4\u00a0500`. */
const typographicSpace = /\d[\u00a0\u202f\u2009]\d{3}/u
const thousandsSpace = /(\d)[\u00a0\u202f\u2009](?=\d{3}(?!\d))/gu

/** A decimal digit of another script than ASCII (Arabic-Indic `٥`, Devanagari `५`, …). */
const otherDigit = /(?![0-9])\p{Nd}/u
const otherDigits = /(?![0-9])\p{Nd}/gu
const digitOnly = /^\p{Nd}$/u
/** The ASCII digit of a digit of another script: its place in its run of ten. */
function asciiDigit(digit: string): string {
  const point = digit.codePointAt(0) as number
  let zero = point
  while (zero > point - 60 && digitOnly.test(String.fromCodePoint(zero - 1))) zero--
  return String((point - zero) % 10)
}

/** An amount after a sign with its digits spaced out or an O among them: `$ 5 0 0`, `$5O0`. */
const spreadAmount = new RegExp(
  `[${currencySignClass}] ?\\d(?: \\d|[Oo]+\\d|[\\dOo]*[Oo](?![\\p{L}\\p{N}]))`,
  'u',
)
const spreadAmounts = new RegExp(
  `(?<=[${currencySignClass}] ?)\\d(?:(?: \\d)+(?!\\d)|[\\dOo]*[Oo][\\dOo]*\\d|[\\dOo]*[Oo](?![\\p{L}\\p{N}]))`,
  'gu',
)

/**
 * An amount under a money key of JSON (`"amount": 500`, `"refund_amount": "40.00"`), with the
 * currency its object names within a few fields (`"currency": "USD"`), dollars when none.
 */
const jsonAmount =
  /("(?:amount|refund|refund_amount|refundAmount|total_amount|totalAmount|price|cost)"\s*:\s*"?)(\d+(?:\.\d+)?)(?=["\s,}])/gu
const jsonCurrency = /"currency"\s*:\s*"([A-Za-z]{3})"/u
function jsonAmountRead(_: string, key: string, amount: string, index: number, text: string): string {
  const around = text.slice(Math.max(0, index - 160), index + 160)
  const code = jsonCurrency.exec(around)?.[1]?.toUpperCase() ?? 'USD'
  return `${key}${code === 'USD' ? '$' : `${code} `}${amount}`
}

/** Sentences (by index) containing a word that starts with `label` (case-insensitive). */
function sentencesWithLabel(
  text: string,
  label: string,
  sentence: (index: number) => number,
): ReadonlySet<number> {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const found = new Set<number>()
  for (const match of text.matchAll(new RegExp(`(?<![\\p{L}])${escaped}`, 'giu')))
    found.add(sentence(match.index))
  return found
}

function pick(values: number[], how: VariableBinding['pick']): number | undefined {
  if (values.length === 0) return undefined
  switch (how ?? 'max') {
    case 'min':
      return Math.min(...values)
    case 'first':
      return values[0]
    case 'last':
      return values[values.length - 1]
    case 'sum':
      return values.reduce((total, value) => total + value, 0)
    default:
      return Math.max(...values)
  }
}

/** A number read from a text, with the sentence it is in. */
export interface LabelledNumber {
  value: number
  sentence: number
  noun: string
}

function extractMatches(
  text: string,
  pattern: RegExp,
  read: (match: RegExpMatchArray) => LabelledNumber | undefined,
): LabelledNumber[] {
  const found: LabelledNumber[] = []
  for (const match of text.matchAll(pattern)) {
    const value = read(match)
    if (value !== undefined) found.push(value)
  }
  return found
}

/** Capitalised word sequences that do not start a sentence ("Acme Corp", "Jane Doe"). */
function extractEntities(text: string): string[] {
  const entities: string[] = []
  for (const match of text.matchAll(/(?<=[\p{Ll}\p{N},;:] )\p{Lu}[\p{L}'-]*(?: \p{Lu}[\p{L}'-]*)*/gu))
    entities.push(match[0])
  return entities
}

/**
 * Extracts the variables Lane 1 rules check from a draft reply or tool call text: every money
 * amount (`money_amounts`, `money_total`), `percentages`, `counts` per noun, `emails`, `entities`,
 * plus one variable per binding (`refund_amount` = the largest USD amount in a sentence mentioning
 * "refund"). A binding that finds nothing is absent (so a check on it fails) unless it has a default.
 *
 * @example
 * extractResponseVariables("I've refunded $75 to your card", [{ name: 'refund_amount', kind: 'money', label: 'refund' }])
 * // { refund_amount: 75, money_amounts: [75], ... }
 */
export function extractResponseVariables(
  given: string,
  bindings: readonly VariableBinding[] = [],
  read: ResponseReading = readResponse(given),
  options: ExtractResponseVariablesOptions = {},
): Record<string, unknown> {
  const variables: Record<string, unknown> = { ...readingVariables(read) }
  for (const binding of bindings) {
    const value = bindValue(binding, read, options.labelOpenSentence === true)
    if (value !== undefined) variables[binding.name] = value
    else if (binding.default !== undefined) variables[binding.name] = binding.default
  }
  return variables
}

const variablesOfReadings = new WeakMap<ResponseReading, Readonly<Record<string, unknown>>>()

/**
 * The variables of a reading every rule has (`money_amounts`, `money_total`, ...), built once per
 * reading: the rules of one check, and both judgements of a streamed draft, share them.
 */
function readingVariables(read: ResponseReading): Readonly<Record<string, unknown>> {
  let variables = variablesOfReadings.get(read)
  if (variables === undefined) {
    const { money, percentages, counts, emails, entities } = read
    variables = {
      money_amounts: money.map((mention) => mention.amount),
      money_total: money.reduce((total, mention) => total + mention.amount, 0),
      percentages: percentages.map((percentage) => percentage.value),
      counts: Object.fromEntries(counts.map((count) => [count.noun, count.value])),
      emails,
      entities,
    }
    variablesOfReadings.set(read, variables)
  }
  return variables
}

/** Options of {@link extractResponseVariables}. */
export interface ExtractResponseVariablesOptions {
  /**
   * Read the text's last sentence as labelled for every binding: a draft still being written may
   * name the label later in that sentence ("You'll get $75 back as a refund"). @default false
   */
  labelOpenSentence?: boolean
}

/**
 * The amounts, percentages, counts, emails and entities of a text, read once for every rule that
 * checks it ({@link extractResponseVariables} binds each rule's names from it).
 */
export function readResponse(given: string): ResponseReading {
  const text = readableText(given)
  const money = extractMoneyMentions(text)
  const sentence = sentenceOf(text)
  const percentages = extractMatches(text, percentPattern, (match) => ({
    value: Number(match[1]),
    sentence: sentence(match.index ?? 0),
    noun: '%',
  }))
  const counts = extractMatches(text, countPattern, (match) => {
    const word = (match[1] as string).toLowerCase()
    const noun = (match[2] as string).toLowerCase()
    const before = text[(match.index ?? 0) - 1] ?? ' '
    // "$75 to" and "1,200 USD" are amounts, not counts.
    if (amountBefore.test(before) || countStopWords.has(noun) || currencyWords[noun] !== undefined)
      return undefined
    const value = parseNumberWord(word) ?? Number.NaN
    return Number.isFinite(value) ? { value, sentence: sentence(match.index ?? 0), noun } : undefined
  })
  const emails = [...text.matchAll(emailPattern)].map((match) => match[0])
  const entities = extractEntities(text)
  let numbers: LabelledNumber[] | undefined
  const labels = new Map<string, (sentence: number) => boolean>()
  return {
    text,
    money,
    percentages,
    counts,
    emails,
    entities,
    sentences: sentence(text.length),
    lastSentence: sentence(Math.max(0, text.length - 1)),
    numbers: () => (numbers ??= readNumbers(text, sentence)),
    labelled(label) {
      let found = labels.get(label)
      if (found === undefined) {
        const sentences = sentencesWithLabel(text, label, sentence)
        found = (index) => sentences.has(index)
        labels.set(label, found)
      }
      return found
    },
  }
}

/** The numbers a `number` binding reads: digits with an optional decimal part, no part of a word. */
function readNumbers(text: string, sentence: (index: number) => number): LabelledNumber[] {
  return [...text.matchAll(/(?<![\w.])\d+(?:\.\d+)?(?![\w.]\d)/gu)].map((match) => ({
    value: Number(match[0]),
    sentence: sentence(match.index),
    noun: '',
  }))
}

/**
 * What {@link extractResponseVariables} reads from a text before its bindings: of one text
 * (`readResponse`), or of a draft read in pieces (`createDraftReader`), sentences counted from
 * the draft's start.
 */
export interface ResponseReading {
  /** The text as read ({@link readableText}); of a draft read in pieces, its last piece only. */
  text: string
  money: MoneyMention[]
  percentages: LabelledNumber[]
  counts: LabelledNumber[]
  emails: string[]
  entities: string[]
  /** How many sentence ends the text has (`sentenceOf`). */
  sentences: number
  /** The sentence of the text's last character (0 for an empty text). */
  lastSentence: number
  /** The numbers a `number` binding reads, read when first asked for. */
  numbers(): readonly LabelledNumber[]
  /** Whether a sentence has a word that starts with `label` (case-insensitive); read once per label. */
  labelled(label: string): (sentence: number) => boolean
}

function bindValue(
  binding: VariableBinding,
  extracted: ResponseReading,
  labelOpenSentence: boolean,
): unknown {
  const labelled = binding.label === undefined ? undefined : extracted.labelled(binding.label)
  const inLabel = (sentence: number): boolean =>
    labelled === undefined || labelled(sentence) || (labelOpenSentence && sentence === extracted.lastSentence)
  switch (binding.kind) {
    case 'money': {
      const currency = binding.currency?.toUpperCase()
      // A sum adds the amounts given: a limit named beside them ("capped at $50") is none.
      const sum = binding.pick === 'sum'
      const amounts = extracted.money
        .filter(
          (mention) =>
            inLabel(mention.sentence) &&
            !(sum && mention.limit === true) &&
            (currency === undefined || mention.currency === currency || mention.currency === undefined),
        )
        .map((mention) => mention.amount)
      return pick(amounts, binding.pick)
    }
    case 'percentage':
      return pick(
        extracted.percentages
          .filter((percentage) => inLabel(percentage.sentence))
          .map((percentage) => percentage.value),
        binding.pick,
      )
    case 'count': {
      const noun = binding.label?.toLowerCase()
      const matching = extracted.counts.filter((count) => noun === undefined || count.noun.startsWith(noun))
      return pick(
        matching.map((count) => count.value),
        binding.pick,
      )
    }
    case 'number':
      return pick(
        extracted
          .numbers()
          .filter((number) => inLabel(number.sentence))
          .map((number) => number.value),
        binding.pick,
      )
    case 'email':
      return binding.pick === 'last' ? extracted.emails.at(-1) : extracted.emails[0]
    case 'entity': {
      const entities =
        binding.label === undefined
          ? extracted.entities
          : extracted.entities.filter((entity) =>
              entity.toLowerCase().includes((binding.label as string).toLowerCase()),
            )
      return binding.pick === 'last' ? entities.at(-1) : entities[0]
    }
    default:
      return undefined
  }
}
