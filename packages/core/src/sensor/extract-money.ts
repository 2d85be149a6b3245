import { extractMoneyMentions } from '../enforcement/extract-money-mentions.ts'
import type { MoneyEntity } from './types.ts'

/**
 * Every money amount in `text` with its currency (`$80`, `1,200.50 EUR`, `50 dollars`, `€3k`).
 * The same parser Lane 1 binds reply amounts with, so a user's "$80" and a reply's "$80" agree.
 */
export function extractMoney(text: string): MoneyEntity[] {
  return extractMoneyMentions(text).map(({ amount, currency, text: matched }) => ({
    value: amount,
    currency,
    text: matched,
  }))
}
