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
}

const symbolCurrencies: Record<string, string> = {
  $: 'USD',
  US$: 'USD',
  '€': 'EUR',
  '£': 'GBP',
  '¥': 'JPY',
  '₹': 'INR',
  '₩': 'KRW',
}

/** Currency words and codes read after an amount (`40 euros`, `12 usd`). */
export const moneyWordCurrencies: Readonly<Record<string, string>> = {
  usd: 'USD',
  dollar: 'USD',
  dollars: 'USD',
  bucks: 'USD',
  eur: 'EUR',
  euro: 'EUR',
  euros: 'EUR',
  gbp: 'GBP',
  pound: 'GBP',
  pounds: 'GBP',
  jpy: 'JPY',
  yen: 'JPY',
  cad: 'CAD',
  aud: 'AUD',
  chf: 'CHF',
  inr: 'INR',
  rupees: 'INR',
}

// Bounded quantifiers keep the pattern linear in the text length. The scale needs a word boundary:
// without it "$5 more" read as five million.
const amount = String.raw`(\d{1,3}(?:,\d{3}){1,5}|\d{1,15})(?:\.(\d{1,4}))?`
const scale = String.raw`(?:\s?(k|m|million|thousand)\b)?`
const moneyPattern = new RegExp(
  [
    String.raw`(US\$|[$€£¥₹₩])\s?${amount}${scale}`,
    String.raw`\b(USD|EUR|GBP|JPY|CAD|AUD|CHF|INR)\s?${amount}${scale}`,
    String.raw`${amount}${scale}\s?(usd|dollars?|bucks|eur|euros?|gbp|pounds?|jpy|yen|cad|aud|chf|inr|rupees)\b`,
  ].join('|'),
  'giu',
)

function toAmount(whole: string, fraction: string | undefined, multiplier: string | undefined): number {
  const value = Number(`${whole.replaceAll(',', '')}${fraction === undefined ? '' : `.${fraction}`}`)
  if (multiplier === undefined) return value
  return value * (/^(k|thousand)$/i.test(multiplier) ? 1_000 : 1_000_000)
}

/**
 * Every money amount in a text with its currency: `$75`, `US$5`, `USD 1,200.50`, `40 euros`,
 * `€3.5k`, `5k dollars`, `$2 million`. The one money parser of Focal: Lane 1 binds reply amounts
 * with it and the sensor reads user amounts with it.
 */
export function extractMoneyMentions(text: string): MoneyMention[] {
  const sentence = sentenceOf(text)
  const mentions: MoneyMention[] = []
  for (const match of text.matchAll(moneyPattern)) {
    const [matched, symbol, w1, f1, s1, code, w2, f2, s2, w3, f3, s3, word] = match
    let value: number
    let currency: string
    if (w1 !== undefined) {
      value = toAmount(w1, f1, s1)
      currency = symbolCurrencies[symbol as string] as string
    } else if (w2 !== undefined) {
      value = toAmount(w2, f2, s2)
      currency = (code as string).toUpperCase()
    } else {
      value = toAmount(w3 as string, f3, s3)
      currency = moneyWordCurrencies[(word as string).toLowerCase()] as string
    }
    if (Number.isFinite(value))
      mentions.push({
        amount: value,
        currency,
        text: matched,
        sentence: sentence(match.index),
        index: match.index,
      })
  }
  return mentions
}
