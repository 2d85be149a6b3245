import { matchEvery } from './match-every.ts'
import type { MoneyEntity } from './types.ts'

const symbols: Record<string, string> = { $: 'USD', '€': 'EUR', '£': 'GBP', '¥': 'JPY', '₹': 'INR' }
const words: Record<string, string> = {
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
  inr: 'INR',
  rupees: 'INR',
  cad: 'CAD',
  aud: 'AUD',
  chf: 'CHF',
}
// Bounded quantifiers keep every pattern linear in the text length (no polynomial backtracking).
const amount = String.raw`(\d{1,3}(?:,\d{3}){1,5}(?:\.\d{1,4})?|\d{1,15}(?:\.\d{1,4})?)(\s?[kK]\b)?`
const symbolPattern = new RegExp(String.raw`([$€£¥₹])\s?${amount}`, 'gu')
const codeBefore = new RegExp(String.raw`\b(USD|EUR|GBP|JPY|INR|CAD|AUD|CHF)\s?${amount}`, 'giu')
const wordAfter = new RegExp(
  String.raw`${amount}\s?(usd|eur|gbp|jpy|inr|cad|aud|chf|dollars?|bucks|euros?|pounds?|yen|rupees)\b`,
  'giu',
)

/** Every money amount in `text` with its currency (`$80`, `1,200.50 EUR`, `50 dollars`, `€3k`). */
export function extractMoney(text: string): MoneyEntity[] {
  const found: Array<MoneyEntity & { index: number }> = []
  const taken: Array<[number, number]> = []
  const add = (
    index: number,
    length: number,
    raw: string,
    thousands: string | undefined,
    currency: string,
  ) => {
    if (taken.some(([start, end]) => index < end && index + length > start)) return
    taken.push([index, index + length])
    const value = Number(raw.replaceAll(',', '')) * (thousands ? 1000 : 1)
    if (Number.isFinite(value))
      found.push({ value, currency, text: text.slice(index, index + length), index })
  }
  for (const match of matchEvery(symbolPattern, text))
    add(match.index, match[0].length, match[2]!, match[3], symbols[match[1]!]!)
  for (const match of matchEvery(codeBefore, text))
    add(match.index, match[0].length, match[2]!, match[3], match[1]!.toUpperCase())
  for (const match of matchEvery(wordAfter, text)) {
    add(match.index, match[0].length, match[1]!, match[2], words[match[3]!.toLowerCase()] ?? 'USD')
  }
  return found.sort((left, right) => left.index - right.index).map(({ index: _index, ...money }) => money)
}
